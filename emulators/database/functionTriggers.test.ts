/**
 * Which writes reach which database triggers (functionTriggers.ts), through the server's REST API
 * with a Functions emulator stand-in that records what it is sent: a write is matched only against
 * the triggers that can watch its top-level key (the lookup the server keeps per namespace and
 * key), and that lookup follows registration, re-registration, removal and namespaces.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from './testing.js';
import type { DatabaseEmulator } from './index.js';

/** One event as the stand-in received it. */
interface Received {
  key: string;
  ref: string;
  instance: string;
  before: unknown;
}

let functions: Server;
let received: Received[] = [];
/** Answer for each trigger key (default 204); 404 makes the server forget the trigger. */
const statusFor = new Map<string, number>();
/** While set, answers are held until {@link release} is called. */
let holding = false;
const held: Array<() => void> = [];
function release(): void {
  holding = false;
  for (const answer of held.splice(0)) answer();
}
let emu: DatabaseEmulator;

beforeAll(async () => {
  functions = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const key = /\/triggers\/([^/]+)$/.exec(req.url ?? '')![1]!;
      const event = JSON.parse(text) as { ref: string; instance: string; data: { data: unknown } };
      received.push({ key, ref: event.ref, instance: event.instance, before: event.data.data });
      const answer = (): void => void res.writeHead(statusFor.get(key) ?? 204).end();
      if (holding) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((r) => functions.listen(0, '127.0.0.1', r));
  emu = await startTestServer(undefined, {
    functionsEmulator: { host: '127.0.0.1', port: (functions.address() as AddressInfo).port },
  });
});

afterAll(async () => {
  await emu.stop();
  await new Promise((r) => functions.close(r));
});

const settings = (ns: string): string => `${emu.url}/.settings/functionTriggers.json?ns=${ns}`;
const owner = { Authorization: 'Bearer owner' };

async function register(key: string, path: string, namespacePattern?: string): Promise<void> {
  const response = await fetch(settings('demo-test'), {
    method: 'POST',
    headers: owner,
    body: JSON.stringify({
      name: `projects/demo-test/locations/us-central1/triggers/${key}`,
      path,
      event: 'google.firebase.database.ref.v1.written',
      ...(namespacePattern === undefined ? {} : { namespacePattern }),
    }),
  });
  expect(response.status).toBe(200);
}

/** A REST write as the owner; resolves once every event it caused has been answered. */
async function write(
  method: 'PUT' | 'PATCH',
  path: string,
  value: unknown,
  ns = 'demo-test',
): Promise<void> {
  const response = await fetch(`${emu.url}/${path}.json?ns=${ns}`, {
    method,
    headers: owner,
    body: JSON.stringify(value),
  });
  expect(response.status).toBe(200);
  const queue = await fetch(`${emu.url}/.settings/functionTriggerQueue.json?ns=${ns}&wait=true`, {
    headers: owner,
  });
  expect(((await queue.json()) as { pending: number }).pending).toBe(0);
}

/**
 * What was received since the last call, as sorted `key ref` lines (events are delivered a few at
 * a time, so those of one write may arrive in any order).
 */
function take(): string[] {
  const lines = received.map((r) => `${r.key} ${r.ref}`).sort();
  received = [];
  return lines;
}

/** Nine collection triggers, as functions/src/recordTriggers.ts registers them. */
const COLLECTIONS = ['users', 'levels', 'countries', 'fieldLevels', 'schools', 'subjects'];
const MORE = ['students', 'tutors', 'orders'];

