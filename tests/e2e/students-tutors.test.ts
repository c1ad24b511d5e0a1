/**
 * Students and tutors in Chromium against the local backend (spec 2 Students and tutors,
 * 3, 4, 8): an admin creates a tutor and a student with photos, fills their profile levels,
 * matches them on the student's Subjects tab, sees the match on both records, resets a test
 * result and deletes both. The tests run in order and share the records they create; everything
 * is removed afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import {
  adminApp,
  createAccount,
  deleteAccount,
  deleteAccountByEmail,
  removePaths,
  uniqueEmail,
  uniqueId,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, gotoInApp, newPage, signIn } from '../support/browser';
import { TINY_PNG } from '../support/rulesMatrix';

const db = () => getAdminDatabase(adminApp());
let admin: TestAccount;
let p: Page;
const tag = uniqueId('e2e');
const levelIds = [`${tag}-lo`, `${tag}-mid`, `${tag}-hi`];
const subjectId = `${tag}-maths`;
const subjectName = `Maths ${tag}`;
const tutor = { email: uniqueEmail('e2e-tutor'), name: `Tutor ${tag}`, uid: '' };
const student = { email: uniqueEmail('e2e-student'), name: `Student ${tag}`, uid: '' };

/** The id of the record under `path` whose e-mail is `email`. */
async function idByEmail(path: string, email: string): Promise<string> {
  const all = ((await db().ref(path).get()).val() ?? {}) as Record<string, { email?: string }>;
  const id = Object.keys(all).find((k) => all[k]?.email === email);
  if (!id) throw new Error(`no ${path} record for ${email}`);
  return id;
}

async function createPerson(kind: 'tutors' | 'students', who: typeof tutor) {
  await gotoInApp(p, `/${kind}/new`);
  const save = p.getByRole('button', { name: 'Save' });
  await p.getByLabel('E-mail', { exact: true }).fill('not-an-email');
  await p.getByLabel('Name', { exact: true }).fill(who.name);
  await p.getByLabel('Mobile', { exact: true }).fill('+65 9123 4567');
  await p.getByLabel('Name', { exact: true }).focus();
  await expect
    .poll(() => p.getByRole('alert').filter({ hasText: 'Invalid E-mail' }).count())
    .toBe(1);
  expect(await save.isDisabled()).toBe(true);
  await p.getByLabel('E-mail', { exact: true }).fill(who.email);
  await p.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(TINY_PNG),
  });
  await save.click();
  await p
    .getByText(kind === 'tutors' ? 'Tutor created successfully' : 'Student created successfully')
    .waitFor({ timeout: 30_000 });
  who.uid = await idByEmail(kind, who.email);
  // A new person continues on its edit page with the Profile Level tab open.
  await p.waitForURL((url) => url.pathname === `/${kind}/${who.uid}`);
  await expect
    .poll(() => p.getByRole('tab', { name: 'Profile Level' }).getAttribute('aria-selected'))
    .toBe('true');
  await expect
    .poll(async () => (await db().ref(`${kind}/${who.uid}/logoUrl`).get()).val(), {
      timeout: 30_000,
    })
    .toMatch(/_200x200\.png/);
}

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('people-admin'), isAdmin: true });
  await db()
    .ref()
    .update({
      ...Object.fromEntries(
        levelIds.map((id, i) => [
          `fieldLevels/${id}`,
          {
            name: `Level ${i} ${tag}`,
            countryId: 'SG',
            isObsolete: false,
            order: 900 + i,
            createdAt: 0,
          },
        ]),
      ),
      [`subjects/${subjectId}`]: {
        name: subjectName,
        levelStart: levelIds[0],
        levelEnd: levelIds[2],
        countryId: 'SG',
        isObsolete: false,
        order: 900,
        createdAt: 0,
      },
    });
  p = await newPage({ locale: 'en' });
  await signIn(p, admin.email, admin.password);
});

afterAll(async () => {
  await p?.context().close();
  await closeBrowser();
  await Promise.all([
    admin && deleteAccount(admin.uid),
    deleteAccountByEmail(tutor.email),
    deleteAccountByEmail(student.email),
  ]);
  await removePaths(
    `subjects/${subjectId}`,
    ...levelIds.map((id) => `fieldLevels/${id}`),
    ...(tutor.uid ? [`tutors/${tutor.uid}`] : []),
    ...(student.uid ? [`students/${student.uid}`] : []),
  );
});

