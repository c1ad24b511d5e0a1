/**
 * Deleting reference data that records use (spec sections 3 and 4): the delete dialog of a
 * subject, school or browsing level counts what uses it (the server's `uses/` counters, and a
 * subject's orders by name) and names it ("1 confirmed match, 1 student and 1 order"); a used
 * subject or school is marked obsolete instead of deleted, a used browsing level cannot be
 * deleted; an unused one is deleted as before. A record that holds the id of a deleted subject or
 * school shows it as "(deleted)", never the raw id (the student's Subjects and Profile Level tabs).
 * A field level that bounds a subject's own level range counts that subject; marking a country
 * obsolete that people have names them and asks first. English and Spanish. Every record here has a unique id and is removed afterwards.
 */
import { randomInt } from 'node:crypto';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApp,
  createAccount,
  deleteAccount,
  uniqueEmail,
  uniqueId,
  writeRecords,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, gotoInApp, signedInPage } from '../support/browser';
import { studentRecord } from '../integration/peopleFixtures';
import { orderRecord } from '../support/orderFixture';

const cleanup: string[] = [];
let admin: TestAccount;
const db = () => getAdminDatabase(adminApp());

/**
 * The admin's page in `locale`, shared by the file's tests, still in the app: each opens its
 * screen with gotoInApp, none needs the app started afresh.
 */
function adminPage(locale: 'en' | 'es'): Promise<Page> {
  return signedInPage(admin, { locale, inApp: true });
}

/** A subject named `name` (sorted far after the demo data's). */
function subject(id: string, name: string) {
  return {
    id,
    name,
    levelStart: '',
    levelEnd: '',
    countryId: 'SG',
    isObsolete: false,
    order: 900_000 + randomInt(90_000),
    createdAt: Date.now(),
  };
}

/** A student who studies `subjectId` with a confirmed tutor, at school `schoolId`. */
function student(id: string, subjectId: string, schoolId: string | null) {
  return {
    ...studentRecord(`Uses Student ${id}`),
    id,
    profileLevel: {
      levelId: null,
      schoolId,
      fee: null,
      preferredTime: '0',
      startDate: null,
      groupTuition: 0,
      additionalRequest: '',
      browsingLevelId: null,
      subjects: { [subjectId]: 'avg' },
    },
    tutorMapping: { [subjectId]: { confirmed: `tutor-${id}`, updatedAt: Date.now() } },
  };
}

/** An order of `subjectName`, as the rules require one. */
function order(id: string, subjectName: string) {
  const now = Date.now();
  return orderRecord(id, now, {
    studentName: 'Uses Student',
    studentEmail: 'uses.student@tuition.test',
    tutorName: 'Uses Tutor',
    tutorEmail: 'uses.tutor@tuition.test',
    subjectName,
    total: 10,
    qty: 1,
    qtyLeft: 1,
    expiredDate: now + 86_400_000,
  });
}

/** Writes records (path -> value) as an import would, the triggers' counters included. */
async function arrange(records: Record<string, object>) {
  cleanup.push(...Object.keys(records));
  await writeRecords(records);
}

/** Opens `list`, finds the row of `name` and clicks its Delete button. */
async function openDelete(p: Page, list: string, name: string, deleteLabel: string) {
  await gotoInApp(p, list);
  await p.getByLabel(/^(Search|Buscar)$/).fill(name);
  await p.getByRole('button', { name: `${deleteLabel} ${name}` }).click();
  const dialog = p.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  admin = await createAccount({
    email: uniqueEmail('uses-admin'),
    isAdmin: true,
    record: { name: 'Uses Admin' },
  });
});

afterAll(async () => {
  await closeBrowser();
  // Students first, so that their counters are taken back by the triggers.
  if (cleanup.length) await writeRecords(Object.fromEntries(cleanup.map((path) => [path, null])));
  if (admin) await deleteAccount(admin.uid);
});

