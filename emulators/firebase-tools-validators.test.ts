/**
 * firebase-tools-validators.cjs: the exegesis that firebase-tools' Auth emulator loads compiles
 * its validators on first use once the launcher has called it, and nothing else changes (an
 * explicit choice still wins; a second call changes nothing). Fails when a firebase-tools upgrade
 * moves exegesis, so the slower start does not go unnoticed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { compileAuthValidatorsOnFirstUse } = require('./firebase-tools-validators.cjs') as {
  compileAuthValidatorsOnFirstUse(toolsDir: string): boolean;
};

const toolsDir = path.dirname(require.resolve('firebase-tools/package.json'));

/** exegesis's options module as firebase-tools resolves it (through exegesis-express). */
function exegesisOptions(): { compileOptions(given: object): Record<string, unknown> } {
  const express = require.resolve('exegesis-express/package.json', { paths: [toolsDir] });
  const exegesis = require.resolve('exegesis/package.json', { paths: [path.dirname(express)] });
  return require(path.join(path.dirname(exegesis), 'lib/options.js'));
}

describe('compileAuthValidatorsOnFirstUse', () => {
  const options = exegesisOptions();
  const original = options.compileOptions;
  afterEach(() => {
    options.compileOptions = original;
  });

  it('makes exegesis compile on first use by default, in the module firebase-tools loads', () => {
    expect(options.compileOptions({}).lazyCompileValidationSchemas).toBe(false);
    expect(compileAuthValidatorsOnFirstUse(toolsDir)).toBe(true);
    expect(options.compileOptions({}).lazyCompileValidationSchemas).toBe(true);
    // The rest of what firebase-tools passes is compiled as before.
    expect(options.compileOptions({ allErrors: true }).allErrors).toBe(true);
  });

  it('keeps an explicit choice, and a second call wraps nothing twice', () => {
    compileAuthValidatorsOnFirstUse(toolsDir);
    const once = options.compileOptions;
    expect(compileAuthValidatorsOnFirstUse(toolsDir)).toBe(true);
    expect(options.compileOptions).toBe(once);
    expect(
      options.compileOptions({ lazyCompileValidationSchemas: false }).lazyCompileValidationSchemas,
    ).toBe(false);
  });

  it('changes nothing and says so where there is no firebase-tools', () => {
    expect(compileAuthValidatorsOnFirstUse('/nonexistent')).toBe(false);
    expect(options.compileOptions).toBe(original);
  });
});
