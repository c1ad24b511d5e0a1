/**
 * The confused deputy (an admin's own action turned on a file the record does not own), as the
 * app itself runs it: an admin replaces or deletes a record's image through src/shared/upload.ts
 * (the code the user, student and tutor forms use), signed in through the app's own Firebase app,
 * while the record's stored URL names a file the record does not own (a tutor's CV, another
 * user's logo). Only the record's own
 * `{folder}/{id}.{ext}` and its `_200x200` copy may go; everything else stays.
 */
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@/shared/firebase';
import { deleteStoredFile, replaceImage } from '@/shared/upload';
import {
  adminApp,
  backend,
  createAccount,
  deleteAccount,
  uniqueEmail,
  uniqueId,
  type TestAccount,
} from '../support/backend';
import { TINY_PNG } from '../support/rulesMatrix';

let admin: TestAccount;
const written: string[] = [];

const bucket = () => getAdminStorage(adminApp()).bucket(backend.storageBucket);
const exists = async (path: string) => (await bucket().file(path).exists())[0];

/** Stores `path` with admin rights and returns its download URL as the emulator gives it. */
async function stored(path: string, contentType = 'image/png'): Promise<string> {
  written.push(path);
  await bucket()
    .file(path)
    .save(Buffer.from(contentType === 'image/png' ? TINY_PNG : Buffer.from('%PDF-1.4')), {
      contentType,
      metadata: { metadata: { firebaseStorageDownloadTokens: 'deputy-token' } },
    });
  return `http://${backend.storage.host}:${backend.storage.port}/v0/b/${backend.storageBucket}/o/${encodeURIComponent(path)}?alt=media&token=deputy-token`;
}

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('deputy-admin'), isAdmin: true });
  await signInWithEmailAndPassword(auth, admin.email, admin.password);
});

afterAll(async () => {
  await signOut(auth);
  await Promise.all(written.map((path) => bucket().file(path).delete({ ignoreNotFound: true })));
  await deleteAccount(admin.uid);
});

describe("the app's deletes, with an admin's rights", () => {
  it("deleting a user whose logoUrl names a tutor's CV or another user's logo deletes neither", async () => {
    const id = uniqueId('deputy');
    const cvUrl = await stored(`tutor-cvs/${uniqueId('cv')}.pdf`, 'application/pdf');
    const otherLogo = `users/${uniqueId('other')}.png`;
    const otherUrl = await stored(otherLogo);
    const otherResizedUrl = await stored(otherLogo.replace('.png', '_200x200.png'));

    for (const url of [cvUrl, otherUrl, otherResizedUrl]) {
      await deleteStoredFile(url, { folder: 'users', id });
    }
    for (const path of written) expect(await exists(path), path).toBe(true);
  });

  it("the user's own logo and its resized copy are deleted (the check above can fail)", async () => {
    const id = uniqueId('deputy');
    await stored(`users/${id}.png`);
    const ownResized = await stored(`users/${id}_200x200.png`);
    await deleteStoredFile(ownResized, { folder: 'users', id });
    expect(await exists(`users/${id}.png`)).toBe(false);
    expect(await exists(`users/${id}_200x200.png`)).toBe(false);
  });

  it("replacing a student's photo whose logoUrl names a CV uploads the new photo and keeps the CV", async () => {
    const id = uniqueId('deputy');
    const cv = `tutor-cvs/${uniqueId('cv')}.pdf`;
    const cvUrl = await stored(cv, 'application/pdf');
    written.push(`students/${id}.png`, `students/${id}_200x200.png`);
    const photo = new File([TINY_PNG], 'photo.png', { type: 'image/png' });

    const url = await replaceImage({ folder: 'students', id }, cvUrl, `students/${id}.png`, photo);

    expect(url).toContain(`students%2F${id}_200x200.png`);
    expect(await exists(cv)).toBe(true);
  });
});