describe('students and tutors (admin)', () => {
  it('creates a tutor and a student with photos', async () => {
    await createPerson('tutors', tutor);
    await createPerson('students', student);
    // Later tabs are enabled once the record exists.
    await gotoInApp(p, `/students/${student.uid}`);
    expect(await p.getByRole('tab', { name: 'Subjects' }).getAttribute('aria-disabled')).toBeNull();
    await gotoInApp(p, '/students/new');
    expect(await p.getByRole('tab', { name: 'Subjects' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('shows the message of each Profile Level rule', async () => {
    // Save used to be disabled with no message for each of these.
    await gotoInApp(p, `/tutors/${tutor.uid}`);
    await p.getByRole('tab', { name: 'Profile Level' }).click();
    const alert = (text: string) => p.getByRole('alert').filter({ hasText: text }).first();
    await p.getByLabel('Fee per hour').fill('-5');
    await alert('The fee must be a positive number').waitFor();
    // No preferred time chosen yet: required.
    await alert('This field is required').waitFor();
    await p.getByRole('checkbox', { name: subjectName }).check();
    await p.getByLabel(`First level for ${subjectName}`).selectOption(levelIds[2]!);
    await p.getByLabel(`Last level for ${subjectName}`).selectOption(levelIds[0]!);
    await alert('The first level must not be above the last one').waitFor();
    expect(await p.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  });

  it('fills both profile levels', async () => {
    await gotoInApp(p, `/tutors/${tutor.uid}`);
    await p.getByRole('tab', { name: 'Profile Level' }).click();
    await p.getByLabel('Preferred time').selectOption({ label: 'Morning 8AM-12PM' });
    await p.getByRole('checkbox', { name: subjectName }).check();
    await p.getByLabel(`First level for ${subjectName}`).selectOption(levelIds[0]!);
    await p.getByLabel(`Last level for ${subjectName}`).selectOption(levelIds[2]!);
    await p.getByLabel('Fee per hour').fill('45');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.waitForURL('**/tutors');
    await p.getByText('Tutor updated successfully').first().waitFor();

    await gotoInApp(p, `/students/${student.uid}`);
    await p.getByRole('tab', { name: 'Profile Level' }).click();
    await p.getByLabel('School level').selectOption(levelIds[1]!);
    await p.getByLabel('Preferred time').selectOption({ label: 'Morning 8AM-12PM' });
    await p.getByRole('checkbox', { name: subjectName }).check();
    expect(await p.getByLabel(`Proficiency in ${subjectName}`).inputValue()).toBe('avg');
    await p.getByLabel('Budget per hour').fill('50');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.waitForURL('**/students');
    await p.getByText('Student updated successfully').first().waitFor();

    const stored = (await db().ref(`students/${student.uid}/profileLevel`).get()).val();
    expect(stored).toMatchObject({
      levelId: levelIds[1],
      preferredTime: '8_12',
      fee: 50,
      subjects: { [subjectId]: 'avg' },
    });
  });

  it('matches them on the Subjects tab and shows the match on both records', async () => {
    await gotoInApp(p, `/students/${student.uid}`);
    await p.getByRole('tab', { name: 'Subjects' }).click();
    await p.getByLabel('Subject', { exact: true }).selectOption(subjectId);
    await p.getByRole('button', { name: `Confirm ${tutor.name}` }).click();
    await p.getByText('Tutor is matched successfully').waitFor();
    await p.getByText(`Confirmed tutor for ${subjectName}: ${tutor.name}`).waitFor();
    expect(
      (await db().ref(`students/${student.uid}/tutorMapping/${subjectId}/confirmed`).get()).val(),
    ).toBe(tutor.uid);
    expect(
      (
        await db().ref(`tutors/${tutor.uid}/confirmedStudents/${student.uid}/${subjectId}`).get()
      ).val(),
    ).toBe(true);

    await gotoInApp(p, `/tutors/${tutor.uid}`);
    const matched = p.getByRole('region', { name: 'Confirmed students' });
    await matched.getByRole('link', { name: student.name }).waitFor();
    expect(await matched.textContent()).toContain(subjectName);
  });

  it('resets a test result', async () => {
    await db()
      .ref(`students/${student.uid}`)
      .update({ isTested: true, testResult: [3, 18, 0, 7, 9, 12, 4, 6] });
    await gotoInApp(p, `/students/${student.uid}`);
    await p.getByRole('tab', { name: 'Test result' }).click();
    await p.getByRole('button', { name: 'Reset' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
    await p.getByText('This user has not completed the multiple intelligence test yet!').waitFor();
    const after = (await db().ref(`students/${student.uid}`).get()).val() as {
      isTested: boolean;
      testResult?: unknown;
    };
    expect(after.isTested).toBe(false);
    expect(after.testResult ?? null).toBeNull();
  });

  it('deletes the student (after confirming) and the tutor loses the match', async () => {
    // Searched for, as an admin would: other files' students (an import of hundreds) can push it
    // off the first page of the shared list.
    await gotoInApp(p, `/students?q=${encodeURIComponent(student.name)}`);
    await p.getByRole('button', { name: `Delete ${student.name}` }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await p.getByText('The student was deleted.').waitFor();
    expect((await db().ref(`students/${student.uid}`).get()).exists()).toBe(false);
    expect(
      (await db().ref(`tutors/${tutor.uid}/confirmedStudents/${student.uid}`).get()).exists(),
    ).toBe(false);

    await gotoInApp(p, `/tutors?q=${encodeURIComponent(tutor.name)}`);
    await p.getByRole('button', { name: `Delete ${tutor.name}` }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await p.getByText('The tutor was deleted.').waitFor();
    expect((await db().ref(`tutors/${tutor.uid}`).get()).exists()).toBe(false);
  });
});
