/**
 * Bulma's stylesheet as the build ships it (vite.config.ts trimBulma): the
 * plugin run on the real bulma.min.css keeps what the app's markup can use, drops what it cannot,
 * and keeps the dark theme.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { TransformResult } from 'vite';
import { describe, expect, it } from 'vitest';
import { trimBulma } from '../../vite.config';

const BULMA = `${process.cwd()}/node_modules/bulma/css/bulma.min.css`;

function trimmed(): string {
  const transform = trimBulma().transform as (code: string, id: string) => TransformResult;
  return transform(readFileSync(BULMA, 'utf8'), BULMA).code;
}

describe('trimmed Bulma', () => {
  const css = trimmed();
  const original = readFileSync(BULMA, 'utf8');

  it('keeps the components, modifiers and helpers the app uses', () => {
    // Each is written in src/ (layout header, dialogs, tables, forms, helpers).
    for (const selector of [
      '.navbar-burger',
      '.modal-card-body',
      '.button.is-primary',
      '.table.is-striped',
      '.select select',
      '.has-text-grey-dark',
      '.is-size-7',
      '.pagination-link.is-current',
    ]) {
      expect(css, selector).toContain(selector);
    }
  });

  it('drops what the app never uses, Bulma variables and the dark theme stay', () => {
    for (const absent of ['.hero', '.breadcrumb', '.skeleton-block', '[data-theme=dark]']) {
      expect(original, absent).toContain(absent);
      expect(css, absent).not.toContain(absent);
    }
    expect(css).toMatch(/@media \(prefers-color-scheme: ?dark\)/);
    expect(css).toContain('--bulma-primary-h');
  });

  it('is less than half the stylesheet, gzipped', () => {
    const gz = (text: string) => gzipSync(text, { level: 9 }).length;
    expect(gz(css)).toBeLessThan(gz(original) / 2);
  });
});
