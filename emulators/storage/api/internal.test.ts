/**
 * The control API (`/internal/*`) as firebase-tools' Storage emulator answers it, driven by
 * Google's own client of it, `@firebase/rules-unit-testing` (setRules), and by raw requests for
 * the exact statuses and bodies of firebase-tools 15's `lib/emulator/storage/server.js`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { getBytes, ref, uploadBytes } from 'firebase/storage';
import { startStorageEmulator, type StorageEmulator } from '../index';
import { errorCode, startTestEmulator, webClient } from '../testing/support';
import { RULES_UPDATE_FAILED } from './internal';

const DENY_ALL = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{path=**} { allow read, write: if false; }
  }
}`;

/** Signed-in users write their own folder; admins (custom claim) write anything. */
const OWN_FOLDER = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /people/{uid}/{file} {
      allow read: if request.auth != null;
      allow write: if request.auth.uid == uid || request.auth.token.admin == true;
    }
  }
}`;

const OPEN = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{path=**} { allow read, write: if true; }
  }
}`;

const BYTES = new TextEncoder().encode('hello');

let emulator: StorageEmulator;
let rulesPath: string;
let logs: string[];
const environments: RulesTestEnvironment[] = [];

beforeAll(async () => {
  ({ emulator, rulesPath, logs } = await startTestEmulator(DENY_ALL, {
    resizeConfigPath: '/nonexistent.env',
  }));
});

afterAll(() => emulator.stop());

// The rules file is left alone here: a write would reload it (polled every 200 ms) while a case
// runs on rules set through the API. Only the case about the file changes it.
beforeEach(async () => {
  await putRules(DENY_ALL);
  await emulator.clear();
});

afterEach(async () => {
  await Promise.all(environments.splice(0).map((env) => env.cleanup()));
});

async function environment(
  rules: string,
  projectId = 'demo-control',
): Promise<RulesTestEnvironment> {
  const env = await initializeTestEnvironment({
    projectId,
    storage: { host: emulator.host, port: emulator.port, rules },
  });
  environments.push(env);
  return env;
}

async function send(
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; text: string; type: string | null }> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    body,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
  return {
    status: response.status,
    text: await response.text(),
    type: response.headers.get('content-type'),
  };
}

async function putRules(content: string): Promise<void> {
  const response = await send(
    'PUT',
    '/internal/setRules',
    JSON.stringify({ rules: { files: [{ name: 'storage.rules', content }] } }),
  );
  expect(response.status).toBe(200);
}

