/**
 * File uploads to Cloud Storage for Firebase with progress, and the 200x200 copies made by the
 * "Resize Images" extension (firebase.json, extensions/storage-resize-images.env; spec section 3,
 * Files: "the displayed logo address points to the 200x200 resized copy").
 */
import { storage } from './firebase';

/** Progress of an upload, 0..100 (percent of bytes transferred). */
export type ProgressHandler = (percent: number) => void;

/**
 * The `Content-Disposition` every upload carries: `attachment`, so that opening a download URL
 * saves the file instead of rendering it as a page (a stored file must never run as a document
 * under the bucket's origin; `<img>` ignores the header, so the app's own display is unchanged).
 * The file name is the object's own (`{id}.{ext}`), never the uploader's. storage.rules refuse
 * uploads without it; the resize extension copies it to the 200x200 copy.
 */
export function attachmentDisposition(path: string): string {
  return `attachment; filename*=utf-8''${encodeURIComponent(path.slice(path.lastIndexOf('/') + 1))}`;
}

/**
 * Uploads `file` to `path` with a resumable upload, reporting progress, served as an attachment
 * ({@link attachmentDisposition}).
 * @returns the object's full path and its download URL.
 * @throws the Storage SDK's error (codes 'storage/unauthorized', 'storage/unauthenticated',
 *   'storage/canceled', ...), mapped for display by shared/errors.
 */
export async function uploadFile(
  path: string,
  file: Blob,
  onProgress?: ProgressHandler,
): Promise<{ fullPath: string; downloadUrl: string }> {
  const s = await storage();
  const { ref, uploadBytesResumable, getDownloadURL } = await import('firebase/storage');
  const task = uploadBytesResumable(ref(s, path), file, {
    contentType: file.type || undefined,
    contentDisposition: attachmentDisposition(path),
  });
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snap) => onProgress?.(snap.totalBytes ? (snap.bytesTransferred / snap.totalBytes) * 100 : 0),
      reject,
      () => resolve(),
    );
  });
  onProgress?.(100);
  return {
    fullPath: task.snapshot.ref.fullPath,
    downloadUrl: await getDownloadURL(task.snapshot.ref),
  };
}

/**
 * The object path of the resized copy the extension writes beside the original, with its
 * naming: `users/abc.png` -> `users/abc_200x200.png` (extension option RESIZED_IMAGES_PATH empty,
 * IMAGE_TYPE false, so the type and extension are kept).
 */
export function resizedPath(path: string, size = '200x200'): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash) return `${path}_${size}`;
  return `${path.slice(0, dot)}_${size}${path.slice(dot)}`;
}

/**
 * Waits until the resized copy of `path` exists (the extension runs after the upload, a few
 * hundred milliseconds locally, seconds in production) and returns its download URL.
 * @param timeoutMs gives up after this many milliseconds and rejects with the last error.
 */
export async function resizedDownloadUrl(path: string, timeoutMs = 30_000): Promise<string> {
  const s = await storage();
  const { ref, getDownloadURL } = await import('firebase/storage');
  const target = ref(s, resizedPath(path));
  const deadline = Date.now() + timeoutMs;
  for (let delay = 200; ; delay = Math.min(delay * 2, 2000)) {
    try {
      return await getDownloadURL(target);
    } catch (error) {
      if ((error as { code?: string }).code !== 'storage/object-not-found') throw error;
      if (Date.now() + delay > deadline) throw error;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/**
 * Whether `url` is a download URL of this project's storage bucket (spec section 4: "A logo is
 * deleted only when its stored address is in the file storage"); external URLs are left alone.
 */
export function isProjectStorageUrl(url: string | null | undefined, bucket: string): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.pathname.includes(`/b/${bucket}/o/`);
  } catch {
    return false;
  }
}

/**
 * Deletes a record's own stored file and its resized copy, found through the record's download URL,
 * but only when that URL names the file the record owns: `{folder}/{id}.{ext}` or its `_200x200`
 * copy in the project's bucket. The paths are derived from the record's id, never trusted from the
 * URL (otherwise a user could point their logoUrl at a tutor's CV and have an admin's replace or
 * delete remove it). Anything else is left alone; a file already gone counts as deleted.
 * @param owner the folder ('users', 'students', 'tutors', 'tutor-cvs') and the record's id.
 */
export async function deleteStoredFile(
  url: string | null | undefined,
  owner: { folder: string; id: string },
): Promise<void> {
  const s = await storage();
  if (!url || !isProjectStorageUrl(url, s.app.options.storageBucket ?? '')) return;
  const { ref, deleteObject } = await import('firebase/storage');
  const original = ref(s, url).fullPath.replace(/_200x200(\.[^./]+)?$/, '$1');
  const own = /^([^/]+)\/([^/]+)\.[A-Za-z0-9]+$/.exec(original);
  if (!own || own[1] !== owner.folder || own[2] !== owner.id) return;
  await Promise.all(
    [original, resizedPath(original)].map((p) =>
      deleteObject(ref(s, p)).catch((error: { code?: string }) => {
        if (error.code !== 'storage/object-not-found') throw error;
      }),
    ),
  );
}

/**
 * Replaces a record's image (spec 3, Files): deletes the old file and its resized copy first (only
 * when the stored URL names the record's own file, see deleteStoredFile), uploads the new one, and
 * waits for its 200x200 copy. Deleting first matters: with the same extension the old resized copy
 * would otherwise be taken for the new one, and its URL stops working when the resize overwrites it
 * (a dead image three seconds later).
 * @returns the new resized copy's download URL, the address the record keeps.
 */
export async function replaceImage(
  owner: { folder: string; id: string },
  oldUrl: string | null | undefined,
  path: string,
  file: File,
  onProgress?: ProgressHandler,
): Promise<string> {
  await deleteStoredFile(oldUrl, owner);
  const { fullPath } = await uploadFile(path, file, onProgress);
  return resizedDownloadUrl(fullPath);
}
