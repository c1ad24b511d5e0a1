/**
 * Issue 16 item 3 benchmark: "Subjects tab: candidates fetched" at 50,000 tutors. Figures only;
 * never fails for slowness.
 *
 * 50,000 tutors of the deterministic demo generator (emulators/seed/build.ts, fixed seed and
 * clock) and their index `tutorsBySubject` (rebuildDerived, as the seed writes it) are written
 * through the Database REST API into a namespace of their own (`bench-candidates`, so the
 * backend's demo data is untouched; the rules are the project's). Then, through the web SDK
 * signed in as an admin (in Node), for the subject with the most tutors, median of 3 cold runs
 * (each a new app, its connection opened and signed in before the clock starts):
 * - before: `get(tutors)` (every tutor, as the Subjects tab read them) + ranking;
 * - after: `get(tutorsBySubject/{subject})` (the tab's one read per subject) + ranking.
 *
 * Run alone with `npx tsx bench/candidates.ts` (starts its own backend when none is up), or
 * through `npm run bench` (bench/run.ts).
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectDatabaseEmulator, get, getDatabase, ref } from 'firebase/database';
import { buildDemoData } from '../emulators/seed/build';
import { HOST, PORTS } from '../emulators/config';
import { rebuildDerived } from '../src/shared/domain/derived';
import { candidatesFrom, type TutorSubjectEntry } from '../src/shared/domain/derived/tutorIndex';
import { rankTutors } from '../src/features/matching/rankTutors';
import { reachable } from './support/reachable';

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

/** Seeds the namespace; returns the data and the subject with the most index entries. */
async function seed() {
  const data = buildDemoData({
    students: 20,
    tutors: N,
    orders: 0,
    seed: 16,
    now: Date.UTC(2026, 10, 1),
  });
  await rest('PUT', '', null);
  await rest('PUT', 'fieldLevels', data.fieldLevels);
  const tutors = Object.entries(data.tutors);
  for (let i = 0; i < tutors.length; i += 2_500)
    await rest('PATCH', 'tutors', Object.fromEntries(tutors.slice(i, i + 2_500)));
  const index = rebuildDerived({ tutors: data.tutors }).tutorsBySubject as Record<
    string,
    Record<string, TutorSubjectEntry>
  >;
  for (const [subjectId, entries] of Object.entries(index))
    await rest('PUT', `tutorsBySubject/${subjectId}`, entries);
  const [subjectId, entries] = Object.entries(index).sort(
    (a, b) => Object.keys(b[1]).length - Object.keys(a[1]).length,
  )[0]!;
  const student = Object.values(data.students).find((s) => s.profileLevel?.levelId)!;
  return {
    data,
    subjectId,
    entries: Object.keys(entries).length,
    student,
    indexBytes: JSON.stringify(entries).length,
  };
}

/** Times `read` + ranking in a fresh signed-in web app, connection already open. */
async function coldRun(
  email: string,
  password: string,
  read: (db: ReturnType<typeof getDatabase>, uid: string) => Promise<number>,
) {
  const app = initializeApp(
    { apiKey: 'demo-api-key', projectId: 'demo-tuition', databaseURL: `${REST}?ns=${NAMESPACE}` },
    `bench-${Math.random()}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${HOST}:${PORTS.auth}`, { disableWarnings: true });
  const db = getDatabase(app);
  connectDatabaseEmulator(db, HOST, PORTS.database);
  try {
    const { user } = await signInWithEmailAndPassword(auth, email, password);
    await get(ref(db, `users/${user.uid}`)); // the socket is open and authenticated
    const start = performance.now();
    const candidates = await read(db, user.uid);
    return { ms: performance.now() - start, candidates };
  } finally {
    await deleteApp(app);
  }
}

async function measure(): Promise<void> {
  const { createAccount, deleteAccount } = await import('../tests/support/backend');
  const started = performance.now();
  const { data, subjectId, entries, student, indexBytes } = await seed();
  const seeded = (performance.now() - started) / 1000;
  const admin = await createAccount({ isAdmin: true });
  await rest('PUT', `users/${admin.uid}`, admin.record);
  const levels = Object.values(data.fieldLevels);
  try {
    const before: number[] = [];
    const after: number[] = [];
    let ranked = [0, 0];
    for (let run = 0; run < RUNS; run++) {
      const all = await coldRun(admin.email, admin.password, async (db) => {
        const tutors = (await get(ref(db, 'tutors'))).val() as Record<string, object>;
        const list = Object.entries(tutors).map(([id, t]) => ({ ...t, id }));
        return rankTutors(student, candidatesFrom(list, subjectId), levels).length;
      });
      const indexed = await coldRun(admin.email, admin.password, async (db) => {
        const snap = (await get(ref(db, `tutorsBySubject/${subjectId}`))).val() as Record<
          string,
          TutorSubjectEntry
        >;
        const list = Object.entries(snap).map(([id, e]) => ({ ...e, id }));
        return rankTutors(student, list, levels).length;
      });
      before.push(all.ms);
      after.push(indexed.ms);
      ranked = [all.candidates, indexed.candidates];
    }
    console.log(
      `\nSubjects tab candidates, ${N.toLocaleString('en')} tutors (web SDK in Node, admin; seeded in ${seeded.toFixed(0)} s):`,
    );
    console.log(
      `  subject ${subjectId}: ${entries.toLocaleString('en')} index entries (${(indexBytes / 1024 / 1024).toFixed(2)} MB JSON); ranked candidates ${ranked[0]} / ${ranked[1]}`,
    );
    console.log(
      `  all tutors fetched + ranked (before)       median ${(median(before) / 1000).toFixed(2)} s  (${before.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
    );
    console.log(
      `  subject index fetched + ranked (after)     median ${(median(after) / 1000).toFixed(2)} s  (${after.map((ms) => ms.toFixed(0)).join(', ')} ms; target < 0.5 s)`,
    );
  } finally {
    await deleteAccount(admin.uid);
    await rest('PUT', '', null);
  }
}

/** Prints the figures; starts a backend of its own when none is listening. */
export async function runCandidatesBench(): Promise<void> {
  if ((await reachable(`http://${HOST}:${PORTS.auth}/`)) && (await reachable(`${REST}/.json`)))
    return measure();
  const root = join(import.meta.dirname, '..');
  const cli = [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'emulators/start.ts')];
  const exec = `npx tsx ${join(root, 'bench/candidates.ts')}`;
  const result = spawnSync(process.execPath, [...cli, '--exec', exec], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) throw new Error(`the candidates bench exited with ${result.status}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await runCandidatesBench();
  process.exit(0);
}
