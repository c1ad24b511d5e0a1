import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredObject } from './metadata';
import type { ObjectStore } from './store';

/** Sub-folder of an export directory holding this emulator's data (the database uses its own). */
const FOLDER = 'storage';
const FORMAT_VERSION = 1;

/** `<dir>/storage/metadata.json`: every object's metadata; bytes are in `blobs/<blobId>`. */
interface ExportFile {
  version: number;
  exportedAt: string;
  objects: StoredObject[];
}

/**
 * Writes every object to `<dir>/storage/` (`metadata.json` + `blobs/`).
 *
 * Atomic as a whole: everything is written into a fresh sibling folder first, then swapped in by
 * renames, so an interrupted export leaves the previous one intact (import also falls back to the
 * previous folder if a crash hit between the two renames).
 */
export async function exportStore(store: ObjectStore, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = join(dir, FOLDER);
  const staging = join(dir, `${FOLDER}.tmp-${randomUUID()}`);
  try {
    await mkdir(join(staging, 'blobs'), { recursive: true });
    const objects = [...store.all()];
    for (const object of objects)
      await copyFile(store.blobPath(object), join(staging, 'blobs', object.blobId));
    const file: ExportFile = {
      version: FORMAT_VERSION,
      exportedAt: new Date().toISOString(),
      objects,
    };
    await writeFile(join(staging, 'metadata.json'), JSON.stringify(file, null, 1));
    const previous = join(dir, `${FOLDER}.old-${randomUUID()}`);
    const hadPrevious = await rename(target, previous).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    await rename(staging, target);
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Loads an export made by `exportStore` into an empty store. A missing export is not an error
 * (first run with `--import`); a corrupt one is.
 *
 * @returns the number of objects imported.
 * @throws Error when metadata.json is unreadable or of an unknown version.
 */
export async function importStore(store: ObjectStore, dir: string): Promise<number> {
  const source = await findExport(dir);
  if (!source) return 0;
  const file = JSON.parse(await readFile(join(source, 'metadata.json'), 'utf8')) as ExportFile;
  if (file.version !== FORMAT_VERSION || !Array.isArray(file.objects)) {
    throw new Error(
      `${join(source, 'metadata.json')} is not a version ${FORMAT_VERSION} storage export`,
    );
  }
  for (const object of file.objects)
    await store.restore(object, join(source, 'blobs', object.blobId));
  return file.objects.length;
}

async function findExport(dir: string): Promise<string | undefined> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  if (entries.includes(FOLDER)) return join(dir, FOLDER);
  // Crash between the two renames of an export: the previous export is still complete.
  const previous = entries.find((entry) => entry.startsWith(`${FOLDER}.old-`));
  return previous ? join(dir, previous) : undefined;
}
