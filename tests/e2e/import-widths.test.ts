/**
 * The students list's bulk bar and the import dialog at a desktop width (1280 px) and on a phone
 * (390 px), in English and Spanish: every control of the bulk bar (after selecting a row) and of
 * each step of the import (mapping, preview and check, the rejected rows, the progress of a run)
 * is found by its role and label, shows inside the screen's width once scrolled to, and the page
 * never scrolls sideways (`document.scrollingElement` scrollWidth <= clientWidth). Each case
 * imports its own 3-row file (1 bad row) and selects its own student; all removed afterwards.
 */
import Papa from 'papaparse';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, deleteAccountByEmail, removePaths, uniqueId } from '../support/backend';
import { adminSession, gotoInApp, type AdminSession } from '../support/browser';
import { removeWithDerived, writeWithDerived } from '../integration/derivedFixtures';
import { studentRecord } from '../integration/peopleFixtures';

const token = uniqueId('widths');
const studentId = `${token}-s`;
const studentName = `Width ${token}`;
const sessions: AdminSession[] = [];
const emails: string[] = [];

/** The texts each language shows (src/app/i18n/{en,es}: Table.*, Import.*). */
const TEXTS = {
  en: {
    selectRow: `Select ${studentName}`,
    bulk: ['Delete selected', 'Export selected', 'Clear selection'],
    import: 'Import CSV',
    file: 'CSV file',
    fieldOf: (column: string) => `Field of column ${column}`,
    check: 'Check all rows',
    checked: '3 rows checked: 2 ready to import, 1 rejected.',
    start: 'Import 2 rows',
    rejected: 'Rejected rows (1)',
    download: 'Download rejected rows (CSV)',
    progress: 'Import progress',
    done: /^Import finished, 2 of 2 rows: 2 created/,
    close: 'Close',
    header: ['Name', 'E-mail', 'Mobile', 'Gender', 'Date of birth', 'Country'],
  },
  es: {
    selectRow: `Seleccionar ${studentName}`,
    bulk: ['Eliminar la selección', 'Exportar la selección', 'Quitar la selección'],
    import: 'Importar CSV',
    file: 'Archivo CSV',
    fieldOf: (column: string) => `Campo de la columna ${column}`,
    check: 'Comprobar todas las filas',
    checked: '3 filas comprobadas: 2 listas para importar, 1 rechazadas.',
    start: 'Importar 2 filas',
    rejected: 'Filas rechazadas (1)',
    download: 'Descargar las filas rechazadas (CSV)',
    progress: 'Progreso de la importación',
    done: /^Importación terminada, 2 de 2 filas: 2 creadas/,
    close: 'Cerrar',
    header: ['Nombre', 'Correo electrónico', 'Móvil', 'Sexo', 'Fecha de nacimiento', 'País'],
  },
} as const;

beforeAll(async () => {
  await writeWithDerived({
    students: {
      [studentId]: {
        ...studentRecord(studentName),
        id: studentId,
        email: `${studentId}@tuition.test`.toLowerCase(),
      },
    },
  });
});

afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await removeWithDerived({ students: [studentId] });
  const { users } = await getAuth(adminApp()).getUsers(emails.map((email) => ({ email })));
  if (users.length > 0) await removePaths(...users.map((u) => `students/${u.uid}`));
  await Promise.all(emails.map((email) => deleteAccountByEmail(email)));
}, 60_000);

/** A 3-row students file with `header`, its second row without a name; returns its path. */
async function csvFile(header: readonly string[], prefix: string): Promise<string> {
  const rows = [0, 1, 2].map((i) => {
    const email = `${prefix}-${i}@tuition.test`.toLowerCase();
    emails.push(email);
    return [i === 1 ? '' : `Width Import ${i}`, email, '+65 9123 4567', 'F', '05/02/2010', 'SG'];
  });
  const dir = await mkdtemp(join(tmpdir(), 'widths-'));
  const path = join(dir, `${prefix}.csv`);
  await writeFile(path, Papa.unparse({ fields: [...header], data: rows }));
  return path;
}

/**
 * Fails unless `control` is visible and, scrolled to, lies inside the viewport's width. The list
 * may render its rows again while it loads (the first page, then the whole list), detaching the
 * element between the scroll and the measure: both are tried again until they hold.
 */
async function expectReachable(page: Page, control: Locator, what: string) {
  await control.waitFor();
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(
      async () => {
        try {
          await control.scrollIntoViewIfNeeded({ timeout: 2_000 });
          box = await control.boundingBox({ timeout: 2_000 });
        } catch {
          box = null;
        }
        return box !== null;
      },
      { message: `${what}: scrolled to and measured` },
    )
    .toBe(true);
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${what}: a box`).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width + 0.5);
}

/** Fails when the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, when: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `page width ${when}`).toBeLessThanOrEqual(clientWidth);
}

describe('bulk bar and import dialog widths', () => {
  it.each([
    [1280, 'en'],
    [390, 'en'],
    [1280, 'es'],
    [390, 'es'],
  ] as const)(
    'at %i px in %s',
    async (width, locale) => {
      const t = TEXTS[locale];
      const session = await adminSession(`widths-${locale}-${width}`, { locale, width });
      sessions.push(session);
      const { page } = session;

      // The bulk bar, with one row selected.
      await gotoInApp(page, `/students?q=${encodeURIComponent(studentName)}`);
      const row = page.getByRole('checkbox', { name: t.selectRow });
      await expectReachable(page, row, 'row checkbox');
      await row.check();
      for (const name of t.bulk) {
        await expectReachable(page, page.getByRole('button', { name }), name);
      }
      await expectNoSidewaysScroll(page, 'with the bulk bar');

      // The import: the file and the mapping.
      await page.getByRole('button', { name: t.import }).click();
      const dialog = page.getByRole('dialog');
      const file = await csvFile(t.header, `${token}-${locale}-${width}`);
      await dialog.getByLabel(t.file).setInputFiles(file);
      for (const column of t.header) {
        await expectReachable(page, dialog.getByLabel(t.fieldOf(column)), `mapping of ${column}`);
      }
      await expectReachable(page, dialog.getByRole('button', { name: t.check }), 'check');
      await expectNoSidewaysScroll(page, 'with the mapping and preview');

      // The full check: the rejected row and the import button.
      await dialog.getByRole('button', { name: t.check }).click();
      const status = dialog.getByRole('status');
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe(t.checked);
      await expectReachable(page, dialog.getByRole('table', { name: t.rejected }), 'rejected rows');
      await expectReachable(page, dialog.getByRole('button', { name: t.download }), 'download');
      await expectReachable(page, dialog.getByRole('button', { name: t.start }), 'import');
      await expectNoSidewaysScroll(page, 'after the check');

      // The run: its progress bar and outcome.
      await dialog.getByRole('button', { name: t.start }).click();
      await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(t.done);
      await expectReachable(
        page,
        dialog.getByRole('progressbar', { name: t.progress }),
        'progress',
      );
      await expectReachable(page, dialog.getByRole('button', { name: t.close }), 'close');
      await expectNoSidewaysScroll(page, 'after the import');
    },
    120_000,
  );
});
