/**
 * Matching benchmarks (figures only; never fails for slowness):
 * 1. rankTutors for one student's subject among 10,000 tutors: ms p50/p95 over 200 runs
 *    (target < 20 ms p95).
 * 2. The students list with 10,000 students: ms from dispatching the fetched records into the
 *    store (students.fetchAll.fulfilled) to the first page in the DOM (target < 1 s), in Chromium
 *    on a production build of a page rendering the app's PeopleList with the app's store
 *    (bench/support/chromiumHarness.ts). Needs no backend: the page never talks to Firebase.
 *
 * Run alone with `npx tsx bench/matching.ts`, or through `npm run bench` (bench/run.ts).
 */
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemoData } from '../emulators/seed/build';
import { blankPerson } from '../src/features/matching/fixtures';
import { rankTutors } from '../src/features/matching/rankTutors';
import { candidatesFrom } from '../src/shared/domain/derived/tutorIndex';
import type { FieldLevel } from '../src/features/field-levels/types';
import type { Student } from '../src/features/people/students/types';
import type { Tutor } from '../src/features/people/tutors/types';
import { openHarness, percentile, READY_TIMEOUT_MS } from './support/chromiumHarness';

const TIMES = ['0', '8_12', '12_6', '6_10'] as const;

const base = { ...blankPerson, email: 'x@tuition.test' };

function fixtures(n: number) {
  const levels: FieldLevel[] = Array.from({ length: 14 }, (_, i) => ({
    id: `lvl${i}`,
    name: `Level ${i}`,
    countryId: 'SG',
    isObsolete: false,
    order: i,
    createdAt: 0,
  }));
  const subjects = ['maths', 'english', 'science', 'chinese', 'physics'];
  const tutors: Tutor[] = Array.from({ length: n }, (_, i) => {
    const start = i % 8;
    return {
      ...base,
      id: `tutor${i}`,
      name: `Tutor ${i}`,
      userType: 'tutor',
      status: i % 10 !== 0,
      countryId: i % 7 === 0 ? 'MY' : 'SG',
      teachingSince: 1990 + (i % 35),
      isMoe: (i % 3 === 0 ? 1 : 0) as 0 | 1,
      tutorMinDuration: 2,
      tutorTechInHome: 0,
      tutorVideoUrl: '',
      cvUrl: null,
      confirmedStudents: i % 4 === 0 ? { [`s${i}`]: { maths: true } } : undefined,
      profileLevel: {
        levelId: null,
        schoolId: null,
        fee: 30 + (i % 50),
        preferredTime: TIMES[i % 4]!,
        startDate: null,
        groupTuition: (i % 2) as 0 | 1,
        additionalRequest: '',
        browsingLevelId: null,
        subjects: Object.fromEntries(
          subjects
            .filter((_, k) => (i + k) % 2 === 0)
            .map((s) => [s, { levelStart: `lvl${start}`, levelEnd: `lvl${start + 5}` }]),
        ),
      },
    };
  });
  const student: Student = {
    ...base,
    id: 'student',
    name: 'Student',
    userType: 'student',
    isParent: 0,
    studentName: '',
    studentMobile: '',
    studentEmail: '',
    studentDob: null,
    studentGender: 'male',
    profileLevel: {
      levelId: 'lvl6',
      schoolId: null,
      fee: 55,
      preferredTime: '8_12',
      startDate: null,
      groupTuition: 0,
      additionalRequest: '',
      browsingLevelId: null,
      subjects: { maths: 'avg' },
    },
  };
  return { levels, tutors, student };
}

