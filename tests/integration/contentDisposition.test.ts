/**
 * Stored files never run as documents: the app's uploads (src/shared/upload.ts) carry
 * `Content-Disposition: attachment`, the Storage server sends it with every download of the file
 * and of its 200x200 copy (as Cloud Storage serves the `contentDisposition` metadata), and
 * storage.rules refuse an upload without it. Through the app's own Firebase app, signed in as a
 * back-office user, against the local backend.
 */
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { ref, uploadBytes } from 'firebase/storage';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, storage } from '@/shared/firebase';
import { resizedDownloadUrl, resizedPath, uploadFile } from '@/shared/upload';
import {
  adminApp,
  backend,
  createAccount,
  deleteAccount,
  uniqueEmail,
  type TestAccount,
} from '../support/backend';
import { TINY_PNG } from '../support/rulesMatrix';

let staff: TestAccount;

const bucket = () => getAdminStorage(adminApp()).bucket(backend.storageBucket);

beforeAll(async () => {
  staff = await createAccount({ email: uniqueEmail('disposition') });
  await signInWithEmailAndPassword(auth, staff.email, staff.password);
});

afterAll(async () => {
  await signOut(auth);
  for (const path of [`users/${staff.uid}.png`, `users/${staff.uid}_200x200.png`]) {
    await bucket().file(path).delete({ ignoreNotFound: true });
  }
  await deleteAccount(staff.uid);
});

describe('Content-Disposition of stored files', () => {
  it('a logo uploaded by the app downloads as an attachment, and so does its 200x200 copy', async () => {
    const path = `users/${staff.uid}.png`;
    const { downloadUrl } = await uploadFile(path, new Blob([TINY_PNG], { type: 'image/png' }));

    const original = await fetch(downloadUrl);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('content-disposition')).toBe(
      `attachment; filename*=utf-8''${staff.uid}.png`,
    );

    const resized = await fetch(await resizedDownloadUrl(path));
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-disposition')).toBe(
      `attachment; filename*=utf-8''${resizedPath(`${staff.uid}.png`)}`,
    );
  });

  it('an upload without it, or served inline, is refused by the rules', async () => {
    const path = `users/${staff.uid}.webp`;
    const target = ref(await storage(), path);
    for (const metadata of [
      { contentType: 'image/webp' },
      { contentType: 'image/webp', contentDisposition: 'inline' },
    ]) {
      await expect(uploadBytes(target, TINY_PNG, metadata)).rejects.toMatchObject({
        code: 'storage/unauthorized',
      });
    }
    expect((await bucket().file(path).exists())[0]).toBe(false);
  });
});
