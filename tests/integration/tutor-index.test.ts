/**
 * The index of tutors by subject (shared/domain/derived/tutorIndex), kept by the server's database
 * triggers (functions/src/derivedNodes.ts), against the local backend under database.rules.json:
 * tutors created, edited and deleted through the real web SDK signed in as an admin (the tutors'
 * entity api, as features/people's tutorsApi) leave `tutorsBySubject` equal to `rebuild` of the
 * tutors; a confirmation moves the `confirmed` count; a tutor stored through the Admin SDK (an
 * import, the console) is a candidate as soon as the trigger has run. Subject ids are unique to
 * this run, so the nodes compared hold only this file's tutors.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setConfirmedTutor } from '@/features/matching/matchingApi';
import {
  TUTOR_INDEX_PATH,
  tutorSubjectEntries,
  tutorsBySubject,
} from '@/shared/domain/derived/tutorIndex';
import { rtdbEntityApi } from '@/shared/rtdb';
import {
  adminApp,
  createAccount,
  deleteAccount,
  removePaths,
  signedInWebApp,
  triggersSettled,
  uniqueEmail,
  writeRecords,
  uniqueId,
  type TestAccount,
  type WebApp,
} from '../support/backend';
import { studentRecord, tutorRecord } from './peopleFixtures';

const db = () => getAdminDatabase(adminApp());
const tag = uniqueId('idx');
const [maths, english, science] = ['maths', 'english', 'science'].map((s) => `${tag}-${s}`) as [
  string,
  string,
  string,
];
const SUBJECTS = [maths, english, science];
const range = (levelStart: string, levelEnd: string) => ({ levelStart, levelEnd });

type TutorValue = ReturnType<typeof tutorRecord> & Record<string, unknown>;

const PROFILE = { fee: 45, preferredTime: '8_12', groupTuition: 0, additionalRequest: '' };

/** A valid tutor record with a profile level teaching `subjects`. */
function tutor(name: string, subjects: Record<string, { levelStart: string; levelEnd: string }>) {
  return { ...tutorRecord(name), profileLevel: { ...PROFILE, subjects } } as TutorValue;
}

let admin: TestAccount;
let web: WebApp;
const ids: string[] = [];
const cleanup: string[] = [];

const tutors = () =>
  rtdbEntityApi<TutorValue & { id: string }>('tutors', {
    connect: async () => web.database,
  });

/** Every tutor of this file as stored (read with admin rights). */
async function storedTutors(): Promise<Record<string, object>> {
  const records = await Promise.all(
    ids.map(async (id) => [id, (await db().ref(`tutors/${id}`).get()).val()]),
  );
  return Object.fromEntries(records.filter(([, record]) => record !== null));
}

/** Asserts that the index of this file's subjects equals `rebuild` of the stored tutors. */
async function expectIndexEqualsRecords(): Promise<void> {
  await triggersSettled();
  const expected = tutorsBySubject.rebuild(await storedTutors())[TUTOR_INDEX_PATH] as Record<
    string,
    unknown
  >;
  for (const subjectId of SUBJECTS) {
    const actual = (await db().ref(`${TUTOR_INDEX_PATH}/${subjectId}`).get()).val() as unknown;
    expect(actual ?? {}, subjectId).toEqual(expected[subjectId] ?? {});
  }
}

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('index-admin'), isAdmin: true });
  web = await signedInWebApp(admin.email, admin.password);
  // The subjects a tutor teaches must exist (database.rules.json).
  await writeRecords(
    Object.fromEntries(SUBJECTS.map((id) => [`subjects/${id}`, { name: id, countryId: 'SG', id }])),
  );
});

afterAll(async () => {
  await web?.close();
  if (admin) await deleteAccount(admin.uid);
  for (const id of ids) {
    const entries = await db().ref('auditLog').orderByChild('recordId').equalTo(id).get();
    entries.forEach((child) => {
      cleanup.push(`auditLog/${child.key as string}`);
    });
  }
  await removePaths(
    ...ids.flatMap((id) => [
      `tutors/${id}`,
      `students/${id}`,
      `lists/tutors/${id}`,
      `lists/students/${id}`,
    ]),
    ...SUBJECTS.flatMap((s) => [`${TUTOR_INDEX_PATH}/${s}`, `subjects/${s}`]),
    ...cleanup,
  );
});