describe('PUT /internal/setRules', () => {
  it('is what initializeTestEnvironment calls: its rules judge the next request', async () => {
    const env = await environment(OWN_FOLDER);
    // The compat SDK's upload task is a thenable; the assertions take a promise.
    const put = (storage: ReturnType<RulesTestContext['storage']>, path: string) =>
      Promise.resolve(storage.ref(path).put(BYTES));
    const alice = env.authenticatedContext('alice').storage();
    await assertSucceeds(put(alice, 'people/alice/a.txt'));
    await assertFails(put(alice, 'people/bob/a.txt'));
    const admin = env.authenticatedContext('root', { admin: true }).storage();
    await assertSucceeds(put(admin, 'people/bob/a.txt'));
    await assertFails(env.unauthenticatedContext().storage().ref('people/bob/a.txt').getMetadata());
  });

  it("answers 200 with firebase-tools' body and replaces the rules of every bucket at once", async () => {
    const alice = webClient(emulator, { user_id: 'alice' }, 'other-bucket.appspot.com');
    try {
      expect(await errorCode(uploadBytes(ref(alice.storage, 'people/alice/x'), BYTES))).toBe(
        'storage/unauthorized',
      );
      const response = await send(
        'PUT',
        '/internal/setRules',
        JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: OWN_FOLDER }] } }),
      );
      expect(response).toEqual({
        status: 200,
        text: JSON.stringify({ message: 'Rules updated successfully' }),
        type: 'application/json; charset=utf-8',
      });
      expect(await errorCode(uploadBytes(ref(alice.storage, 'people/alice/x'), BYTES))).toBe(
        'resolved',
      );
    } finally {
      await alice.close();
    }
  });

  it('answers a syntax error 400 {message} as firebase-tools, and keeps the rules in force', async () => {
    await putRules(OPEN);
    const broken = OPEN.replace('if true;', 'if true');
    const response = await send(
      'PUT',
      '/internal/setRules',
      JSON.stringify({ rules: { files: [{ name: 'my.rules', content: broken }] } }),
    );
    expect(response.status).toBe(400);
    const body = JSON.parse(response.text) as { message: string; errors: string[] };
    expect(body.message).toBe(RULES_UPDATE_FAILED);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatch(/^my\.rules:4: /);
    expect(logs.some((line) => line.includes('my.rules:4:'))).toBe(true);
    // The open rules still answer.
    const anyone = webClient(emulator);
    try {
      expect(await errorCode(uploadBytes(ref(anyone.storage, 'a/b'), BYTES))).toBe('resolved');
    } finally {
      await anyone.close();
    }
    // rules-unit-testing turns the 400 into a rejection carrying the body.
    await expect(environment(broken)).rejects.toThrow(RULES_UPDATE_FAILED);
  });

  it.each([
    ['no body', undefined, "Request body must include 'rules.files' array"],
    ['no rules', '{}', "Request body must include 'rules.files' array"],
    [
      'an empty files array',
      '{"rules":{"files":[]}}',
      "Request body must include 'rules.files' array",
    ],
    [
      'a file without content',
      '{"rules":{"files":[{"name":"storage.rules"}]}}',
      "Each member of 'rules.files' array must contain 'name' and 'content'",
    ],
    [
      'two files, one without resource',
      JSON.stringify({
        rules: {
          files: [
            { name: 'a.rules', content: OPEN, resource: 'a' },
            { name: 'b.rules', content: OPEN },
          ],
        },
      }),
      "Each member of 'rules.files' array must contain 'name', 'content', and 'resource'",
    ],
  ])("answers %s with 400 and firebase-tools' message", async (_case, body, message) => {
    const response = await send('PUT', '/internal/setRules', body);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({ message });
  });

  it('answers a body that is not JSON with 400', async () => {
    expect(await send('PUT', '/internal/setRules', '{rules')).toMatchObject({ status: 400 });
  });

  it('with several files, gives each bucket named in resource its own rules; others are denied', async () => {
    const response = await send(
      'PUT',
      '/internal/setRules',
      JSON.stringify({
        rules: {
          files: [
            { name: 'open.rules', content: OPEN, resource: 'open-bucket' },
            { name: 'closed.rules', content: DENY_ALL, resource: 'closed-bucket' },
          ],
        },
      }),
    );
    expect(response.status).toBe(200);
    const outcomes: Record<string, string> = {};
    for (const bucket of ['open-bucket', 'closed-bucket', 'unnamed-bucket']) {
      const client = webClient(emulator, { user_id: 'u1' }, bucket);
      outcomes[bucket] = await errorCode(uploadBytes(ref(client.storage, 'f.txt'), BYTES));
      await client.close();
    }
    expect(outcomes).toEqual({
      'open-bucket': 'resolved',
      'closed-bucket': 'storage/unauthorized',
      'unnamed-bucket': 'storage/unauthorized',
    });
  });

  it('gives way to a later change of the rules file (whichever came last is in force)', async () => {
    await putRules(OPEN);
    const client = webClient(emulator, { user_id: 'u1' });
    try {
      expect(await errorCode(uploadBytes(ref(client.storage, 'f.txt'), BYTES))).toBe('resolved');
      // Still denies everything: the cases after this one see the same rules from the file.
      writeFileSync(rulesPath, `${DENY_ALL}\n// edited\n`);
      const deadline = Date.now() + 5_000;
      let outcome = 'resolved';
      while (outcome === 'resolved' && Date.now() < deadline) {
        outcome = await errorCode(getBytes(ref(client.storage, 'f.txt')));
      }
      expect(outcome).toBe('storage/unauthorized');
    } finally {
      await client.close();
    }
  });
});

describe('POST /internal/reset and /internal/export', () => {
  it('reset drops every object (what clearStorage would list is gone too)', async () => {
    const env = await environment(OPEN);
    await env.withSecurityRulesDisabled(async (owner) => {
      await owner.storage().ref('a.txt').put(BYTES);
    });
    expect(await send('POST', '/internal/reset')).toMatchObject({ status: 200, text: '' });
    await env.withSecurityRulesDisabled(async (owner) => {
      expect((await owner.storage().ref().listAll()).items).toHaveLength(0);
    });
  });

  it("export writes what --import reads; without path it is 400 with firebase-tools' text", async () => {
    const env = await environment(OPEN);
    await env.withSecurityRulesDisabled(async (owner) => {
      await owner.storage().ref('kept/a.txt').put(BYTES);
    });
    const dir = await mkdtemp(join(tmpdir(), 'storage-export-'));
    expect(
      await send('POST', '/internal/export', JSON.stringify({ path: dir, initiatedBy: 'test' })),
    ).toMatchObject({ status: 200, text: 'OK' });
    expect(existsSync(join(dir, 'storage', 'metadata.json'))).toBe(true);
    expect(readFileSync(join(dir, 'storage', 'metadata.json'), 'utf8')).toContain('kept/a.txt');

    const second = await startStorageEmulator({
      port: 0,
      importDir: dir,
      rulesPath,
      resizeConfigPath: '/nonexistent.env',
      log: () => undefined,
    });
    try {
      const response = await fetch(`${second.url}/v0/b/demo-control/o/kept%2Fa.txt?alt=media`, {
        headers: { Authorization: 'Firebase owner' },
      });
      expect(await response.text()).toBe('hello');
    } finally {
      await second.stop();
    }

    expect(await send('POST', '/internal/export', '{}')).toEqual({
      status: 400,
      text: "Export request body must include 'path'.",
      type: 'text/plain; charset=utf-8',
    });
  });
});