describe('deleting reference data in use', () => {
  it('a used subject names its uses and is marked obsolete instead (English)', async () => {
    const subjectId = uniqueId('subj');
    const name = `Uses Chemistry ${subjectId}`;
    const studentId = uniqueId('st');
    const orderId = uniqueId('ord');
    await arrange({
      [`subjects/${subjectId}`]: subject(subjectId, name),
      [`students/${studentId}`]: student(studentId, subjectId, null),
      [`orders/${orderId}`]: order(orderId, name),
    });
    const p = await adminPage('en');
    const dialog = await openDelete(p, '/subjects?all=1', name, 'Delete');
    await dialog
      .getByText(`${name} is in use: 1 confirmed match, 1 student, and 1 order.`)
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Mark obsolete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await db().ref(`subjects/${subjectId}/isObsolete`).get()).val())
      .toBe(true);
    // Still a subject, so the student's tab names it.
    expect((await db().ref(`subjects/${subjectId}/name`).get()).val()).toBe(name);
  });

  it('a used school is named in Spanish; an unused one is deleted', async () => {
    const schoolId = uniqueId('sch');
    const name = `Escuela Usada ${schoolId}`;
    const unusedId = uniqueId('sch');
    const unused = `Escuela Libre ${unusedId}`;
    const school = (id: string, n: string) => ({
      id,
      name: n,
      countryId: 'SG',
      isObsolete: false,
      order: 900_000 + randomInt(90_000),
    });
    const studentId = uniqueId('st');
    await arrange({
      [`schools/${schoolId}`]: school(schoolId, name),
      [`schools/${unusedId}`]: school(unusedId, unused),
      [`students/${studentId}`]: student(studentId, uniqueId('nosubj'), schoolId),
    });
    const p = await adminPage('es');
    const used = await openDelete(p, '/field-schools?all=1', name, 'Eliminar');
    await used.getByText(`${name} está en uso: 1 alumno.`).waitFor();
    await used.getByRole('button', { name: 'Marcar como obsoleto' }).waitFor();
    await used.getByRole('button', { name: 'Cancelar' }).click();
    await used.waitFor({ state: 'hidden' });

    const free = await openDelete(p, '/field-schools?all=1', unused, 'Eliminar');
    await free.getByRole('button', { name: 'Eliminar' }).click();
    await expect
      .poll(async () => (await db().ref(`schools/${unusedId}`).get()).exists())
      .toBe(false);
    expect((await db().ref(`schools/${schoolId}`).get()).exists()).toBe(true);
  });

  it('a used browsing level cannot be deleted (it has no obsolete mark)', async () => {
    const levelId = uniqueId('lvl');
    const name = `Uses Level ${levelId}`;
    const studentId = uniqueId('st');
    const record = student(studentId, uniqueId('nosubj'), null);
    record.profileLevel.browsingLevelId = levelId as never;
    await arrange({
      [`levels/${levelId}`]: {
        id: levelId,
        name,
        accessBy: 'tutor',
        description: 'A level in use',
        order: 900_000,
      },
      [`students/${studentId}`]: record,
    });
    const p = await adminPage('en');
    const dialog = await openDelete(p, '/browsing-levels', name, 'Delete');
    await dialog.getByText(`${name} is in use: 1 student.`).waitFor();
    await dialog.getByText('Change those records first; then it can be deleted.').waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Cancel']);
  });
});

describe('uses that the first version did not count', () => {
  it("a field level bounding a subject's level range names that subject (English)", async () => {
    const levelId = uniqueId('fl');
    const name = `Uses Field Level ${levelId}`;
    const subjectId = uniqueId('subj');
    const ranged = { ...subject(subjectId, `Uses Ranged ${subjectId}`), levelStart: levelId };
    await arrange({
      [`fieldLevels/${levelId}`]: {
        id: levelId,
        name,
        countryId: 'SG',
        isObsolete: false,
        order: 900_000 + randomInt(90_000),
        createdAt: Date.now(),
      },
      [`subjects/${subjectId}`]: ranged,
    });
    const p = await adminPage('en');
    const dialog = await openDelete(p, '/field-levels?all=1', name, 'Delete');
    await dialog.getByText(`${name} is in use: the level range of 1 subject.`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await db().ref(`fieldLevels/${levelId}/isObsolete`).get()).val()).toBe(false);
  });

  it('marking a country obsolete that a student has asks first, naming the uses (Spanish)', async () => {
    // Tuvalu: a country no other test or the demo data uses, so its counter is this test's.
    const storedTuvalu = async () =>
      Object.keys(
        ((await db().ref('countries').orderByChild('code').equalTo('TV').get()).val() as Record<
          string,
          unknown
        > | null) ?? {},
      );
    const studentId = uniqueId('st');
    await arrange({
      [`students/${studentId}`]: {
        ...student(studentId, uniqueId('nosubj'), null),
        countryId: 'TV',
      },
    });
    const p = await adminPage('es');
    await gotoInApp(p, '/countries');
    await p.getByLabel('Buscar').fill('Tuvalu');
    const mark = p.getByRole('switch', { name: 'Tuvalu está obsoleto' });
    await mark.click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText('Tuvalu está en uso: 1 alumno.').waitFor();
    // Cancel leaves it as it was.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await storedTuvalu()).toEqual([]);
    await expect.poll(() => mark.isDisabled()).toBe(false);

    await mark.click();
    await dialog.getByText('Tuvalu está en uso: 1 alumno.').waitFor();
    await dialog.getByRole('button', { name: 'Marcar como obsoleto' }).click();
    await expect.poll(storedTuvalu).toHaveLength(1);
    cleanup.push(...(await storedTuvalu()).map((id) => `countries/${id}`));
  });
});

describe('references to deleted records', () => {
  it.each([
    ['en', 'Subjects', '(deleted)', 'School'],
    ['es', 'Asignaturas', '(eliminado)', 'Colegio'],
  ] as const)(
    "the student's tabs say '(deleted)', never the raw id (%s)",
    async (locale, _tab, deleted, schoolLabel) => {
      const goneSubject = uniqueId('gone');
      const goneSchool = uniqueId('gone');
      const studentId = uniqueId('st');
      await arrange({ [`students/${studentId}`]: student(studentId, goneSubject, goneSchool) });
      const p = await adminPage(locale);
      await gotoInApp(p, `/students/${studentId}?tab=subjects`);
      const select = p.locator('#matching-subject');
      await select.waitFor();
      await expect.poll(() => select.locator('option:checked').textContent()).toBe(deleted);
      expect(await p.getByText(goneSubject).count()).toBe(0);

      await gotoInApp(p, `/students/${studentId}?tab=level`);
      const school = p.getByLabel(schoolLabel, { exact: true });
      await school.waitFor();
      await expect.poll(() => school.locator('option:checked').textContent()).toBe(deleted);
      // The deleted subject is listed, checked, under the same label.
      await p.getByRole('checkbox', { name: deleted }).waitFor();
      expect(await p.getByText(goneSchool).count()).toBe(0);
    },
  );
});
