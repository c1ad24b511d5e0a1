/**
 * A large node followed in key ranges (`orderByKey().startAt(a).endBefore(b)`, one listener per
 * range), as the app follows its 50,000-row lists (src/shared/rtdb.ts `watch`): every child
 * arrives in exactly one range, and a later change, an addition on a boundary and a removal reach
 * only the range that holds the key, as that change alone (Google's server sends a tagged query the
 * changed children, not its whole result again: a range of thousands of rows). Boundaries here are existing keys (startAt includes one,
 * endBefore excludes it) and keys that are not stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  enableLogging,
  endBefore,
  onChildAdded,
  onChildChanged,
  onChildRemoved,
  onValue,
  orderByKey,
  query,
  ref,
  remove,
  set,
  startAt,
  update,
} from 'firebase/database';
import type { DatabaseEmulator } from './index.js';
import { deleteClients, startTestServer, waitFor, webClient } from './testing.js';

const COUNT = 10_000;
const UID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

let emu: DatabaseEmulator;
let writer: Database;
let reader: Database;
const rows: Record<string, { name: string; createdAt: number }> = {};

beforeAll(async () => {
  emu = await startTestServer();
  writer = webClient(emu);
  reader = webClient(emu);
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < COUNT; i++) {
    let key = '';
    for (let j = 0; j < 28; j++) key += UID_CHARS[Math.floor(next() * UID_CHARS.length)];
    rows[key] = { name: `Person ${i}`, createdAt: i };
  }
  await set(ref(writer, 'lists/big'), rows);
});

afterAll(async () => {
  await deleteClients();
  await emu.stop();
});

describe('a large node followed in key ranges', () => {
  it('gives each child to exactly one range, then each change to the range of its key', async () => {
    const keys = Object.keys(rows).sort();
    // 32 ranges: every other boundary an existing key, the others a key just after one.
    const bounds = Array.from({ length: 31 }, (_, i) => {
      const key = keys[Math.floor(((i + 1) * COUNT) / 32)]!;
      return i % 2 === 0 ? key : `${key}-`;
    });
    const ranges = [undefined, ...bounds].map(
      (from, i): [string | undefined, string | undefined] => [from, bounds[i]],
    );
    const added = ranges.map(() => [] as string[]);
    const changed = ranges.map(() => [] as string[]);
    const removed = ranges.map(() => [] as string[]);
    let loaded = 0;
    const offs = ranges.flatMap(([from, before], i) => {
      const q = query(
        ref(reader, 'lists/big'),
        orderByKey(),
        ...(from === undefined ? [] : [startAt(from)]),
        ...(before === undefined ? [] : [endBefore(before)]),
      );
      return [
        onChildAdded(q, (s) => added[i]!.push(s.key!)),
        onChildChanged(q, (s) => changed[i]!.push(s.key!)),
        onChildRemoved(q, (s) => removed[i]!.push(s.key!)),
        onValue(q, () => (loaded += 1), { onlyOnce: true }),
      ];
    });
    await waitFor(() => loaded === ranges.length, 'every range loaded', 30_000);

    // Every child once, each in the range its key belongs to, in key order within it.
    expect(added.flat()).toEqual(keys);
    added.forEach((got, i) => {
      const [from, before] = ranges[i]!;
      for (const key of got) {
        if (from !== undefined) expect(key >= from).toBe(true);
        if (before !== undefined) expect(key < before).toBe(true);
      }
    });

    // A change, an addition whose key is a boundary, and a removal: each in one range only, as
    // a message of that change (the SDK logs every message it receives).
    const pushes: string[] = [];
    enableLogging((line) => {
      if (line.includes('handleServerMessage') && line.includes('lists/big')) pushes.push(line);
    });
    const target = added[5]![0]!;
    const boundary = ranges[10]![0]!;
    await set(ref(writer, `lists/big/${target}/name`), 'Renamed');
    await set(ref(writer, `lists/big/${boundary}`), { name: 'On the boundary', createdAt: -1 });
    await remove(ref(writer, `lists/big/${keys[keys.length - 1]}`));
    // A multi-path update as the app writes a rename (the record and its row): only the row's
    // path reaches the range; the record's path, whatever its keys, reaches none.
    await update(ref(writer), {
      [`records/${target}/name`]: 'Renamed twice',
      [`lists/big/${target}/name`]: 'Renamed twice',
    });
    await waitFor(
      () => changed.flat().length + removed.flat().length >= 3 && added.flat().length > COUNT,
      'the three changes',
    );
    expect(changed.map((c) => c.length)).toEqual(ranges.map((_, i) => (i === 5 ? 2 : 0)));
    expect(changed[5]).toEqual([target, target]);
    expect(added[10]).toContain(boundary);
    expect(added.flat()).toHaveLength(COUNT + 1);
    expect(removed[ranges.length - 1]).toEqual([keys[keys.length - 1]]);
    expect(removed.flat()).toHaveLength(1);
    enableLogging(false);
    expect(pushes.length).toBeGreaterThanOrEqual(4);
    expect(pushes.some((p) => p.includes('Renamed twice') && p.includes('records'))).toBe(false);
    expect(Math.max(...pushes.map((p) => p.length))).toBeLessThan(1_000);
    for (const off of offs) off();
  });
});
