/**
 * Import and export of namespace data, in the spirit of the official emulator's
 * `--import`/`--export-on-exit`: one JSON file per namespace, `<dir>/<ns>.json`, in export format
 * (priorities kept). Files are written to a temporary name and renamed into place, so a crash
 * leaves either the previous file or the complete new one, never a partial export.
 */
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DataNode, nodeFromJSON, nodeToJSON } from './tree/node.js';

/** Namespace names we accept as file names (same alphabet as database names). */
const NS_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Reads every `<ns>.json` in `dir`.
 * @returns map of namespace → root node; a missing directory yields an empty map
 * @throws Error naming the file when one is not valid JSON or holds invalid data
 */
export async function importDirectory(dir: string): Promise<Map<string, DataNode | null>> {
  const out = new Map<string, DataNode | null>();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return out;
    throw err;
  }
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const ns = name.slice(0, -5);
    if (!NS_NAME.test(ns)) continue;
    const file = join(dir, name);
    try {
      out.set(ns, nodeFromJSON(JSON.parse(await readFile(file, 'utf8'))));
    } catch (err) {
      throw new Error(`Cannot import ${file}: ${(err as Error).message}`);
    }
  }
  return out;
}

/** Writes one file atomically: temp file in the same directory, then rename. */
async function writeFileAtomic(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}

/** Writes `<dir>/<ns>.json` for every namespace (creating `dir`). */
export async function exportDirectory(
  dir: string,
  data: Map<string, DataNode | null>,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [ns, root] of data) {
    if (!NS_NAME.test(ns)) continue;
    await writeFileAtomic(join(dir, `${ns}.json`), JSON.stringify(nodeToJSON(root, true)));
  }
}