function benchRanking() {
  const { levels, tutors, student } = fixtures(10_000);
  // The Subjects tab ranks the subject's index entries (tutorsBySubject): built once, as read.
  const entries = candidatesFrom(tutors, 'maths');
  let candidates = 0;
  for (let i = 0; i < 20; i++) candidates = rankTutors(student, entries, levels).length;
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    rankTutors(student, entries, levels);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  rankTutors, 10,000 tutors (${candidates} candidates), 200 runs: ` +
      `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (target < 20 ms p95)`,
  );
}

/**
 * The page under test: the app's store (src/app/store.ts: every slice, persisted to IndexedDB,
 * the toasts listener) and the app's PeopleList at /students, with the app's English messages.
 * The list's own fetch on mount is a thunk, and the Provider's dispatch does not run thunks, so
 * the page never talks to Firebase; it marks the list loading as that fetch would, and
 * `bench.load` then delivers the records as the fetch's fulfilled action.
 */
const STUDENTS_HARNESS = `
import { createElement as h } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import 'bulma/css/bulma.min.css';
import '@/app/styles.css';
import { messages } from '@/app/i18n/allMessages';
import { persistor, store } from '@/app/store';
import { students } from '@/features/people/students/studentsSlice';
import { PeopleList } from '@/features/people/components/PeopleList';
import { studentKind } from '@/features/people/kinds';

const noThunks = {
  ...store,
  dispatch: (action) => (typeof action === 'function' ? undefined : store.dispatch(action)),
};
flushSync(() =>
  createRoot(document.getElementById('root')).render(
    h(Provider, { store: noThunks },
      h(IntlProvider, { locale: 'en', messages: messages.en },
        h(MemoryRouter, { initialEntries: ['/students'] },
          h(PeopleList, { kind: studentKind })))),
  ),
);
store.dispatch(students.fetchAll.pending('bench'));

window.bench = {
  ready: () => persistor.getState().bootstrapped,
  load(records) {
    const t0 = performance.now();
    flushSync(() => store.dispatch(students.fetchAll.fulfilled(records, 'bench')));
    const ms = performance.now() - t0;
    const rows = document.querySelectorAll('table tbody tr');
    return { ms, rows: rows.length, firstRow: rows[0]?.textContent ?? '' };
  },
};
`;

/**
 * The students list: ms from dispatching 10,000 fetched students (emulators/seed demo data) into
 * the store to the first page in the DOM, in Chromium on a production build; the first load of
 * a fresh page, then the same on RELOADS reloaded pages.
 */
async function benchStudentsList() {
  const RELOADS = 4;
  const records = Object.values(buildDemoData({ students: 10_000, orders: 0, now: 0 }).students);
  const harness = await openHarness('students', STUDENTS_HARNESS, {
    ready: 'window.bench.ready()',
  });
  try {
    const { page } = harness;
    type Bench = { load(records: Student[]): { ms: number; rows: number; firstRow: string } };
    const load = () =>
      page.evaluate((r) => (window as unknown as { bench: Bench }).bench.load(r), records);
    const first = await load();
    // The list sorts newest first: the page shows the loaded records, not a loading state.
    const newest = Math.max(...records.map((r) => r.createdAt));
    if (!records.some((r) => r.createdAt === newest && first.firstRow.includes(r.email))) {
      throw new Error(`the first row is not the newest student: ${first.firstRow}`);
    }
    const again: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      await page.reload();
      await page.waitForFunction(
        () => (window as unknown as { bench?: { ready(): boolean } }).bench?.ready(),
        undefined,
        { timeout: READY_TIMEOUT_MS },
      );
      again.push((await load()).ms);
    }
    console.log(
      `  students list, ${records.length.toLocaleString('en')} students (production build, Chromium): ` +
        `first page (${first.rows} rows) ${first.ms.toFixed(0)} ms after the data arrived ` +
        `(reloaded: ${again.map((ms) => ms.toFixed(0)).join(', ')} ms; target < 1000 ms)`,
    );
    if (harness.foreignRequests.length > 0) {
      console.log(`  ! the page made requests elsewhere: ${harness.foreignRequests.join(', ')}`);
    }
  } finally {
    await harness.close();
  }
}

/** Prints the figures of both benchmarks. */
export async function runMatchingBench(): Promise<void> {
  console.log('\nMatching and students list');
  benchRanking();
  try {
    await benchStudentsList();
  } catch (error) {
    console.log(`  students list render: skipped (${(error as Error).message})`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await runMatchingBench();
  process.exit(0);
}
