/**
 * The tutor-mapping writes of src/features/matching/matchingApi.ts through the real web SDK
 * against the local backend, under database.rules.json: both sides (students/{s}/tutorMapping and
 * tutors/{t}/confirmedStudents) agree after confirm, replace and remove, and two admins working
 * at once cannot leave them inconsistent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { ref, update } from 'firebase/database';
import { confirmUpdates, setConfirmedTutor } from '@/features/matching/matchingApi';
import {
  adminApp,
  createAccount,
  deleteAccount,
  signedInWebApp,
  uniqueEmail,
  uniqueId,
  type TestAccount,
  type WebApp,
} from '../support/backend';
import { removeWithDerived, writeWithDerived } from './derivedFixtures';
import { studentRecord, tutorRecord } from './peopleFixtures';

let admins: TestAccount[] = [];
let webA: WebApp;
let webB: WebApp;
let s: string;
let t1: string;
let t2: string;
let t3: string;
const subject = 'maths';
const db = () => getAdminDatabase(adminApp());

/** The stored state of both sides for (s, subject). */
async function sides() {
  const [mapping, ...tutorSides] = await Promise.all([
    db().ref(`students/${s}/tutorMapping/${subject}/confirmed`).get(),
    ...[t1, t2, t3].map((t) => db().ref(`tutors/${t}/confirmedStudents/${s}/${subject}`).get()),
  ]);
  return {
    confirmed: mapping.val() as string | null,
    tutors: Object.fromEntries([t1, t2, t3].map((t, i) => [t, tutorSides[i]!.val() === true])),
  };
}

/** Both sides agree: exactly the confirmed tutor (if any) holds the student's subject. */
async function expectConsistent() {
  const { confirmed, tutors } = await sides();
  for (const [t, has] of Object.entries(tutors)) expect(has, t).toBe(t === confirmed);
  return confirmed;
}

beforeAll(async () => {
  admins = await Promise.all([
    createAccount({ email: uniqueEmail('match-a'), isAdmin: true }),
    createAccount({ email: uniqueEmail('match-b'), isAdmin: true }),
  ]);
  const webs = await Promise.all(admins.map((a) => signedInWebApp(a.email, a.password)));
  webA = webs[0]!;
  webB = webs[1]!;
});

afterAll(async () => {
  await Promise.all([webA?.close(), webB?.close()]);
  await Promise.all(admins.map((a) => deleteAccount(a.uid)));
});

beforeEach(async () => {
  s = uniqueId('stu');
  [t1, t2, t3] = [uniqueId('tut1'), uniqueId('tut2'), uniqueId('tut3')];
  // With their list rows and counters, as the app writes people (the rules demand the rows).
  await writeWithDerived({
    students: { [s]: studentRecord() },
    tutors: { [t1]: tutorRecord('T1'), [t2]: tutorRecord('T2'), [t3]: tutorRecord('T3') },
  });
  return () => removeWithDerived({ students: [s], tutors: [t1, t2, t3] });
});

describe('setConfirmedTutor', () => {
  it('confirm, replace and remove keep both sides consistent', async () => {
    await setConfirmedTutor(webA.database, s, subject, t1);
    expect(await expectConsistent()).toBe(t1);
    const { previous } = await setConfirmedTutor(webA.database, s, subject, t2);
    expect(previous).toBe(t1);
    expect(await expectConsistent()).toBe(t2);
    await setConfirmedTutor(webA.database, s, subject, null);
    expect(await expectConsistent()).toBeNull();
    // The mapping node stays (updatedAt), so its consistency rule keeps applying.
    expect((await db().ref(`students/${s}/tutorMapping/${subject}/updatedAt`).get()).exists()).toBe(
      true,
    );
  });

  it('two admins confirming different tutors at once end with one tutor on both sides', async () => {
    const results = await Promise.allSettled([
      setConfirmedTutor(webA.database, s, subject, t1),
      setConfirmedTutor(webB.database, s, subject, t2),
      setConfirmedTutor(webA.database, s, subject, t3),
    ]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const confirmed = await expectConsistent();
    expect([t1, t2, t3]).toContain(confirmed);
  });

  it('one admin replacing while another removes ends consistent', async () => {
    await setConfirmedTutor(webA.database, s, subject, t1);
    await Promise.all([
      setConfirmedTutor(webA.database, s, subject, t2),
      setConfirmedTutor(webB.database, s, subject, null),
    ]);
    await expectConsistent();
  });
});

describe('rules reject stale or one-sided mapping writes', () => {
  it('rejects a replace computed from a stale read (the former tutor is not cleared)', async () => {
    // Admin B read "no tutor"; meanwhile admin A confirmed t1.
    await setConfirmedTutor(webA.database, s, subject, t1);
    const stale = confirmUpdates(s, subject, null, t2, Date.now());
    await expect(update(ref(webB.database), stale)).rejects.toThrow(/permission.denied/i);
    expect(await expectConsistent()).toBe(t1);
  });

  it('rejects a removal computed from a stale read', async () => {
    await setConfirmedTutor(webA.database, s, subject, t1);
    // B believed t2 was confirmed.
    const stale = confirmUpdates(s, subject, t2, null, Date.now());
    await expect(update(ref(webB.database), stale)).rejects.toThrow(/permission.denied/i);
    expect(await expectConsistent()).toBe(t1);
  });

  it('rejects the student side alone, and the tutor side alone', async () => {
    await expect(
      update(ref(webA.database), {
        [`students/${s}/tutorMapping/${subject}/confirmed`]: t1,
        [`students/${s}/tutorMapping/${subject}/updatedAt`]: Date.now(),
      }),
    ).rejects.toThrow(/permission.denied/i);
    await expect(
      update(ref(webA.database), { [`tutors/${t1}/confirmedStudents/${s}/${subject}`]: true }),
    ).rejects.toThrow(/permission.denied/i);
    expect(await expectConsistent()).toBeNull();
  });

  it('rejects a confirmed tutor that does not exist under tutors/', async () => {
    const ghost = uniqueId('ghost');
    await expect(
      update(ref(webA.database), confirmUpdates(s, subject, null, ghost, Date.now())),
    ).rejects.toThrow(/permission.denied/i);
    expect(await expectConsistent()).toBeNull();
  });
});
