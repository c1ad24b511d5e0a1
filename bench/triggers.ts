/**
 * The server's database triggers (functions/src/recordTriggers.ts) at a large agency's size.
 * Figures only; never fails for slowness.
 *
 * On a database holding N students, tutors and orders (default 50,000; `--size 10000`), loaded as
 * an import with their derived nodes (no trigger events):
 *
 * | figure                                        | how                                          |
 * | write -> row and dashboard figure seen, p50/p95 | admin A creates a student through the app's |
 * |                                               | write (web SDK set); admin B's web SDK,      |
 * |                                               | listening to `lists/students/{id}` and       |
 * |                                               | `stats/counts/students` as the open list and |
 * |                                               | dashboard do, sees both (30 samples)         |
 * | 1,000 writes in a row: absorbed in            | 1,000 students set one after another through |
 * |                                               | the Admin SDK; from the first write until no |
 * |                                               | trigger event is left (functionTriggerQueue) |
 * | ... counters exact after them                 | stats/counts/students moved by exactly 1,000 |
 *
 * Needs the local backend: `npx tsx bench/triggers.ts` starts a fresh, empty one
 * (`emulators/start.ts --exec`) unless one is already listening; `npm run bench` runs it too.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { onValue, ref, set } from 'firebase/database';
import { buildDemoData } from '../emulators/seed/build';
import { DATABASE_NAMESPACE, HOST, PORTS } from '../emulators/config';
import { rebuildDerived } from '../src/shared/domain/derived';
import { COUNT_PATHS } from '../src/shared/domain/derived/stats';
import { importValue } from './support/restImport';
import { runBench, withBackend } from './support/runBench';

const REST = `http://${HOST}:${PORTS.database}`;
const SAMPLES = 30;
const IN_A_ROW = 1_000;

/** The value after `--size` on the command line, or 50,000. */
function size(): number {
  const at = process.argv.indexOf('--size');
  return at >= 0 ? Number(process.argv[at + 1]) : 50_000;
}

/** The local backend's database, written as its owner. */
const TARGET = { base: REST, ns: DATABASE_NAMESPACE };
/** Bytes of JSON one PATCH of the import carries at most. */
const CHUNK_BYTES = 2_000_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function measure(n: number): Promise<void> {
  const {
    adminApp,
    createAccount,
    deleteAccount,
    signedInWebApp,
    triggersSettled,
    uniqueEmail,
    uniqueId,
  } = await import('../tests/support/backend');
  const { studentRecord } = await import('../tests/integration/peopleFixtures');
  const db = getAdminDatabase(adminApp());

  const loadStarted = performance.now();
  const data = buildDemoData({
    students: n,
    tutors: n,
    orders: n,
    seed: 7,
    now: Date.UTC(2026, 10, 1),
  });
  for (const collection of ['students', 'tutors', 'orders'] as const)
    await importValue(TARGET, collection, data[collection], CHUNK_BYTES);
  const derived = rebuildDerived({
    students: data.students,
    tutors: data.tutors,
    orders: data.orders,
  });
  for (const [path, value] of Object.entries(derived))
    await importValue(TARGET, path, value, CHUNK_BYTES);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const [a, b] = await Promise.all([
    createAccount({ email: uniqueEmail('bench-a'), isAdmin: true }),
    createAccount({ email: uniqueEmail('bench-b'), isAdmin: true }),
  ]);
  const [webA, webB] = await Promise.all([
    signedInWebApp(a.email, a.password),
    signedInWebApp(b.email, b.password),
  ]);
  // As the app's entity api creates a record (shared/rtdb): one set of the record alone.
  const students = {
    create: (record: { id: string } & object) =>
      set(ref(webA.database, `students/${record.id}`), record),
  };
  // One warm-up write, so the first sample does not include the function worker's start.
  const warm = uniqueId('bench-warm');
  await students.create({ ...studentRecord('Warm-up'), id: warm });
  await triggersSettled();

  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const id = uniqueId('bench-write');
    const counted = ((await db.ref(COUNT_PATHS.students).get()).val() as number) + 1;
    const started = performance.now();
    const seen = new Promise<number>((resolve) => {
      let row = false;
      let figure = false;
      const done = () => {
        if (row && figure) {
          offRow();
          offFigure();
          resolve(performance.now() - started);
        }
      };
      const offRow = onValue(ref(webB.database, `lists/students/${id}`), (s) => {
        row = s.exists();
        done();
      });
      const offFigure = onValue(ref(webB.database, COUNT_PATHS.students), (s) => {
        figure = (s.val() as number) >= counted;
        done();
      });
    });
    await students.create({ ...studentRecord(`Bench ${i}`), id });
    latencies.push(await seen);
    await triggersSettled();
  }

  const before = (await db.ref(COUNT_PATHS.students).get()).val() as number;
  const rowStarted = performance.now();
  for (let i = 0; i < IN_A_ROW; i++) {
    const id = uniqueId('bench-row');
    await db.ref(`students/${id}`).set({ ...studentRecord(`Row ${i}`), id });
  }
  const writtenSeconds = (performance.now() - rowStarted) / 1000;
  await triggersSettled();
  const absorbedSeconds = (performance.now() - rowStarted) / 1000;
  const after = (await db.ref(COUNT_PATHS.students).get()).val() as number;

  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(`\nTriggers, N = ${n.toLocaleString('en')} students, tutors and orders:`);
  console.log(
    `  ${'import of the data set with its derived nodes'.padEnd(56)} ${loadSeconds.toFixed(1)} s`,
  );
  console.log(
    `  ${'write -> row and dashboard figure seen, p50 / p95'.padEnd(56)} ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}`,
  );
  console.log(
    `  ${`${IN_A_ROW.toLocaleString('en')} writes in a row: written / absorbed`.padEnd(56)} ${writtenSeconds.toFixed(1)} s / ${absorbedSeconds.toFixed(1)} s`,
  );
  console.log(
    `  ${'... students counter moved by'.padEnd(56)} ${after - before} (expected ${IN_A_ROW})`,
  );

  await Promise.all([webA.close(), webB.close()]);
  await Promise.all([deleteAccount(a.uid), deleteAccount(b.uid)]);
}

/** Measures on a fresh backend of its own, or on the one already listening (see the module comment). */
export async function runTriggersBench(): Promise<void> {
  await withBackend(import.meta.url, () => measure(size()), ['--size', String(size())]);
}

await runBench(import.meta.url, runTriggersBench);
