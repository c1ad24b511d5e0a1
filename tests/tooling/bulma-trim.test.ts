/**
 * Bulma's stylesheet as the build ships it (vite.config.ts trimBulma): the
 * plugin run on the real bulma.min.css keeps what the app's markup can use, drops what it cannot,
 * and keeps the dark theme.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import postcss from 'postcss';
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

  it('keeps the custom properties that a kept rule or the app reads, and drops the others', () => {
    const defined = (name: string) => new RegExp(`${name}:`);
    // Read by the button rules (through other variables), by the app's dialog stylesheet
    // (src/shared/dialog/modal.css), and by the tabs' (src/shared/tabs.css).
    for (const name of ['--bulma-primary-h', '--bulma-radius-large', '--bulma-text-weak']) {
      expect(css, name).toMatch(defined(name));
    }
    // Shades no rule reads, and the variables of components the app does not use.
    for (const name of ['--bulma-primary-05-invert', '--bulma-hero-body-padding']) {
      expect(original, name).toMatch(defined(name));
      expect(css, name).not.toMatch(defined(name));
    }
    // Every variable of :root that a kept declaration reads is still there (some component
    // variables are set only by modifier rules the app does not use, trimmed before).
    const onRoot = new Set<string>();
    postcss.parse(original).walkRules((rule) => {
      if (rule.selector.includes(':root')) rule.walkDecls((decl) => void onRoot.add(decl.prop));
    });
    const definedNames = new Set([...css.matchAll(/(--[\w-]+):/g)].map((m) => m[1]));
    const read = [...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!);
    expect(read.filter((name) => onRoot.has(name) && !definedNames.has(name))).toEqual([]);
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
