/**
 * Importing students and tutors from a CSV file as an admin does it in Chromium (the lists' 'Import
 * CSV' dialog, src/shared/import and src/features/people/import, and the callable
 * httpsImportPeople): a 200-row file with 5 bad rows, English headers for students and Spanish ones
 * for tutors in the Spanish app; 195 imported, the 5 listed with their reasons and downloadable
 * as CSV with an error column; cancelled half way and resumed, every row imported once; the same
 * file again imports nothing new.
 */
import Papa from 'papaparse';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminApp, removePaths, uniqueId } from '../support/backend';
import { adminSession, gotoInApp, type AdminSession } from '../support/browser';

const sessions: AdminSession[] = [];
const emails: string[] = [];

afterAll(async () => {
  const auth = getAuth(adminApp());
  const paths: string[] = [];
  const uids: string[] = [];
  for (let i = 0; i < emails.length; i += 100) {
    const { users } = await auth.getUsers(emails.slice(i, i + 100).map((email) => ({ email })));
    for (const user of users) {
      uids.push(user.uid);
      paths.push(`students/${user.uid}`, `tutors/${user.uid}`);
    }
  }
  if (paths.length > 0) await removePaths(...paths);
  // One batch request per 1,000 accounts (the Admin SDK's limit): 400 single deletions, each a
  // look-up and a delete, outlasted the hook's deadline on a loaded machine.
  for (let i = 0; i < uids.length; i += 1000) await auth.deleteUsers(uids.slice(i, i + 1000));
  await Promise.all(sessions.map((s) => s.close()));
});

/** The 1-based lines (the header is line 1) of the bad rows and why each is bad. */
const BAD = new Map<number, (cells: string[], first: string[]) => string[]>([
  [12, (c) => ['', ...c.slice(1)]], // no name
  [51, (c) => [c[0]!, c[1]!, 'call me', ...c.slice(3)]], // not a phone number
  [102, (c) => [c[0]!, 'not-an-email', ...c.slice(2)]],
  [151, (c) => [...c.slice(0, 4), '31/02/2001', ...c.slice(5)]], // no such day
  [181, (c, first) => [c[0]!, first[1]!, ...c.slice(2)]], // the e-mail of line 2
]);

/**
 * A 200-row CSV file with `header` and 5 bad rows (BAD); returns its path and the e-mails of the
 * 195 good rows.
 */
async function csvFile(header: string[], token: string) {
  const rows: string[][] = [];
  const good: string[] = [];
  for (let i = 0; i < 200; i++) {
    const email = `${token}-${i}@tuition.test`.toLowerCase();
    emails.push(email);
    const cells = [
      `Person ${i} ${token}`,
      email,
      '+65 9123 4567',
      i % 2 ? 'F' : 'M',
      '05/02/2010',
      'SG',
    ];
    const line = i + 2;
    const bad = BAD.get(line);
    rows.push(bad ? bad(cells, rows[0]!) : cells);
    if (!bad) good.push(email);
  }
  const dir = await mkdtemp(join(tmpdir(), 'import-'));
  const path = join(dir, `${token}.csv`);
  await writeFile(path, Papa.unparse({ fields: header, data: rows }));
  return { path, good };
}

/** The records of `kind` whose accounts have these e-mails (one read per account). */
async function importedRecords(kind: 'students' | 'tutors', list: string[]) {
  const auth = getAuth(adminApp());
  const db = getDatabase(adminApp());
  const found: string[] = [];
  for (let i = 0; i < list.length; i += 100) {
    const { users } = await auth.getUsers(list.slice(i, i + 100).map((email) => ({ email })));
    const snapshots = await Promise.all(users.map((u) => db.ref(`${kind}/${u.uid}/email`).get()));
    found.push(...snapshots.filter((s) => s.exists()).map((s) => s.val() as string));
  }
  return found;
}

/** The dialog's status line (role="status"). */
const status = (page: Page) => page.getByRole('dialog').getByRole('status');

/** Opens the import dialog of the list at `path` and chooses `file`, then checks every row. */
async function chooseAndCheck(
  page: Page,
  path: string,
  file: string,
  t: { import: string; file: string; check: string; checked: string },
) {
  await gotoInApp(page, path);
  await page.getByRole('button', { name: t.import }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t.file).setInputFiles(file);
  await dialog.getByRole('button', { name: t.check }).click();
  await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toContain(t.checked);
  return dialog;
}

