/**
 * `npm run rebuild-derived` (scripts/rebuildDerived.ts) against the local backend, and its pure
 * part (scripts/rebuildDerivedDiff.ts).
 *
 * The command rewrites the derived nodes of a whole database, so this file works in a database
 * namespace of its own (`?ns=` of the local Database server, created on first use): other files
 * share `demo-tuition-default-rtdb` and their counters must not move. In it, the demo records are
 * written raw (as an import, no derived nodes: a database from before they existed), with a wrong
 * counter, a stale list row, a changed list row and a plain value where a map belongs; the
 * command must report them, write nothing with --dry-run, make every derived node equal
 * `rebuildDerived(records)` otherwise, and report 0 differences when run again.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildDerived } from '@/shared/domain/derived';
import { writeAsImport } from '../../emulators/admin';
import { buildDemoData } from '../../emulators/seed/build';
import { main, rebuildDerivedNodes } from '../../scripts/rebuildDerived';
import {
  chunks,
  diffNode,
  entryDepth,
  reportLines,
  writeBatches,
} from '../../scripts/rebuildDerivedDiff';
import { backend, uniqueId } from '../support/backend';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NOW = Date.UTC(2026, 10, 1);
const demo = buildDemoData({ students: 30, tutors: 20, orders: 24, now: NOW });

describe('rebuild-derived against the local backend', () => {
  const namespace = uniqueId('rebuild').toLowerCase();
  const databaseUrl = `http://${backend.database.host}:${backend.database.port}?ns=${namespace}`;
  let app: App;
  let db: Database;
  /** The records as stored (what the command reads). */
  let records: Record<'students' | 'tutors' | 'orders', Record<string, object>>;

  /** What main() printed, and its exit code. */
  async function run(...argv: string[]) {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await main(['--database-url', databaseUrl, ...argv], {
      log: (line) => lines.push(line),
      error: (line) => errors.push(line),
    });
    return { code, output: lines.join('\n'), errors: errors.join('\n') };
  }

  /** The whole namespace, as stored. */
  const everything = async () => (await db.ref().get()).val() as Record<string, unknown>;

  beforeAll(async () => {
    app = initializeApp({ projectId: backend.projectId, databaseURL: databaseUrl }, namespace);
    db = getDatabase(app);
    // A database from before the derived nodes: records only, written as an import (no trigger
    // event: the triggers would write this namespace's books while the test reads them), plus
    // derived data gone wrong.
    await writeAsImport(
      {
        students: demo.students,
        tutors: demo.tutors,
        orders: demo.orders,
        'stats/counts/students': 7,
        'lists/students/ghost': { id: 'ghost', name: 'Deleted long ago' },
        [`lists/tutors/${Object.keys(demo.tutors)[0]}`]: { id: 'x', name: 'Old name' },
        'stats/pendingQueue': 5,
      },
      namespace,
    );
    const stored = await everything();
    records = {
      students: stored.students as Record<string, object>,
      tutors: stored.tutors as Record<string, object>,
      orders: stored.orders as Record<string, object>,
    };
  });

  afterAll(async () => {
    await writeAsImport({ students: null, tutors: null, orders: null }, namespace);
    await db.ref().remove();
    await deleteApp(app);
  });

  it('reports the differences with --dry-run and writes nothing', async () => {
    const before = await everything();

    const { code, output, errors } = await run('--dry-run');

    expect(errors).toBe('');
    expect(code).toBe(0);
    expect(output).toContain('Read 30 students, 20 tutors, 24 orders.');
    const students = Object.keys(demo.students).length;
    expect(output).toMatch(
      new RegExp(`lists/students +${students} entries: ${students} added, 0 changed, 1 removed`),
    );
    expect(output).toMatch(/lists\/tutors +20 entries: 19 added, 1 changed, 0 removed/);
    expect(output).toMatch(/stats\/counts\/students +stored 7, rebuilt 30/);
    const expected = rebuildDerived(records);
    const active = expected['stats/counts/activeTutors'] as number;
    expect(output).toMatch(
      new RegExp(`stats/counts/activeTutors +stored \\(absent\\), rebuilt ${active}\n`),
    );
    // The plain value where the queue's map belongs counts as one removed entry.
    const pending = Object.keys(expected['stats/pendingQueue'] as object).length;
    expect(pending).toBeGreaterThan(0);
    expect(output).toMatch(
      new RegExp(`stats/pendingQueue +${pending} entries: ${pending} added, 0 changed, 1 removed`),
    );
    expect(output).toContain('Dry run: nothing was written.');
    expect(await everything()).toEqual(before);
  });

  it('makes every derived node equal rebuildDerived(records), in chunks', async () => {
    const result = await rebuildDerivedNodes(app, { dryRun: false, chunkSize: 7 });

    expect(result.differences).toBeGreaterThan(0);
    const removals = result.diffs.reduce((n, diff) => n + diff.removals.length, 0);
    const sets = result.diffs.reduce((n, diff) => n + diff.sets.length, 0);
    expect(result.written).toEqual({
      paths: removals + sets,
      updates: Math.ceil(removals / 7) + Math.ceil(sets / 7),
    });
    for (const [nodePath, value] of Object.entries(rebuildDerived(records))) {
      const stored = (await db.ref(nodePath).get()).val() as unknown;
      // An empty map is an absent node in the Database.
      expect(stored ?? (typeof value === 'object' ? {} : null), nodePath).toEqual(value);
    }
    expect((await db.ref('lists/students/ghost').get()).exists()).toBe(false);
    const stored = await everything();
    expect(stored.students).toEqual(records.students);
    expect(stored.tutors).toEqual(records.tutors);
    expect(stored.orders).toEqual(records.orders);
  });

  it('reports 0 differences when run again, and writes nothing', async () => {
    const before = await everything();

    const { code, output } = await run();

    expect(code).toBe(0);
    expect(output).toContain('0 differences in 0 nodes');
    expect(output).toContain('nothing to write');
    expect(await everything()).toEqual(before);
  });

  it('runs as `npm run rebuild-derived` does (exit code 0; 2 for a wrong argument)', () => {
    const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    const script = path.join(ROOT, 'scripts/rebuildDerived.ts');
    // The emulator variables come from emulators/start.ts --exec (or npm run emulators).
    const ok = spawnSync(
      process.execPath,
      [tsx, script, '--dry-run', '--database-url', databaseUrl],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('Backend: local emulators');
    expect(ok.stdout).toContain('0 differences');

    const wrong = spawnSync(process.execPath, [tsx, script, '--dryrun'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run rebuild-derived');
  });
});

describe('rebuildDerivedDiff', () => {
  it('counts entries of maps one or two levels down, and counters as single values', () => {
    expect(entryDepth('lists/students', {})).toBe(1);
    expect(entryDepth('tutorsBySubject', {})).toBe(2);
    expect(entryDepth('stats/counts/students', 0)).toBe(0);
  });

  it('finds added, changed and removed entries and the writes that fix them', () => {
    const diff = diffNode(
      'lists/students',
      { a: { id: 'a', name: 'A' }, b: { id: 'b', name: 'Old' }, gone: { id: 'gone' } },
      { a: { id: 'a', name: 'A' }, b: { id: 'b', name: 'New' }, c: { id: 'c' } },
      1,
    );
    expect(diff).toMatchObject({ entries: 3, added: 1, changed: 1, removed: 1 });
    expect(diff.removals).toEqual(['lists/students/gone']);
    expect(diff.sets).toEqual([
      ['lists/students/b', { id: 'b', name: 'New' }],
      ['lists/students/c', { id: 'c' }],
    ]);
  });

  it('compares a node with two levels of entries per entry, removing a vanished group whole', () => {
    const diff = diffNode(
      'tutorsBySubject',
      { math: { t1: { fee: 1 }, t2: { fee: 2 } }, art: { t1: { fee: 3 } } },
      { math: { t1: { fee: 1 }, t3: { fee: 4 } } },
      2,
    );
    expect(diff).toMatchObject({ entries: 2, added: 1, changed: 0, removed: 2 });
    expect(diff.removals.sort()).toEqual(['tutorsBySubject/art', 'tutorsBySubject/math/t2']);
    expect(diff.sets).toEqual([['tutorsBySubject/math/t3', { fee: 4 }]]);
  });

  it('replaces a plain value where a map belongs, and reads arrays as maps', () => {
    const diff = diffNode('stats/pendingQueue', 5, { o1: 10 }, 1);
    expect(diff).toMatchObject({ added: 1, removed: 1 });
    expect(diff.removals).toEqual(['stats/pendingQueue']);
    // The SDK gives `{0: x, 2: y}` as [x, null, y]: the hole is no entry.
    const fromArray = diffNode(
      'lists/students',
      [{ id: '0' }, null, { id: '2' }],
      {
        0: { id: '0' },
        2: { id: '2' },
      },
      1,
    );
    expect(fromArray.removals.length + fromArray.sets.length).toBe(0);
  });

  it('reports a counter with its stored and rebuilt values', () => {
    const missing = diffNode('stats/counts/students', null, 0, 0);
    expect(missing).toMatchObject({ added: 1, stored: null, rebuilt: 0 });
    expect(missing.sets).toEqual([['stats/counts/students', 0]]);
    const same = diffNode('stats/counts/students', 3, 3, 0);
    const lines = reportLines([missing, same]);
    expect(lines).toEqual([
      '* stats/counts/students  stored (absent), rebuilt 0',
      '  stats/counts/students  stored 3, rebuilt 3',
      '1 differences in 1 nodes',
    ]);
  });

  it('writes removals first, then sets, in updates of at most the chunk size', () => {
    const a = diffNode('q', 1, { x: 1, y: 2, z: 3 }, 1);
    const b = diffNode('lists/tutors', { old: { id: 'old' } }, {}, 1);
    const batches = writeBatches([a, b], 2);
    expect(batches).toEqual([
      { q: null, 'lists/tutors/old': null },
      { 'q/x': 1, 'q/y': 2 },
      { 'q/z': 3 },
    ]);
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(() => writeBatches([a], 0)).toThrow(RangeError);
  });
});
