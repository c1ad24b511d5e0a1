/**
 * The files a record owns in Cloud Storage (spec section 3, Files): a user's logo, a student's or
 * tutor's photo, a tutor's CV. Their storage paths are derived from the record's id
 * (`{folder}/{id}.{ext}`), never taken from a stored URL (a forged URL must not make an admin's
 * save delete another record's file), and replacing one goes through one helper for every entity.
 */
import type { ProgressHandler } from './upload';

/**
 * One file field of a record.
 * - `field`: the record's URL field ('logoUrl', 'cvUrl');
 * - `folder`: the Storage folder (`users`, `students`, `tutors`, `tutor-cvs`);
 * - `resized`: the record keeps the 200x200 copy's URL (images, spec 3) instead of the file's.
 */
export interface OwnedFile {
  field: string;
  folder: string;
  resized: boolean;
}

/** New files for some of a record's file fields, by field name ('logoUrl' -> File). */
export type FileChanges = Partial<Record<string, File | null>>;

/** Extension of an uploaded file, kept in the stored name (spec section 3, Files). */
export function fileExtension(file: { name: string; type: string }): string {
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  if (fromName) return fromName.toLowerCase();
  return file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
}

/** Storage path of a record's file: `{folder}/{id}.{ext}`, e.g. `tutors/t1.png`. */
export function ownedFilePath(folder: string, id: string, file: { name: string; type: string }) {
  return `${folder}/${id}.${fileExtension(file)}`;
}

/**
 * Stores the given files of record `id`: for each, the old file (and its resized copy) named by
 * `current[field]` is deleted first when it is the record's own (shared/upload deleteStoredFile),
 * then the new one is uploaded and, for images, its 200x200 copy awaited. Deleting first matters:
 * with the same extension the old resized copy would be taken for the new one (a dead image).
 * @param current the stored record's URL fields, or null for a record without files yet.
 * @param onProgress upload progress 0..100 of the first file given (the one with a progress bar).
 * @returns the new URLs by field, only for the files given.
 * @throws the Storage SDK's error of the first failing upload.
 */
export async function storeOwnedFiles(
  owned: readonly OwnedFile[],
  id: string,
  current: Partial<Record<string, unknown>> | null,
  files: FileChanges,
  onProgress?: ProgressHandler,
): Promise<Record<string, string>> {
  const { deleteStoredFile, resizedDownloadUrl, uploadFile } = await import('./upload');
  const given = owned.filter((o) => files[o.field]);
  const urls = await Promise.all(
    given.map(async (o, index) => {
      const file = files[o.field] as File;
      const oldUrl = current?.[o.field];
      await deleteStoredFile(typeof oldUrl === 'string' ? oldUrl : null, { folder: o.folder, id });
      const uploaded = await uploadFile(
        ownedFilePath(o.folder, id, file),
        file,
        index === 0 ? onProgress : undefined,
      );
      return [
        o.field,
        o.resized ? await resizedDownloadUrl(uploaded.fullPath) : uploaded.downloadUrl,
      ] as const;
    }),
  );
  return Object.fromEntries(urls);
}

/**
 * Deletes every file record `id` owns (on record deletion), each only when its stored URL names
 * the record's own file.
 */
export async function deleteOwnedFiles(
  owned: readonly OwnedFile[],
  id: string,
  current: Partial<Record<string, unknown>> | null,
): Promise<void> {
  const { deleteStoredFile } = await import('./upload');
  await Promise.all(
    owned.map((o) => {
      const url = current?.[o.field];
      return deleteStoredFile(typeof url === 'string' ? url : null, { folder: o.folder, id });
    }),
  );
}
