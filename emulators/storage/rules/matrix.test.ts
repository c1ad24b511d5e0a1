import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteObject,
  getBytes,
  getMetadata,
  listAll,
  ref,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import type { StorageEmulator } from '../index';
import {
  BUCKET,
  errorCode,
  pngBytes,
  startTestEmulator,
  webClient,
  type MockUser,
  type WebClient,
} from '../testing/support';

/** The forms the product's storage.rules uses: custom admin claim, owner uid, image-only, < 2 MiB. */
const PRODUCT_LIKE_RULES = `rules_version = '2';
service firebase.storage {
  function signedIn() { return request.auth != null; }
  function isAdmin() { return signedIn() && request.auth.token.admin == true; }
  function isImage() { return request.resource.contentType.matches('image/.*'); }
  function smallEnough() { return request.resource.size < 2 * 1024 * 1024; }

  match /b/{bucket}/o {
    match /users/{uid}/{path=**} {
      function isOwner() { return signedIn() && request.auth.uid == uid; }
      allow read: if isOwner() || isAdmin();
      allow create, update: if (isOwner() || isAdmin()) && isImage() && smallEnough();
      allow delete: if isOwner() || isAdmin();
    }
    match /logos/{name} {
      allow read: if signedIn();
      allow write: if isAdmin() && (request.resource == null || (isImage() && smallEnough()));
    }
  }
}`;

const USERS = {
  signedOut: undefined,
  nonAdmin: { user_id: 'u2' },
  owner: { user_id: 'u1' },
  admin: { user_id: 'a1', admin: true },
} satisfies Record<string, MockUser | undefined>;
type Role = keyof typeof USERS;

let emulator: StorageEmulator;
const clients = {} as Record<Role, WebClient>;
let png: Uint8Array;

