/**
 * Whether the Cloud Functions bundle needs building again (emulators/start.ts skips the build
 * when it does not).
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether functions/lib/index.js is newer than everything it was built from: each input esbuild
 * bundled (its metafile, functions/lib/meta.json, names them relative to functions/) and the
 * build's own configuration. False when either file is missing or an input is gone.
 */
export function functionsBundleIsCurrent(functionsDir: string): boolean {
  try {
    const built = fs.statSync(path.join(functionsDir, 'lib', 'index.js')).mtimeMs;
    const meta = JSON.parse(
      fs.readFileSync(path.join(functionsDir, 'lib', 'meta.json'), 'utf8'),
    ) as { inputs: Record<string, unknown> };
    const inputs = [...Object.keys(meta.inputs), 'package.json', 'tsconfig.json'];
    return inputs.every((input) => fs.statSync(path.join(functionsDir, input)).mtimeMs <= built);
  } catch {
    return false;
  }
}
