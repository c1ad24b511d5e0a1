/**
 * What a new admin tripped over in a day, part 2, each checked as a person meets it, at 1280 px
 * and 390 px, in English and Spanish where words are involved:
 * - validation: a subject's level range cannot run backwards; a mobile 'abc', a postcode
 *   'ABCDEFGHIJKLMNOP' and teaching since '3020' are refused; a second field level 'Primary 1'
 *   of a country is refused; a date typed as 31/02/2026 keeps its text and says 'Invalid date';
 *   the password hint says the rule;
 * - an admin's row in Users opens its form, where the admin role can be withdrawn;
 * - on a phone, a record's tabs and the product name are whole on screen;
 * - words: Spanish says 'alumnos', never 'estudiantes'; browsing and field levels by their names;
 * - details: delete dialogs name the record, record pages name it in the title and keep the open
 *   tab through a reload, My profile does not let the created date change, the login page has no
 *   social buttons that do nothing.
 * Everything runs on records of its own (this run's tag), removed afterwards.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoData } from '../../emulators/seed/build';
import {
  adminApp,
  createAccount,
  deleteAccount,
  removePaths,
  uniqueEmail,
  uniqueId,
  writeRecords,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, gotoInApp, newPage, signedInPage } from '../support/browser';

const tag = uniqueId()
  .replace(/[^a-z0-9]/gi, '')
  .slice(-8);
const data = buildDemoData({ students: 1, tutors: 1, orders: 0, seed: 5151 });
const [tutorId, tutor] = Object.entries(data.tutors)[0]!;
const [studentId, student] = Object.entries(data.students)[0]!;
const tutorName = `Zz${tag} Tutor`;
const studentName = `Zz${tag} Student`;
// Two field levels of Singapore, named with this run's tag, so no other record clashes with them.
const country = 'SG';
const levelLow = { id: `day-${tag}-p1`, name: `Primary 1 ${tag}`, order: 9100 };
const levelHigh = { id: `day-${tag}-jc2`, name: `JC 2 ${tag}`, order: 9112 };
const subject = { id: `day-${tag}-subject`, name: `Maths ${tag}` };
const paths = [
  `tutors/${tutorId}`,
  `students/${studentId}`,
  `fieldLevels/${levelLow.id}`,
  `fieldLevels/${levelHigh.id}`,
  `subjects/${subject.id}`,
];

let admin: TestAccount;
let otherAdmin: TestAccount;

/**
 * The admin's page in this language and width, shared by the tests that ask for the same. At the
 * default width it stays in the app, and the tests open their screens with gotoInApp: none of
 * them needs the app started afresh. The phone's tests load their screen at 390 px, as the app
 * reads the width when it starts.
 */
function page(options: { locale?: string; width?: number } = {}): Promise<Page> {
  return signedInPage(admin, { ...options, inApp: options.width === undefined });
}

beforeAll(async () => {
  admin = await createAccount({
    email: uniqueEmail('day-admin'),
    isAdmin: true,
    record: { name: `Zz${tag} Admin` },
  });
  otherAdmin = await createAccount({
    email: uniqueEmail('day-other-admin'),
    isAdmin: true,
    record: { name: `Zz${tag} Other Admin` },
  });
  const fieldLevel = (l: typeof levelLow) => ({
    ...l,
    countryId: country,
    isObsolete: false,
    createdAt: Date.now(),
  });
  await writeRecords({
    [`tutors/${tutorId}`]: { ...tutor, name: tutorName, status: true },
    [`students/${studentId}`]: { ...student, name: studentName },
    [`fieldLevels/${levelLow.id}`]: fieldLevel(levelLow),
    [`fieldLevels/${levelHigh.id}`]: fieldLevel(levelHigh),
    [`subjects/${subject.id}`]: {
      ...subject,
      levelStart: '',
      levelEnd: '',
      countryId: country,
      isObsolete: false,
      order: 9100,
      createdAt: Date.now(),
    },
  });
}, 60_000);

afterAll(async () => {
  await closeBrowser();
  await removePaths(...paths);
  if (otherAdmin) await deleteAccount(otherAdmin.uid);
  if (admin) await deleteAccount(admin.uid);
});

