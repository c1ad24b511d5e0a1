import { mkdirSync, mkdtempSync, utimesSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { functionsBundleIsCurrent } from './functionsBundle';

/** A functions/ folder with one source, its configuration and (optionally) a built bundle. */
function functionsDir(built: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'functions-bundle-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'lib'));
  for (const file of ['src/index.ts', 'package.json', 'tsconfig.json'])
    writeFileSync(join(dir, file), '');
  if (built) {
    writeFileSync(join(dir, 'lib/index.js'), '');
    writeFileSync(join(dir, 'lib/meta.json'), JSON.stringify({ inputs: { 'src/index.ts': {} } }));
  }
  dirs.push(dir);
  return dir;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Sets a file's modification time to `seconds` since the epoch. */
const touch = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe('functionsBundleIsCurrent', () => {
  it('is true when the bundle is newer than every input and the configuration', () => {
    const dir = functionsDir(true);
    for (const file of ['src/index.ts', 'package.json', 'tsconfig.json'])
      touch(join(dir, file), 1000);
    touch(join(dir, 'lib/index.js'), 2000);
    expect(functionsBundleIsCurrent(dir)).toBe(true);
  });

  it.each(['src/index.ts', 'package.json', 'tsconfig.json'])(
    'is false when %s changed after',
    (file) => {
      const dir = functionsDir(true);
      for (const f of ['src/index.ts', 'package.json', 'tsconfig.json']) touch(join(dir, f), 1000);
      touch(join(dir, 'lib/index.js'), 2000);
      touch(join(dir, file), 3000);
      expect(functionsBundleIsCurrent(dir)).toBe(false);
    },
  );

  it('is false with no bundle, no metafile, or an input that is gone', () => {
    expect(functionsBundleIsCurrent(functionsDir(false))).toBe(false);
    const noMeta = functionsDir(true);
    rmSync(join(noMeta, 'lib/meta.json'));
    expect(functionsBundleIsCurrent(noMeta)).toBe(false);
    const gone = functionsDir(true);
    rmSync(join(gone, 'src/index.ts'));
    expect(functionsBundleIsCurrent(gone)).toBe(false);
  });
});