describe('function trigger matching', () => {
  beforeEach(async () => {
    await fetch(settings('demo-test'), { method: 'DELETE', headers: owner });
    emu.clear();
    statusFor.clear();
    release();
    received = [];
    for (const c of [...COLLECTIONS, ...MORE]) await register(`${c}Written`, `${c}/{id}`);
  });

  it('sends a write to the triggers of its collection only, none for other top-level keys', async () => {
    await write('PUT', 'students/s1', { name: 'Ann' });
    await write('PUT', 'bench/w/c0/k1', { i: 1 });
    await write('PUT', 'studentsX/s1', { name: 'Ann' });
    await write('PUT', 'orders/o1/total', 10);
    expect(take()).toEqual(['ordersWritten orders/o1', 'studentsWritten students/s1']);
  });

  it('matches a write spanning top-level keys against every trigger it reaches', async () => {
    // A multi-path update at the root spans two collections (no single top-level key).
    await write('PATCH', '', { 'tutors/t1': { name: 'Tom' }, 'users/u1': { name: 'Una' } });
    expect(take()).toEqual(['tutorsWritten tutors/t1', 'usersWritten users/u1']);
    // A set at the root replaces everything: each existing record is a changed location.
    await write('PUT', '', { orders: { o2: { total: 1 } } });
    expect(take()).toEqual([
      'ordersWritten orders/o2',
      'tutorsWritten tutors/t1',
      'usersWritten users/u1',
    ]);
  });

  it('finds a trigger whose first segment is a wildcard under every top-level key', async () => {
    await register('anyName', '{collection}/{id}/name');
    await write('PUT', 'bench/x', { name: 'one' });
    await write('PUT', 'subjects/math', { name: 'Maths' });
    expect(take()).toEqual([
      'anyName bench/x/name',
      'anyName subjects/math/name',
      'subjectsWritten subjects/math',
    ]);
  });

  it('follows registrations made after a key was written, and forgets a trigger the Functions emulator no longer knows', async () => {
    await write('PUT', 'payments/p1', { amount: 1 });
    expect(take()).toEqual([]);
    await register('paymentsWritten', 'payments/{id}');
    await write('PUT', 'payments/p1', { amount: 2 });
    expect(take()).toEqual(['paymentsWritten payments/p1']);
    // Registered again under the same name with another path: the new path applies.
    await register('paymentsWritten', 'payments/{id}/amount');
    await write('PUT', 'payments/p1', { amount: 3 });
    expect(take()).toEqual(['paymentsWritten payments/p1/amount']);
    statusFor.set('paymentsWritten', 404);
    await write('PUT', 'payments/p1', { amount: 4 });
    expect(take()).toEqual(['paymentsWritten payments/p1/amount']);
    await write('PUT', 'payments/p1', { amount: 5 });
    expect(take()).toEqual([]);
  });

  it('sends to a namespace-bound trigger only the writes of its namespace', async () => {
    await register('otherOnly', 'levels/{id}', 'other-ns');
    await write('PUT', 'levels/l1', { name: 'A' }, 'other-ns');
    await write('PUT', 'levels/l2', { name: 'B' });
    expect(take()).toEqual([
      'levelsWritten levels/l1',
      'levelsWritten levels/l2',
      'otherOnly levels/l1',
    ]);
    expect(received.map((r) => r.instance)).toEqual([]);
  });

  it('sends nothing once the triggers are cleared', async () => {
    await write('PUT', 'schools/x', { name: 'X' });
    expect(take()).toEqual(['schoolsWritten schools/x']);
    await fetch(settings('demo-test'), { method: 'DELETE', headers: owner });
    await write('PUT', 'schools/x', { name: 'Y' });
    expect(take()).toEqual([]);
  });

  it('holds at most two deliveries per trigger in flight, and the events of another trigger pass them', async () => {
    holding = true;
    // Written without waiting for their events: the stand-in holds its answers.
    const put = (path: string, value: unknown): Promise<Response> =>
      fetch(`${emu.url}/${path}.json?ns=demo-test`, {
        method: 'PUT',
        headers: owner,
        body: JSON.stringify(value),
      });
    for (const id of ['t1', 't2', 't3', 't4', 't5']) await put(`tutors/${id}`, { name: id });
    await put('levels/l9', { name: 'L' });
    await expect
      .poll(() => received.map((r) => r.key).sort())
      .toEqual(['levelsWritten', 'tutorsWritten', 'tutorsWritten']);
    release();
    await write('PUT', 'levels/l9', { name: 'M' });
    expect(take()).toEqual([
      'levelsWritten levels/l9',
      'levelsWritten levels/l9',
      'tutorsWritten tutors/t1',
      'tutorsWritten tutors/t2',
      'tutorsWritten tutors/t3',
      'tutorsWritten tutors/t4',
      'tutorsWritten tutors/t5',
    ]);
  });
});
