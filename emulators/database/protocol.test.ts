/**
 * The realtime protocol through the unmodified SDKs: firebase@12 (web, modular) and
 * firebase-admin@13, against a real server on a free port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  type DataSnapshot,
  type Query,
  endAt,
  endBefore,
  equalTo,
  get,
  increment,
  limitToFirst,
  limitToLast,
  onChildAdded,
  onChildChanged,
  onChildMoved,
  onChildRemoved,
  onDisconnect,
  onValue,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  push,
  query,
  ref,
  remove,
  runTransaction,
  serverTimestamp,
  set,
  setWithPriority,
  startAfter,
  startAt,
  update,
  goOffline,
} from 'firebase/database';
import admin from 'firebase-admin';
import type { DatabaseEmulator } from './index.js';
import { deleteClients, startTestServer, waitFor, webClient } from './testing.js';

let emu: DatabaseEmulator;
let db: Database;
let other: Database;
let adminApp: admin.app.App;

beforeAll(async () => {
  emu = await startTestServer();
  db = webClient(emu);
  other = webClient(emu);
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
  adminApp = admin.initializeApp(
    { projectId: 'demo-test', databaseURL: 'https://demo-test.firebaseio.com' },
    'admin-protocol',
  );
});

afterAll(async () => {
  await adminApp.delete();
  await deleteClients();
  await emu.stop();
});

function keysOf(snap: DataSnapshot): string[] {
  const out: string[] = [];
  snap.forEach((c) => {
    out.push(c.key!);
  });
  return out;
}

describe('writes and reads', () => {
  it('set, get, update (multi-path, at the root), remove, push', async () => {
    await set(ref(db, 'w/a'), { x: 1, y: { z: 'q' } });
    expect((await get(ref(other, 'w/a'))).val()).toEqual({ x: 1, y: { z: 'q' } });
    await update(ref(db), { 'w/a/x': 2, 'w/b': 'new', 'w/a/y': null });
    expect((await get(ref(other, 'w'))).val()).toEqual({ a: { x: 2 }, b: 'new' });
    await remove(ref(db, 'w/a'));
    expect((await get(ref(other, 'w'))).val()).toEqual({ b: 'new' });
    const p1 = await push(ref(db, 'w/list'), 'first');
    const p2 = await push(ref(db, 'w/list'), 'second');
    expect(p1.key! < p2.key!).toBe(true);
    expect(keysOf(await get(ref(other, 'w/list')))).toEqual([p1.key, p2.key]);
  });

  it('resolves server timestamps and increments on the server', async () => {
    const before = Date.now();
    await set(ref(db, 'sv'), { t: serverTimestamp(), n: increment(5) });
    await update(ref(db, 'sv'), { n: increment(2) });
    const v = (await get(ref(other, 'sv'))).val() as { t: number; n: number };
    expect(v.n).toBe(7);
    expect(v.t).toBeGreaterThanOrEqual(before - 1000);
    expect(v.t).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('stores priorities and orders by them', async () => {
    await setWithPriority(ref(db, 'prio/a'), 'A', 3);
    await setWithPriority(ref(db, 'prio/b'), 'B', 1);
    await setWithPriority(ref(db, 'prio/c'), 'C', 'str');
    await set(ref(db, 'prio/d'), 'D');
    const snap = await get(query(ref(other, 'prio'), orderByPriority(), limitToFirst(4)));
    expect(keysOf(snap)).toEqual(['d', 'b', 'a', 'c']);
    expect(snap.child('a').exportVal()).toEqual({ '.value': 'A', '.priority': 3 });
  });

  it('keeps namespaces separate', async () => {
    const nsA = webClient(emu, { ns: 'ns-a' });
    const nsB = webClient(emu, { ns: 'ns-b' });
    await set(ref(nsA, 'shared'), 'in a');
    expect((await get(ref(nsB, 'shared'))).val()).toBeNull();
    expect((await get(ref(nsA, 'shared'))).val()).toBe('in a');
  });

  it('sends and receives values larger than one frame (split messages)', async () => {
    const big = 'x'.repeat(100_000);
    await set(ref(db, 'big'), { big, other: 'y'.repeat(40_000) });
    const v = (await get(ref(other, 'big'))).val() as { big: string; other: string };
    expect(v.big.length).toBe(100_000);
    expect(v.other.length).toBe(40_000);
  });
});

describe('listeners', () => {
  it('a remote write reaches another client’s onValue listener', async () => {
    const seen: unknown[] = [];
    const off = onValue(ref(other, 'live/v'), (s) => seen.push(s.val()));
    await waitFor(() => seen.length === 1, 'initial value');
    await set(ref(db, 'live/v'), 'hello');
    await waitFor(() => seen.includes('hello'), 'remote value');
    await set(ref(db, 'live'), { v: 'parent write' });
    await waitFor(() => seen.includes('parent write'), 'value from a parent write');
    off();
    expect(seen).toEqual([null, 'hello', 'parent write']);
  });

  it('fires child added/changed/removed/moved with previous-sibling keys in order', async () => {
    await set(ref(db, 'kids'), { a: { n: 1 }, b: { n: 2 }, c: { n: 3 } });
    const events: string[] = [];
    const q = query(ref(other, 'kids'), orderByChild('n'));
    const offs = [
      onChildAdded(q, (s, prev) => events.push(`added ${s.key} after ${prev}`)),
      onChildChanged(q, (s) => events.push(`changed ${s.key}`)),
      onChildRemoved(q, (s) => events.push(`removed ${s.key}`)),
      onChildMoved(q, (s, prev) => events.push(`moved ${s.key} after ${prev}`)),
    ];
    await waitFor(() => events.length === 3, 'initial children');
    await update(ref(db, 'kids'), { 'a/n': 10 });
    await waitFor(() => events.includes('changed a'), 'change');
    await remove(ref(db, 'kids/b'));
    await waitFor(() => events.includes('removed b'), 'removal');
    offs.forEach((o) => o());
    expect(events).toEqual([
      'added a after null',
      'added b after a',
      'added c after b',
      'moved a after c',
      'changed a',
      'removed b',
    ]);
  });

  it('limitToLast listens keep the window and push the next child when one leaves', async () => {
    await set(ref(db, 'win'), { a: { t: 1 }, b: { t: 2 }, c: { t: 3 }, d: { t: 4 } });
    let last: string[] = [];
    const off = onValue(query(ref(other, 'win'), orderByChild('t'), limitToLast(2)), (s) => {
      last = keysOf(s);
    });
    await waitFor(() => last.join() === 'c,d', 'initial window');
    await remove(ref(db, 'win/d'));
    await waitFor(() => last.join() === 'b,c', 'window after removal');
    await set(ref(db, 'win/e'), { t: 0 });
    await set(ref(db, 'win/f'), { t: 9 });
    await waitFor(() => last.join() === 'c,f', 'window after additions');
    off();
  });

  it('admin SDK listeners see web writes and vice versa', async () => {
    const adb = adminApp.database();
    const seen: unknown[] = [];
    const cb = adb.ref('cross/x').on('value', (s) => seen.push(s.val()));
    await set(ref(db, 'cross/x'), 41);
    await waitFor(() => seen.includes(41), 'admin listener');
    await adb.ref('cross/x').set(42);
    expect((await get(ref(other, 'cross/x'))).val()).toBe(42);
    adb.ref('cross/x').off('value', cb);
  });

  it('serves .info/connected and .info/serverTimeOffset', async () => {
    let connected: unknown = null;
    const off = onValue(ref(db, '.info/connected'), (s) => (connected = s.val()));
    await waitFor(() => connected === true, '.info/connected');
    off();
    let offset: unknown = undefined;
    const off2 = onValue(ref(db, '.info/serverTimeOffset'), (s) => (offset = s.val()));
    await waitFor(() => typeof offset === 'number', '.info/serverTimeOffset');
    off2();
    expect(Math.abs(offset as unknown as number)).toBeLessThan(5000);
  });
});

describe('queries (results and order as documented)', () => {
  const data = {
    a: { age: 30, name: 'ann', v: 3 },
    b: { age: 20, name: 'bob', v: 'x' },
    c: { age: 30, name: 'cid', v: true },
    d: { name: 'dan', v: false },
    e: { age: 'old', name: 'eve', v: null },
    f: { age: 10, name: 'fay', v: 1 },
    g: { age: { nested: 1 }, name: 'gus', v: 2 },
  };
  beforeAll(async () => {
    await set(ref(db, 'people'), data);
    await set(ref(db, 'scores'), { z: 5, y: 'a', x: 1, w: false, '10': 2, '9': 3 });
  });
  const people = (...c: Parameters<typeof query>[1][]): Query => query(ref(other, 'people'), ...c);
  const cases: Array<[string, () => Query, string[]]> = [
    ['orderByChild', () => people(orderByChild('age')), ['d', 'f', 'b', 'a', 'c', 'e', 'g']],
    ['startAt', () => people(orderByChild('age'), startAt(20)), ['b', 'a', 'c', 'e', 'g']],
    ['startAfter', () => people(orderByChild('age'), startAfter(20)), ['a', 'c', 'e', 'g']],
    ['endAt', () => people(orderByChild('age'), endAt(30)), ['d', 'f', 'b', 'a', 'c']],
    ['endBefore', () => people(orderByChild('age'), endBefore(30)), ['d', 'f', 'b']],
    ['equalTo', () => people(orderByChild('age'), equalTo(30)), ['a', 'c']],
    ['equalTo with key', () => people(orderByChild('age'), equalTo(30, 'c')), ['c']],
    ['startAt with key', () => people(orderByChild('age'), startAt(30, 'b'), endAt(30)), ['c']],
    ['endAt with key', () => people(orderByChild('age'), startAt(30), endAt(30, 'b')), ['a']],
    ['limitToFirst', () => people(orderByChild('age'), limitToFirst(2)), ['d', 'f']],
    ['limitToLast', () => people(orderByChild('age'), limitToLast(3)), ['c', 'e', 'g']],
    [
      'range + limit',
      () => people(orderByChild('age'), startAt(10), endAt(30), limitToLast(2)),
      ['a', 'c'],
    ],
    [
      'orderByKey range',
      () => people(orderByKey(), startAfter('b'), endBefore('f')),
      ['c', 'd', 'e'],
    ],
    ['orderByKey limit', () => people(orderByKey(), limitToLast(2)), ['f', 'g']],
    [
      'orderByChild string',
      () => people(orderByChild('name'), startAt('c'), endAt('e~')),
      ['c', 'd', 'e'],
    ],
    [
      'orderByValue',
      () => query(ref(other, 'scores'), orderByValue()),
      ['w', 'x', '10', '9', 'z', 'y'],
    ],
    [
      'orderByValue range',
      () => query(ref(other, 'scores'), orderByValue(), startAt(2), endAt(5)),
      ['10', '9', 'z'],
    ],
    [
      'key order (ints first)',
      () => query(ref(other, 'scores'), orderByKey()),
      ['9', '10', 'w', 'x', 'y', 'z'],
    ],
  ];
  it.each(cases)('%s via get() (the g action)', async (_name, make, expected) => {
    expect(keysOf(await get(make()))).toEqual(expected);
  });
  it.each(cases)('%s via a listener (child_added order)', async (_name, make, expected) => {
    const added: string[] = [];
    const off = onChildAdded(make(), (s) => added.push(s.key!));
    await waitFor(() => added.length === expected.length, `children of ${_name}`);
    await new Promise((r) => setTimeout(r, 20));
    off();
    expect(added).toEqual(expected);
  });
});

describe('transactions', () => {
  it('N clients × M concurrent transactions on one counter end at exactly N*M', async () => {
    const N = 5;
    const M = 20;
    const clients = Array.from({ length: N }, () => webClient(emu));
    await set(ref(db, 'counter'), 0);
    const runs = clients.flatMap((c) =>
      Array.from({ length: M }, () =>
        runTransaction(ref(c, 'counter'), (v: number | null) => (v ?? 0) + 1),
      ),
    );
    const results = await Promise.all(runs);
    expect(results.every((r) => r.committed)).toBe(true);
    expect((await get(ref(other, 'counter'))).val()).toBe(N * M);
  });

  it('transactions on objects with priorities compare hashes correctly', async () => {
    await set(ref(db, 'txobj'), { a: { '.value': 1, '.priority': 2 }, b: 'x', c: 0.1 });
    const r = await runTransaction(
      ref(other, 'txobj'),
      (v: Record<string, unknown> | null) => v && { ...v, b: 'y' },
    );
    expect(r.committed).toBe(true);
    expect((await get(ref(db, 'txobj/b'))).val()).toBe('y');
  });

  it('admin transactions work too', async () => {
    const adb = adminApp.database();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        adb.ref('admincounter').transaction((v: number | null) => (v ?? 0) + 1),
      ),
    );
    expect((await adb.ref('admincounter').once('value')).val()).toBe(10);
  });
});

describe('onDisconnect', () => {
  it('runs queued set/update/remove when the client goes away, and cancel removes them', async () => {
    const leaving = webClient(emu);
    await set(ref(db, 'presence'), { gone: 'still here', cancelled: 'kept', status: 'online' });
    await onDisconnect(ref(leaving, 'presence/status')).set('offline');
    await onDisconnect(ref(leaving, 'presence')).update({ at: serverTimestamp() });
    await onDisconnect(ref(leaving, 'presence/gone')).remove();
    await onDisconnect(ref(leaving, 'presence/cancelled')).set('changed');
    await onDisconnect(ref(leaving, 'presence/cancelled')).cancel();
    const seen: unknown[] = [];
    const off = onValue(ref(other, 'presence/status'), (s) => seen.push(s.val()));
    goOffline(leaving);
    await waitFor(() => seen.includes('offline'), 'onDisconnect set');
    off();
    const v = (await get(ref(other, 'presence'))).val() as Record<string, unknown>;
    expect(v.status).toBe('offline');
    expect(v.gone).toBeUndefined();
    expect(v.cancelled).toBe('kept');
    expect(typeof v.at).toBe('number');
  });
});

describe('server restart', () => {
  it('clients reconnect and resync after the server restarts on the same port', async () => {
    const restartable = await startTestServer();
    const port = restartable.port;
    const a = webClient(restartable);
    const seen: unknown[] = [];
    onValue(ref(a, 'r/v'), (s) => seen.push(s.val()));
    await set(ref(a, 'r/v'), 1);
    await waitFor(() => seen.includes(1), 'first value');
    let connected = true;
    onValue(ref(a, '.info/connected'), (s) => (connected = s.val() as boolean));
    await restartable.stop();
    await waitFor(() => !connected, 'disconnect');
    const again = await startTestServer(undefined, { port });
    try {
      await waitFor(() => connected, 'reconnect', 15_000);
      // The new server is empty: the client's listen is re-sent and resyncs to null…
      await waitFor(
        () => seen[seen.length - 1] === null,
        'resync to the new server’s data',
        15_000,
      );
      // …and a write on the new server reaches it.
      const b = webClient(again);
      await set(ref(b, 'r/v'), 2);
      await waitFor(() => seen[seen.length - 1] === 2, 'value after restart', 15_000);
    } finally {
      await again.stop();
    }
  }, 40_000);
});
