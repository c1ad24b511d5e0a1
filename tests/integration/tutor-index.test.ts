/**
 * The index of tutors by subject (shared/domain/derived/tutorIndex) against the
 * local backend under database.rules.json, through the real web SDK signed in as an admin: the
 * tutors' entity api (rtdbEntityApi with the tutors' derivations, as features/people's tutorsApi)
 * creating, editing and deleting tutors keeps `tutorsBySubject` equal to `rebuild` of the tutors;
 * a confirmation followed by the Subjects tab's sync keeps the `confirmed` count; the rules refuse
 * entries that disagree with the record and a record whose subjects lack their entries.
 * Subject ids are unique to this run, so the nodes compared hold only this file's tutors.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { get, ref, remove, set, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncTutorEntries } from '@/features/matching/candidatesApi';
import { setConfirmedTutor } from '@/features/matching/matchingApi';
import { DERIVATIONS } from '@/shared/domain/derived';
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
  uniqueEmail,
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
    derived: DERIVATIONS.tutors,
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
    ...SUBJECTS.map((s) => `${TUTOR_INDEX_PATH}/${s}`),
    ...cleanup,
  );
});

describe('tutorsBySubject companions (pure)', () => {
  const before = {
    ...tutor('A', { [maths]: range('p1', 'p6'), [english]: range('p1', 'p3') }),
    status: true,
  };

  it('writes only the entries that change', () => {
    const companions = tutorsBySubject.companions(() => ({}));
    const narrower = tutor('A', { [maths]: range('p1', 'p6'), [english]: range('p2', 'p3') });
    expect(Object.keys(companions('t', before, narrower))).toEqual([
      `${TUTOR_INDEX_PATH}/${english}/t`,
    ]);
    // A field no entry holds (mobile) changes nothing; one every entry holds (name) changes all.
    expect(companions('t', before, { ...before, mobile: '+65 1' })).toEqual({});
    expect(Object.keys(companions('t', before, { ...before, name: 'B' })).sort()).toEqual(
      [`${TUTOR_INDEX_PATH}/${english}/t`, `${TUTOR_INDEX_PATH}/${maths}/t`].sort(),
    );
  });

  it('deletes the entries of removed subjects, of an inactive tutor and of a deleted one', () => {
    const companions = tutorsBySubject.companions(() => ({}));
    const swapped = tutor('A', { [maths]: range('p1', 'p6'), [science]: range('s1', 's4') });
    expect(companions('t', before, swapped)).toEqual({
      [`${TUTOR_INDEX_PATH}/${english}/t`]: null,
      [`${TUTOR_INDEX_PATH}/${science}/t`]: tutorSubjectEntries(swapped)[science],
    });
    expect(companions('t', before, { ...before, status: false })).toEqual({
      [`${TUTOR_INDEX_PATH}/${maths}/t`]: null,
      [`${TUTOR_INDEX_PATH}/${english}/t`]: null,
    });
    expect(companions('t', before, null)).toEqual(
      companions('t', before, { ...before, status: false }),
    );
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

  it('keeps the confirmed count after a confirmation and the Subjects tab sync', async () => {
    const t = uniqueId('tm');
    const s = uniqueId('sm');
    ids.push(t, s);
    await tutors().create({
      ...tutor('Tutor M', { [maths]: range('p1', 's4'), [science]: range('p1', 's4') }),
      id: t,
    });
    await rtdbEntityApi<ReturnType<typeof studentRecord> & { id: string }>('students', {
      connect: async () => web.database,
      derived: DERIVATIONS.students,
    }).create({ ...studentRecord('Student M'), id: s });

    await setConfirmedTutor(web.database, s, maths, t);
    await syncTutorEntries(web.database, [t]);
    await expectIndexEqualsRecords();
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${science}/${t}/confirmed`).get()).val()).toBe(1);

    await setConfirmedTutor(web.database, s, maths, null);
    await syncTutorEntries(web.database, [t]);
    await expectIndexEqualsRecords();
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${maths}/${t}/confirmed`).get()).val()).toBe(0);
  });
});

describe('tutorsBySubject rules (admin)', () => {
  let t: string;
  let entry: object;
  beforeAll(async () => {
    t = uniqueId('tr');
    ids.push(t);
    const record = tutor('Tutor R', { [maths]: range('p1', 'p6') });
    await tutors().create({ ...record, id: t });
    entry = tutorSubjectEntries(record)[maths] as object;
  });
  const at = (subjectId: string) => ref(web.database, `${TUTOR_INDEX_PATH}/${subjectId}/${t}`);

  it('reads and rewrites an entry equal to the record', async () => {
    expect((await get(at(maths))).val()).toEqual(entry);
    await set(at(maths), entry);
  });

  it.each([
    ['a field that differs from the record', () => set(at(maths), { ...entry, fee: 1 })],
    ['another level range', () => set(at(maths), { ...entry, levelEnd: 's4' })],
    ['a subject the tutor does not teach', () => set(at(english), entry)],
    ['an unknown field', () => set(at(maths), { ...entry, mobile: '+65 1' })],
    ['a negative count', () => set(at(maths), { ...entry, confirmed: -1 })],
    ['deleting the entry of a subject still taught', () => remove(at(maths))],
    [
      'a new subject in the record without its entry',
      () =>
        update(ref(web.database), {
          [`tutors/${t}/profileLevel/subjects/${english}`]: range('p1', 'p6'),
        }),
    ],
    [
      'a level range changed in the record only',
      () =>
        update(ref(web.database), {
          [`tutors/${t}/profileLevel/subjects/${maths}/levelEnd`]: 's4',
        }),
    ],
  ])('refuses %s', async (_name, write) => {
    await expect(write()).rejects.toThrow(/permission.denied/i);
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${maths}/${t}`).get()).val()).toEqual(entry);
    expect((await db().ref(`${TUTOR_INDEX_PATH}/${english}/${t}`).get()).exists()).toBe(false);
  });
});
