/**
 * Benchmark of "Subjects tab: candidates fetched" at 50,000 tutors. Figures only;
 * never fails for slowness.
 *
 * 50,000 tutors of the deterministic demo generator (emulators/seed/build.ts, fixed seed and
 * clock) and their index `tutorsBySubject` (rebuildDerived, as the seed writes it) are written
 * through the Database REST API into a namespace of their own (`bench-candidates`, so the
 * backend's demo data is untouched; the rules are the project's). Then, in Chromium on a
 * production build of a harness page (bench/support/chromiumHarness.ts), through the web SDK
 * signed in as an admin, for a demo student's subject with the most tutors, median of 3 cold runs
 * (each a new app, its connection opened and signed in before the clock starts):
 * - before: `get(tutors)` (every tutor, as the Subjects tab read them) + ranking;
 * - after: `get(tutorsBySubject/{subject})` (the tab's one read per subject) + ranking.
 *
 * Run alone with `npx tsx bench/candidates.ts` (starts its own backend when none is up), or
 * through `npm run bench` (bench/run.ts).
 */
import { buildDemoData } from '../emulators/seed/build';
import { HOST, PORTS } from '../emulators/config';
import { rebuildDerived } from '../src/shared/domain/derived';
import type { TutorSubjectEntry } from '../src/shared/domain/derived/tutorIndex';
import { runBench, withBackend } from './support/runBench';

const N = 50_000;
const RUNS = 3;
const NAMESPACE = 'bench-candidates';
const REST = `http://${HOST}:${PORTS.database}`;

/** One REST request as the database owner, in the bench's namespace. */
async function rest(method: 'PUT' | 'PATCH', path: string, body: unknown): Promise<void> {
  const response = await fetch(`${REST}/${path}.json?ns=${NAMESPACE}`, {
    method,
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /${path}: ${response.status}`);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Seeds the namespace; returns what the runs rank with. */
async function seed() {
  const data = buildDemoData({
    students: 500,
    tutors: N,
    orders: 0,
    seed: 16,
    now: Date.UTC(2026, 10, 1),
  });
  await rest('PUT', '', null);
  const tutors = Object.entries(data.tutors);
  for (let i = 0; i < tutors.length; i += 2_500)
    await rest('PATCH', 'tutors', Object.fromEntries(tutors.slice(i, i + 2_500)));
  const index = rebuildDerived({ tutors: data.tutors }).tutorsBySubject as Record<
    string,
    Record<string, TutorSubjectEntry>
  >;
  for (const [subjectId, entries] of Object.entries(index))
    await rest('PUT', `tutorsBySubject/${subjectId}`, entries);
  // The student's subject with the most tutors: the largest read the tab makes.
  const size = (subjectId: string) => Object.keys(index[subjectId] ?? {}).length;
  const [student, subjectId] = Object.values(data.students)
    .filter((s) => s.profileLevel?.levelId)
    .flatMap((s) => Object.keys(s.profileLevel?.subjects ?? {}).map((id) => [s, id] as const))
    .sort((a, b) => size(b[1]) - size(a[1]))[0]!;
  return {
    subjectId,
    student,
    levels: Object.values(data.fieldLevels),
    entries: size(subjectId),
    indexBytes: JSON.stringify(index[subjectId]).length,
  };
}

/**
 * The page: a fresh signed-in web app per run (connection opened before the clock starts), then
 * the read and the ranking, as the Subjects tab does them (before: every tutor; after: the index).
 */
const PAGE = `
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectDatabaseEmulator, get, getDatabase, ref } from 'firebase/database';
import { rankTutors } from '@/features/matching/rankTutors';
import { candidatesFrom } from '@/shared/domain/derived/tutorIndex';

window.bench = {
  async run({ host, authPort, databasePort, namespace, email, password, path, subjectId, student, levels }) {
    const app = initializeApp(
      { apiKey: 'demo-api-key', projectId: 'demo-tuition', databaseURL: 'http://' + host + ':' + databasePort + '?ns=' + namespace },
      'run-' + Math.random(),
    );
    const auth = getAuth(app);
    connectAuthEmulator(auth, 'http://' + host + ':' + authPort, { disableWarnings: true });
    const db = getDatabase(app);
    connectDatabaseEmulator(db, host, databasePort);
    const { user } = await signInWithEmailAndPassword(auth, email, password);
    await get(ref(db, 'users/' + user.uid));
    const start = performance.now();
    const value = (await get(ref(db, path))).val() ?? {};
    const records = Object.entries(value).map(([id, v]) => ({ ...v, id }));
    const candidates = path === 'tutors' ? candidatesFrom(records, subjectId) : records;
    const ranked = rankTutors(student, candidates, levels).length;
    const ms = performance.now() - start;
    await deleteApp(app);
    return { ms, ranked };
  },
};
`;

async function measure(): Promise<void> {
  const { createAccount, deleteAccount } = await import('../tests/support/backend');
  const { openHarness } = await import('./support/chromiumHarness');
  const started = performance.now();
  const { subjectId, student, levels, entries, indexBytes } = await seed();
  const seeded = (performance.now() - started) / 1000;
  const admin = await createAccount({ isAdmin: true });
  await rest('PUT', `users/${admin.uid}`, admin.record);
  const harness = await openHarness('candidates', PAGE);
  try {
    const config = {
      host: HOST,
      authPort: PORTS.auth,
      databasePort: PORTS.database,
      namespace: NAMESPACE,
      email: admin.email,
      password: admin.password,
      subjectId,
      student,
      levels,
    };
    type Run = { ms: number; ranked: number };
    const run = (path: string) =>
      harness.page.evaluate(
        (c) => (window as unknown as { bench: { run(c: unknown): Promise<Run> } }).bench.run(c),
        { ...config, path },
      );
    const before: Run[] = [];
    const after: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      before.push(await run('tutors'));
      after.push(await run(`tutorsBySubject/${subjectId}`));
    }
    const line = (runs: Run[]) =>
      `median ${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s (${runs.map((r) => r.ms.toFixed(0)).join(', ')} ms; ${runs[0]?.ranked} ranked)`;
    console.log(
      `\nSubjects tab: candidates fetched, ${N.toLocaleString('en')} tutors ` +
        `(production build, Chromium, web SDK as an admin; seeded in ${seeded.toFixed(0)} s):`,
    );
    console.log(
      `  subject ${subjectId}: ${entries.toLocaleString('en')} index entries, ` +
        `${(indexBytes / 1024 / 1024).toFixed(2)} MB as JSON`,
    );
    console.log(`  before: all tutors read + ranked        ${line(before)}`);
    console.log(`  after: the subject's index read + ranked ${line(after)} [target < 0.5 s]`);
  } finally {
    await harness.close();
    await deleteAccount(admin.uid);
    await rest('PUT', '', null);
  }
}

/** Prints the figures; starts a backend of its own when none is listening. */
export async function runCandidatesBench(): Promise<void> {
  await withBackend(import.meta.url, measure, []);
}

await runBench(import.meta.url, runCandidatesBench);