describe('tutorsBySubject projection (pure)', () => {
  const before = {
    ...tutor('A', { [maths]: range('p1', 'p6'), [english]: range('p1', 'p3') }),
    status: true,
  };
  const at = (subjectId: string) => `${TUTOR_INDEX_PATH}/${subjectId}/t`;

  it('gives one entry per subject of an active tutor', () => {
    expect(tutorsBySubject.project!('t', before, [])).toEqual({
      [at(maths)]: tutorSubjectEntries(before)[maths],
      [at(english)]: tutorSubjectEntries(before)[english],
    });
  });

  it('clears the entries of removed subjects, of an inactive tutor and of a deleted one', () => {
    const swapped = tutor('A', { [maths]: range('p1', 'p6'), [science]: range('s1', 's4') });
    expect(tutorsBySubject.project!('t', swapped, [before])).toEqual({
      [at(maths)]: tutorSubjectEntries(swapped)[maths],
      [at(english)]: null,
      [at(science)]: tutorSubjectEntries(swapped)[science],
    });
    expect(tutorsBySubject.project!('t', { ...before, status: false }, [before])).toEqual({
      [at(maths)]: null,
      [at(english)]: null,
    });
    expect(tutorsBySubject.project!('t', null, [before, swapped])).toEqual({
      [at(maths)]: null,
      [at(english)]: null,
      [at(science)]: null,
    });
  });
});

describe('tutorsBySubject through the tutors api (web SDK, admin, rules on)', () => {
  it('follows creates, subject changes, status changes, edits and deletes', async () => {
    const api = tutors();
    const [a, b, c] = [uniqueId('ta'), uniqueId('tb'), uniqueId('tc')];
    ids.push(a, b, c);
    await api.create({
      ...tutor('Tutor A', { [maths]: range('p1', 'p6'), [english]: range('p3', 's2') }),
      id: a,
    });
    await api.create({ ...tutor('Tutor B', { [maths]: range('p4', 's4') }), id: b });
    await api.create({
      ...tutor('Tutor C', { [english]: range('p1', 'p2') }),
      status: false,
      id: c,
    });
    await expectIndexEqualsRecords();
    expect(
      Object.keys((await db().ref(`${TUTOR_INDEX_PATH}/${maths}`).get()).val() as object).sort(),
    ).toEqual([a, b].sort());

    // Subjects: english removed, science added, maths' range changed; the fee changes too.
    await api.modify({
      id: a,
      changes: tutor('Tutor A', { [maths]: range('p2', 'p5'), [science]: range('s1', 's4') }),
    });
    await api.modify({
      id: a,
      changes: {
        profileLevel: {
          ...PROFILE,
          fee: 60,
          subjects: { [maths]: range('p2', 'p5'), [science]: range('s1', 's4') },
        },
      },
    });
    await expectIndexEqualsRecords();
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${english}/${a}`).get()).exists()).toBe(false);
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${maths}/${a}/fee`).get()).val()).toBe(60);

    // Status off and on, and fields every entry holds.
    await api.modify({ id: b, changes: { status: false } });
    await api.modify({ id: c, changes: { status: true } });
    await api.modify({ id: a, changes: { name: 'Tutor A2', teachingSince: 2001, isMoe: 0 } });
    await expectIndexEqualsRecords();
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${maths}/${b}`).get()).exists()).toBe(false);
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${english}/${c}/name`).get()).val()).toBe(
      'Tutor C',
    );

    await api.remove(a);
    await expectIndexEqualsRecords();
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${science}/${a}`).get()).exists()).toBe(false);
  });

  it('keeps the confirmed count after a confirmation and its removal', async () => {
    const t = uniqueId('tm');
    const s = uniqueId('sm');
    ids.push(t, s);
    await tutors().create({
      ...tutor('Tutor M', { [maths]: range('p1', 's4'), [science]: range('p1', 's4') }),
      id: t,
    });
    await rtdbEntityApi<ReturnType<typeof studentRecord> & { id: string }>('students', {
      connect: async () => web.database,
    }).create({ ...studentRecord('Student M'), id: s });

    await setConfirmedTutor(web.database, s, maths, t);
    await expectIndexEqualsRecords();
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${science}/${t}/confirmed`).get()).val()).toBe(1);

    await setConfirmedTutor(web.database, s, maths, null);
    await expectIndexEqualsRecords();
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${maths}/${t}/confirmed`).get()).val()).toBe(0);
  });
});

describe('a tutor written without the app', () => {
  it('is a candidate once stored through the Admin SDK, and leaves when switched off', async () => {
    const t = uniqueId('tx');
    ids.push(t);
    const startedAt = Date.now();
    await db()
      .ref(`tutors/${t}`)
      .set({ ...tutor('Tutor X', { [maths]: range('p1', 'p6') }), id: t });
    // Polled as the Subjects tab sees it: the entry appears without any client writing it.
    await expect
      .poll(async () => (await db().ref(`${TUTOR_INDEX_PATH}/${maths}/${t}/name`).get()).val(), {
        timeout: 20_000,
        interval: 50,
      })
      .toBe('Tutor X');
    console.log(`Admin SDK tutor -> candidate in ${Date.now() - startedAt} ms`);
    await db().ref(`tutors/${t}/status`).set(false);
    await expectIndexEqualsRecords();
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${maths}/${t}`).get()).exists()).toBe(false);
  });
});