describe('import from CSV', () => {
  it('students, English headers: checks, lists and downloads the 5 bad rows, cancels, resumes, re-imports nothing', async () => {
    const session = await adminSession('import-en');
    sessions.push(session);
    const { page } = session;
    const token = uniqueId('imp');
    const { path, good } = await csvFile(
      ['Name', 'E-mail', 'Mobile', 'Gender', 'Date of birth', 'Country'],
      token,
    );
    const t = {
      import: 'Import CSV',
      file: 'CSV file',
      check: 'Check all rows',
      checked: '200 rows checked: 195 ready to import, 5 rejected.',
    };
    const dialog = await chooseAndCheck(page, '/students', path, t);
    // The headers mapped themselves; the preview checked the first lines.
    await expect.poll(() => dialog.getByLabel('Field of column E-mail').inputValue()).toBe('email');
    await expect
      .poll(() => dialog.getByLabel('Field of column Country').inputValue())
      .toBe('countryId');

    // The 5 rejected rows with their reasons, on screen and in the download.
    const rejected = dialog.getByRole('table', { name: 'Rejected rows (5)' });
    const lines = await rejected.getByRole('row').allTextContents();
    expect(lines.slice(1).map((l) => Number(/^\d+/.exec(l)?.[0]))).toEqual([...BAD.keys()]);
    expect(lines.join('\n')).toContain('Name: This field is required');
    expect(lines.join('\n')).toContain('Mobile: Enter a phone number');
    expect(lines.join('\n')).toContain('The same e-mail is on an earlier line');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download rejected rows (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('students-rejected.csv');
    const text = await readFile((await download.path())!, 'utf8');
    const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.data).toHaveLength(5);
    expect(parsed.meta.fields).toEqual([
      'Name',
      'E-mail',
      'Mobile',
      'Gender',
      'Date of birth',
      'Country',
      'Error',
    ]);
    expect(parsed.data.map((r) => r['E-mail'])).toContain('not-an-email');
    expect(parsed.data.every((r) => (r.Error ?? '').length > 0)).toBe(true);
    // The mobile cell comes back as written (the download marks it for spreadsheets, the import
    // reads the mark back).
    expect(parsed.data.find((r) => r['E-mail'] === 'not-an-email')?.Mobile).toBe("'+65 9123 4567");

    // Import, cancel after the first chunk, resume.
    await dialog.getByRole('button', { name: 'Import 195 rows' }).click();
    await expect
      .poll(() => status(page).textContent(), { timeout: 30_000 })
      .toMatch(/^[1-9]\d* of 195 rows/);
    await dialog.getByRole('button', { name: 'Cancel import' }).click();
    // The chunk under way finishes first: up to 13 s at a load of 17 on 2 cores.
    await expect
      .poll(() => status(page).textContent(), { timeout: 60_000 })
      .toMatch(/^Import cancelled at \d+ of 195 rows/);
    const cancelledAt = Number(/at (\d+) of/.exec((await status(page).textContent())!)?.[1]);
    expect(cancelledAt).toBeGreaterThan(0);
    expect(cancelledAt).toBeLessThan(195);
    const progress = dialog.getByRole('progressbar', { name: 'Import progress' });
    expect(Number(await progress.getAttribute('value'))).toBe(cancelledAt);
    await dialog.getByRole('button', { name: 'Resume import' }).click();
    await expect
      .poll(() => status(page).textContent(), { timeout: 90_000 })
      .toMatch(/^Import finished, 195 of 195 rows/);
    const summary = (await status(page).textContent())!;
    expect(summary).toContain(`${195 - cancelledAt} created`);
    expect(summary).toContain(`${cancelledAt} already imported`);
    const stored = await importedRecords('students', good);
    expect(stored.sort()).toEqual([...good].sort());

    // The same file again: nothing new.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await chooseAndCheck(page, '/students', path, t);
    await dialog.getByRole('button', { name: 'Import 195 rows' }).click();
    await expect
      .poll(() => status(page).textContent(), { timeout: 30_000 })
      .toMatch(
        /^Import finished, 195 of 195 rows: 0 created, 0 with an existing account, 195 already imported, 0 refused/,
      );
  }, 240_000);

  it('tutors, Spanish headers in the Spanish app: 195 imported, 5 rejected', async () => {
    const session = await adminSession('import-es', { locale: 'es' });
    sessions.push(session);
    const { page } = session;
    const token = uniqueId('imp-es');
    const { path, good } = await csvFile(
      ['Nombre', 'Correo electrónico', 'Móvil', 'Sexo', 'Fecha de nacimiento', 'País'],
      token,
    );
    const dialog = await chooseAndCheck(page, '/tutors', path, {
      import: 'Importar CSV',
      file: 'Archivo CSV',
      check: 'Comprobar todas las filas',
      checked: '200 filas comprobadas: 195 listas para importar, 5 rechazadas.',
    });
    await expect
      .poll(() => dialog.getByLabel('Campo de la columna Correo electrónico').inputValue())
      .toBe('email');
    const rejected = dialog.getByRole('table', { name: 'Filas rechazadas (5)' });
    expect(await rejected.getByRole('row').count()).toBe(6);
    await dialog.getByRole('button', { name: 'Importar 195 filas' }).click();
    await expect
      .poll(() => status(page).textContent(), { timeout: 120_000 })
      .toMatch(/^Importación terminada, 195 de 195 filas: 195 creadas/);
    expect((await importedRecords('tutors', good)).sort()).toEqual([...good].sort());
  }, 240_000);
});