/** Seeds an object as the admin (`owner` token, rules bypassed). */
async function seed(name: string, body: Uint8Array, contentType = 'image/png'): Promise<void> {
  const response = await fetch(
    `${emulator.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { Authorization: 'Firebase owner', 'Content-Type': contentType },
      body: new Uint8Array(body).buffer as ArrayBuffer,
    },
  );
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  ({ emulator } = await startTestEmulator(PRODUCT_LIKE_RULES, {
    resizeConfigPath: '/nonexistent.env',
  }));
  for (const role of Object.keys(USERS) as Role[]) clients[role] = webClient(emulator, USERS[role]);
  png = await pngBytes(4, 4);
});

afterAll(async () => {
  await Promise.all(Object.values(clients).map((client) => client.close()));
  await emulator.stop();
});

beforeEach(async () => {
  await emulator.clear();
  await seed('users/u1/avatar.png', png);
  await seed('logos/acme.png', png);
});

const OK = 'resolved';
const DENIED = 'storage/unauthorized';

describe.each([
  // role, read own-file, write own-file, delete own-file, read logo, write logo, delete logo
  ['signedOut', DENIED, DENIED, DENIED, DENIED, DENIED, DENIED],
  ['nonAdmin', DENIED, DENIED, DENIED, OK, DENIED, DENIED],
  ['owner', OK, OK, OK, OK, DENIED, DENIED],
  ['admin', OK, OK, OK, OK, OK, OK],
] as const)('%s', (role, readUser, writeUser, deleteUser, readLogo, writeLogo, deleteLogo) => {
  const storage = () => clients[role].storage;

  it(`reads users/u1: ${readUser}`, async () => {
    expect(await errorCode(getMetadata(ref(storage(), 'users/u1/avatar.png')))).toBe(readUser);
    expect(await errorCode(getBytes(ref(storage(), 'users/u1/avatar.png')))).toBe(readUser);
  });
  it(`writes users/u1: ${writeUser}`, async () => {
    expect(
      await errorCode(
        uploadBytes(ref(storage(), 'users/u1/new.png'), png, { contentType: 'image/png' }),
      ),
    ).toBe(writeUser);
    // Overwriting is judged as "update".
    expect(
      await errorCode(
        uploadBytes(ref(storage(), 'users/u1/avatar.png'), png, { contentType: 'image/png' }),
      ),
    ).toBe(writeUser);
  });
  it(`deletes users/u1: ${deleteUser}`, async () => {
    expect(await errorCode(deleteObject(ref(storage(), 'users/u1/avatar.png')))).toBe(deleteUser);
  });
  it(`reads logos: ${readLogo}`, async () => {
    expect(await errorCode(getMetadata(ref(storage(), 'logos/acme.png')))).toBe(readLogo);
  });
  it(`writes logos: ${writeLogo}`, async () => {
    expect(
      await errorCode(
        uploadBytes(ref(storage(), 'logos/new.png'), png, { contentType: 'image/png' }),
      ),
    ).toBe(writeLogo);
  });
  it(`deletes logos: ${deleteLogo}`, async () => {
    expect(await errorCode(deleteObject(ref(storage(), 'logos/acme.png')))).toBe(deleteLogo);
  });
});

describe('content rules', () => {
  it('accepts images only', async () => {
    const owner = clients.owner.storage;
    expect(
      await errorCode(
        uploadString(ref(owner, 'users/u1/notes.txt'), 'text', 'raw', {
          contentType: 'text/plain',
        }),
      ),
    ).toBe(DENIED);
    expect(
      await errorCode(
        uploadBytes(ref(owner, 'users/u1/fake.png'), png, { contentType: 'application/pdf' }),
      ),
    ).toBe(DENIED);
    expect(
      await errorCode(
        uploadBytes(ref(owner, 'users/u1/real.png'), png, { contentType: 'image/png' }),
      ),
    ).toBe(OK);
  });

  it('enforces the size limit on multipart and resumable uploads, leaving nothing behind', async () => {
    const owner = clients.owner.storage;
    const justUnder = new Uint8Array(2 * 1024 * 1024 - 1);
    const limit = new Uint8Array(2 * 1024 * 1024);
    expect(
      await errorCode(
        uploadBytesResumable(ref(owner, 'users/u1/under.png'), justUnder, {
          contentType: 'image/png',
        }),
      ),
    ).toBe(OK);
    expect(
      await errorCode(
        uploadBytesResumable(ref(owner, 'users/u1/limit.png'), limit, { contentType: 'image/png' }),
      ),
    ).toBe(DENIED);
    expect(
      await errorCode(
        uploadBytes(ref(owner, 'users/u1/limit2.png'), limit, { contentType: 'image/png' }),
      ),
    ).toBe(DENIED);
    expect(await errorCode(getMetadata(ref(owner, 'users/u1/limit.png')))).toBe(
      'storage/object-not-found',
    );
    expect((await getMetadata(ref(owner, 'users/u1/under.png'))).size).toBe(justUnder.length);
  });

  it('refuses a resumable upload at start when the announced object breaks the rules', async () => {
    const token = (claims: object): string =>
      `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const start = (size: number, contentType: string) =>
      fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=users%2Fu1%2Fbig.png`, {
        method: 'POST',
        headers: {
          Authorization: `Firebase ${token({ user_id: 'u1', sub: 'u1' })}`,
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'start',
          'X-Goog-Upload-Header-Content-Length': String(size),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ contentType }),
      });
    expect((await start(3 * 1024 * 1024, 'image/png')).status).toBe(403);
    expect((await start(1000, 'text/plain')).status).toBe(403);
    const allowed = await start(1000, 'image/png');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('x-goog-upload-status')).toBe('active');
  });

  it('judges a denied read of a missing object as unauthorized, not not-found', async () => {
    expect(
      await errorCode(getMetadata(ref(clients.nonAdmin.storage, 'users/u1/missing.png'))),
    ).toBe(DENIED);
    expect(await errorCode(getMetadata(ref(clients.owner.storage, 'users/u1/missing.png')))).toBe(
      'storage/object-not-found',
    );
  });

  it('lists a folder only for those who may read it', async () => {
    expect(
      (await listAll(ref(clients.owner.storage, 'users/u1'))).items.map((item) => item.name),
    ).toEqual(['avatar.png']);
    expect((await listAll(ref(clients.admin.storage, 'users/u1'))).items).toHaveLength(1);
    expect(await errorCode(listAll(ref(clients.nonAdmin.storage, 'users/u1')))).toBe(DENIED);
    expect(await errorCode(listAll(ref(clients.signedOut.storage, 'logos')))).toBe(DENIED);
    expect(
      (await listAll(ref(clients.nonAdmin.storage, 'logos'))).items.map((item) => item.name),
    ).toEqual(['acme.png']);
  });

  it('maps a broken credential to storage/unauthenticated (401)', async () => {
    const response = await fetch(`${emulator.url}/v0/b/${BUCKET}/o/logos%2Facme.png`, {
      headers: { Authorization: 'Firebase not-a-jwt' },
    });
    expect(response.status).toBe(401);
    const weird = await fetch(`${emulator.url}/v0/b/${BUCKET}/o/logos%2Facme.png`, {
      headers: { Authorization: 'Basic abc' },
    });
    expect(weird.status).toBe(401);
  });

  it('reloads the rules file when it changes', async () => {
    const { emulator: other, rulesPath } = await startTestEmulator(PRODUCT_LIKE_RULES, {
      resizeConfigPath: '/nonexistent.env',
    });
    const client = webClient(other, { user_id: 'u9' });
    try {
      expect(await errorCode(uploadString(ref(client.storage, 'open/x.txt'), 'x'))).toBe(DENIED);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        rulesPath,
        `rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /open/{f} { allow read, write: if true; } } }`,
      );
      let code = DENIED as string;
      for (let i = 0; i < 50 && code !== OK; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        code = await errorCode(uploadString(ref(client.storage, 'open/x.txt'), 'x'));
      }
      expect(code).toBe(OK);
    } finally {
      await client.close();
      await other.stop();
    }
  });
});