/** Some field's error (an alert) says `text`. */
async function fieldSays(p: Page, text: string): Promise<void> {
  await p.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

describe('validation', () => {
  it("refuses a subject's level range that runs backwards", async () => {
    const p = await page();
    await gotoInApp(p, `/subjects/${subject.id}`);
    await p.getByLabel('Level start', { exact: true }).selectOption({ label: levelHigh.name });
    await p.getByLabel('Level end', { exact: true }).selectOption({ label: levelLow.name });
    await fieldSays(p, 'The first level must not be above the last one');
    expect(await p.getByRole('button', { name: 'Save' }).first().isDisabled()).toBe(true);
    await p.getByLabel('Level end', { exact: true }).selectOption({ label: levelHigh.name });
    await expect.poll(() => p.getByRole('button', { name: 'Save' }).first().isEnabled()).toBe(true);
  });

  it("refuses mobile 'abc', postcode 'ABCDEFGHIJKLMNOP' and teaching since '3020'", async () => {
    const p = await page();
    await gotoInApp(p, `/tutors/${tutorId}`);
    const save = p.getByRole('button', { name: 'Save' }).first();
    await p.getByLabel('Mobile', { exact: true }).fill('abc');
    await p.getByLabel('Postcode', { exact: true }).fill('ABCDEFGHIJKLMNOP');
    await p.getByLabel('Teaching since (year)', { exact: true }).fill('3020');
    await p.getByLabel('Mobile', { exact: true }).focus();
    await fieldSays(p, 'Enter a phone number');
    await fieldSays(p, 'Enter a postcode');
    await fieldSays(p, 'Enter a year from 1900 to this year');
    expect(await save.isDisabled()).toBe(true);
    await p.getByLabel('Mobile', { exact: true }).fill('+65 9123 4567');
    await p.getByLabel('Postcode', { exact: true }).fill('238823');
    await p.getByLabel('Teaching since (year)', { exact: true }).fill('2015');
    await expect.poll(() => save.isEnabled()).toBe(true);
  });

  it('refuses a second field level named like another of its country, in any case', async () => {
    const p = await page();
    await gotoInApp(p, '/field-levels/new');
    await p.getByLabel('Name', { exact: true }).fill(` ${levelLow.name.toUpperCase()} `);
    await fieldSays(p, 'Another field level of this country has this name');
    expect(await p.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  });

  it.each([
    ['en', 'Created', 'Invalid date'],
    ['es', 'Fecha de creación', 'Fecha no válida'],
  ])(
    '%s: a date typed as 31/02/2026 keeps its text and is called invalid',
    async (locale, label, says) => {
      const p = await page({ locale });
      await gotoInApp(p, `/users/${otherAdmin.uid}`);
      const date = p.getByLabel(label, { exact: true });
      await date.fill('31/02/2026');
      await p.getByRole('heading', { level: 1 }).click();
      await fieldSays(p, says);
      expect(await date.inputValue()).toBe('31/02/2026');
    },
  );

  it.each([
    ['en', 'New password', 'Insecure password: use at least 6 characters'],
    ['es', 'Nueva contraseña', 'Contraseña insegura: usa al menos 6 caracteres'],
  ])('%s: the password hint says the rule', async (locale, label, says) => {
    const p = await page({ locale });
    await gotoInApp(p, '/profile');
    await p.getByLabel(label, { exact: true }).fill('abc');
    await p.getByText(says).waitFor();
  });
});

describe('users list', () => {
  it("opens an admin's row, where the admin role can be withdrawn", async () => {
    const p = await page();
    await gotoInApp(p, `/users?q=${tag}`);
    const table = p.getByRole('table', { name: 'Users' });
    const name = `Zz${tag} Other Admin`;
    expect(await table.getByRole('button', { name: `Delete ${name}` }).count()).toBe(0);
    await table.getByRole('link', { name: `Edit ${name}` }).click();
    await p.getByLabel('Is Admin').uncheck();
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('User updated successfully').waitFor({ timeout: 30_000 });
    await table.getByRole('button', { name: `Delete ${name}` }).waitFor();
    const stored = await getAdminDatabase(adminApp()).ref(`users/${otherAdmin.uid}/isAdmin`).get();
    expect(stored.val()).toBe(false);
  });
});

describe('a phone, 390 px', () => {
  it.each([
    ['en', 'Subjects'],
    ['es', 'Asignaturas'],
  ])("%s: a student's tabs are whole on screen", async (locale, lastTab) => {
    const p = await page({ locale, width: 390 });
    await p.goto(`/students/${studentId}`);
    const tabs = p.getByRole('tab');
    await p.getByRole('tab', { name: lastTab }).waitFor();
    const boxes = await tabs.evaluateAll((elements) =>
      elements.map((e) => {
        const box = e.getBoundingClientRect();
        return {
          text: e.textContent,
          left: box.left,
          right: box.right,
          cut: e.scrollWidth > e.clientWidth,
        };
      }),
    );
    for (const box of boxes) {
      expect(box, String(box.text)).toMatchObject({ cut: false });
      expect(box.left, String(box.text)).toBeGreaterThanOrEqual(0);
      expect(box.right, String(box.text)).toBeLessThanOrEqual(390);
    }
    // Nothing scrolls sideways to hide a tab.
    const scrolls = await p
      .getByRole('tablist')
      .evaluate(
        (list) => (list.parentElement?.scrollWidth ?? 0) > (list.parentElement?.clientWidth ?? 0),
      );
    expect(scrolls).toBe(false);
  });

  it.each([
    ['en', 'Tuition Back Office'],
    ['es', 'Back Office de Tutorías'],
  ])('%s: the product name is whole in the header', async (locale, name) => {
    const p = await page({ locale, width: 390 });
    await p.goto('/');
    const brand = p.getByRole('banner').getByRole('link', { name, exact: true });
    await brand.waitFor();
    const cut = await brand.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
    expect(cut).toBe(false);
    const box = await brand.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});

describe('words', () => {
  it('Spanish says alumnos, never estudiantes, and names both kinds of level', async () => {
    const p = await page({ locale: 'es' });
    await gotoInApp(p, '/');
    const nav = p.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Gestionar alumnos' }).waitFor();
    expect(await nav.textContent()).not.toMatch(/estudiante/i);
    await nav.getByRole('link', { name: 'Gestionar niveles de acceso' }).waitFor();
    await nav.getByRole('link', { name: 'Niveles escolares' }).waitFor();
    await gotoInApp(p, '/audit');
    const entity = p.getByLabel('Entidad', { exact: true });
    await expect.poll(() => entity.locator('option').count()).toBeGreaterThan(2);
    const options = await entity.locator('option').allTextContents();
    expect(options).toEqual(
      expect.arrayContaining(['Niveles de acceso', 'Niveles escolares', 'Alumnos']),
    );
    expect(options.join(' ')).not.toMatch(/estudiante/i);
  });

  it('English names browsing levels and field levels, never a bare "Levels"', async () => {
    const p = await page();
    await gotoInApp(p, '/');
    const nav = p.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Manage browsing levels' }).waitFor();
    await nav.getByRole('link', { name: 'Field levels', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Levels', exact: true }).count()).toBe(0);
    await gotoInApp(p, '/audit');
    const entity = p.getByLabel('Entity', { exact: true });
    await expect.poll(() => entity.locator('option').count()).toBeGreaterThan(2);
    const options = await entity.locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['Browsing levels', 'Field levels']));
    expect(options).not.toContain('Levels');
  });
});

describe('details', () => {
  it.each([
    ['en', '/subjects', 'Subjects', `This will permanently delete the subject ${subject.name}.`],
    [
      'es',
      '/subjects',
      'Asignaturas',
      `Esto eliminará definitivamente la asignatura ${subject.name}.`,
    ],
    ['en', '/field-levels', 'Field levels', `delete the field level ${levelLow.name}.`],
  ])('%s %s: the delete dialog names the record', async (locale, route, table, says) => {
    const p = await page({ locale });
    await gotoInApp(p, `${route}?q=${tag}`);
    const name = route === '/subjects' ? subject.name : levelLow.name;
    await p
      .getByRole('table', { name: table, exact: true })
      .getByRole('button', { name: new RegExp(`${name}$`) })
      .last()
      .click();
    const dialog = p.getByRole('dialog');
    // The dialog first counts the record's uses ('Checking where … is used…').
    await expect.poll(() => dialog.textContent()).toContain(says);
    await dialog.getByRole('button', { name: locale === 'es' ? 'Cancelar' : 'Cancel' }).click();
  });

  it.each([
    ['en', 'Edit Student', 'Profile Level'],
    ['es', 'Editar alumno', 'Nivel del perfil'],
  ])(
    '%s: a record page names the person and keeps its tab through a reload',
    async (locale, edit, tabName) => {
      const p = await page({ locale });
      await gotoInApp(p, `/students/${studentId}`);
      await p.getByRole('heading', { level: 1, name: `${edit}: ${studentName}` }).waitFor();
      await expect.poll(() => p.title()).toContain(studentName);
      await p.getByRole('tab', { name: tabName }).click();
      await p.waitForURL((url) => url.searchParams.get('tab') === 'level');
      await p.reload();
      await expect
        .poll(() => p.getByRole('tab', { name: tabName }).getAttribute('aria-selected'))
        .toBe('true');
    },
  );

  it('My profile shows the created date but does not let it change', async () => {
    const p = await page();
    await gotoInApp(p, '/profile');
    const created = p.getByLabel('Created', { exact: true });
    await created.waitFor();
    expect(await created.getAttribute('readonly')).not.toBeNull();
    expect(await created.isEditable()).toBe(false);
  });

  it('the login page offers no social sign-in that does nothing', async () => {
    const p = await newPage();
    await p.goto('/login');
    await p.getByRole('button', { name: 'Login', exact: true }).waitFor();
    for (const name of ['Facebook', 'Google', 'Microsoft']) {
      expect(await p.getByRole('button', { name }).count()).toBe(0);
    }
  });
});
