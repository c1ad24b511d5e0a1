/**
 * storage.rules through `@firebase/rules-unit-testing` written as its documentation writes it
 * (firebase.google.com/docs/rules/unit-tests): `initializeTestEnvironment` loads the rules (our
 * Storage server's `PUT /internal/setRules`), data is arranged inside
 * `withSecurityRulesDisabled`, users are `authenticatedContext`s carrying the custom claims the
 * functions set (`staff`, `admin`), and `clearStorage` empties the bucket between cases.
 *
 * The environment's project id is this file's own, so its default bucket (`gs://<project id>`)
 * holds nothing another file uses and `clearStorage` wipes nothing they rely on. The rules it
 * loads are the project's storage.rules, the ones every bucket of the shared backend already has.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteObject, getBytes, listAll, ref, uploadBytes } from 'firebase/storage';
import { backend } from '../support/backend';
import { TINY_PNG } from '../support/rulesTable';

/** How the app uploads a logo (src/shared/upload.ts): a raster image, served as an attachment. */
const LOGO = { contentType: 'image/png', contentDisposition: 'attachment' };

let testEnv: RulesTestEnvironment;

beforeAll(async () => {
  testEnv = await initializeTestEnvironment({
    projectId: `demo-storage-rut-${randomUUID().slice(0, 8)}`,
    storage: {
      host: backend.storage.host,
      port: backend.storage.port,
      rules: readFileSync(new URL('../../storage.rules', import.meta.url), 'utf8'),
    },
  });
});

beforeEach(async () => {
  await testEnv.clearStorage();
});

afterAll(async () => {
  await testEnv.cleanup();
});

/** A fresh uid per case, so cases never share a logo (clearStorage only empties the root). */
const newUid = () => randomUUID().replaceAll('-', '').slice(0, 20);

describe('storage.rules through rules-unit-testing', () => {
  it('a staff member uploads their own logo, not somebody else’s; signed out uploads nothing', async () => {
    const uid = newUid();
    const staff = testEnv.authenticatedContext(uid, { staff: true });
    await assertSucceeds(uploadBytes(ref(staff.storage(), `users/${uid}.png`), TINY_PNG, LOGO));
    await assertFails(uploadBytes(ref(staff.storage(), `users/${newUid()}.png`), TINY_PNG, LOGO));
    const signedOut = testEnv.unauthenticatedContext();
    await assertFails(uploadBytes(ref(signedOut.storage(), `users/${uid}.png`), TINY_PNG, LOGO));
  });

  it('without the staff claim (a student) nothing is stored, even under one’s own uid', async () => {
    const uid = newUid();
    const student = testEnv.authenticatedContext(uid, { userType: 'student' });
    await assertFails(uploadBytes(ref(student.storage(), `users/${uid}.png`), TINY_PNG, LOGO));
  });

  it('a logo set up with rules disabled is read by any signed-in user, deleted by its owner or an admin', async () => {
    const [owner, other] = [newUid(), newUid()];
    const logo = `users/${owner}.png`;
    await testEnv.withSecurityRulesDisabled(async (context) => {
      await uploadBytes(ref(context.storage(), logo), TINY_PNG, LOGO);
    });
    const reader = testEnv.authenticatedContext(other, { userType: 'student' });
    const bytes = await assertSucceeds(getBytes(ref(reader.storage(), logo)));
    expect(new Uint8Array(bytes)).toEqual(TINY_PNG);
    await assertFails(getBytes(ref(testEnv.unauthenticatedContext().storage(), logo)));

    const staff = testEnv.authenticatedContext(other, { staff: true });
    await assertFails(deleteObject(ref(staff.storage(), logo)));
    const admin = testEnv.authenticatedContext(newUid(), { staff: true, admin: true });
    await assertSucceeds(deleteObject(ref(admin.storage(), logo)));
  });

  it('only the admin claim lists the logos folder, which names every uid', async () => {
    const uid = newUid();
    await testEnv.withSecurityRulesDisabled(async (context) => {
      await uploadBytes(ref(context.storage(), `users/${uid}.png`), TINY_PNG, LOGO);
    });
    const staff = testEnv.authenticatedContext(uid, { staff: true });
    await assertFails(listAll(ref(staff.storage(), 'users')));
    const admin = testEnv.authenticatedContext(newUid(), { staff: true, admin: true });
    const listing = await assertSucceeds(listAll(ref(admin.storage(), 'users')));
    expect(listing.items.map((item) => item.fullPath)).toContain(`users/${uid}.png`);
  });

  it('clearStorage empties the bucket’s root (what it lists and deletes)', async () => {
    await testEnv.withSecurityRulesDisabled(async (context) => {
      await uploadBytes(ref(context.storage(), 'leftover.txt'), new Uint8Array([1, 2, 3]));
    });
    await testEnv.clearStorage();
    await testEnv.withSecurityRulesDisabled(async (context) => {
      expect((await listAll(ref(context.storage()))).items).toEqual([]);
    });
  });
});
