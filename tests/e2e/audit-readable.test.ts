/**
 * The audit screen reads as the forms do: one row per user action (a subject's "move up", which
 * rewrites the order of several subjects in one write, is one row naming its records), fields by
 * their forms' labels ('Dial code', not 'dial_code'), stored files by their names (never the
 * download URL with its token). In English and Spanish. The records are made for this test
 * (loaded as an import, so the log holds only what the test does) and removed afterwards with
 * their entries.
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAsImport } from '../../emulators/admin';
import { studentRecord } from '../integration/peopleFixtures';
import { adminApp, removePaths, triggersSettled, uniqueId, writeRecords } from '../support/backend';
import { adminSession, newPage, signIn, type AdminSession } from '../support/browser';

const db = () => getAdminDatabase(adminApp());
let session: AdminSession | undefined;
const pages: Page[] = [];
const tag = uniqueId('aud').replaceAll('-', '').slice(-10);
const subjectIds = [1, 2, 3].map((i) => `audit-subject-${tag}-${i}`);
const countryId = `audit-country-${tag}`;
const studentId = `audit-student-${tag}`;
const TOKEN_URL = `https://firebasestorage.googleapis.com/v0/b/demo-tuition.appspot.com/o/students%2F${studentId}.jpg?alt=media&token=0123-secret-token`;

beforeAll(async () => {
  await writeAsImport({
    ...Object.fromEntries(
      subjectIds.map((id, i) => [
        `subjects/${id}`,
        {
          id,
          name: `Audit ${tag} ${i + 1}`,
          levelStart: '',
          levelEnd: '',
          countryId: 'SG',
          isObsolete: false,
          // After every other subject, so that "move up" swaps two of these.
          order: 999_999_000 + i,
          createdAt: 1_700_000_000_000,
        },
      ]),
    ),
    [`countries/${countryId}`]: {
      id: countryId,
      name: `Audit ${tag}`,
      code: 'ZZ',
      dial_code: '+65',
    },
  });
  // The student through the triggers: its removal at the end moves the counters it is in
  // (students, uses of its country), which an imported, uncounted record would leave short.
  await writeRecords({
    [`students/${studentId}`]: { ...studentRecord(`Audit ${tag}`), id: studentId },
  });
  session = await adminSession('audit-readable');
});

afterAll(async () => {
  const ids = [...subjectIds, countryId, studentId];
  const keys: string[] = [];
  for (const id of ids) {
    const entries = await db().ref('auditLog').orderByChild('recordId').equalTo(id).get();
    keys.push(...Object.keys((entries.val() as object | null) ?? {}));
  }
  await Promise.all(pages.map((p) => p.context().close()));
  await session?.close();
  await removePaths(
    ...subjectIds.map((id) => `subjects/${id}`),
    `countries/${countryId}`,
    `students/${studentId}`,
    ...keys.map((key) => `auditLog/${key}`),
  );
});

/** The audit table's rows that mention this test's records. */
const rowsOf = (p: Page, table: string) =>
  p.getByRole('table', { name: table }).locator('tbody tr').filter({ hasText: tag });

describe('audit screen', () => {
  it('shows a "move up" of a subject as one action naming its records', async () => {
    const p = (session as AdminSession).page;
    await p.goto('/subjects');
    await p.getByLabel('Search', { exact: true }).fill(`Audit ${tag}`);
    await p.getByRole('button', { name: `Move Audit ${tag} 3 up` }).click();
    await expect
      .poll(async () => (await db().ref(`subjects/${subjectIds[2]}/order`).get()).val())
      .toBeLessThan(999_999_002);
    await triggersSettled();

    await p.goto('/audit?entity=subjects');
    await p.getByLabel('Search', { exact: true }).fill(tag);
    const rows = rowsOf(p, 'Audit log');
    await expect.poll(() => rows.count()).toBe(1);
    // The table fits its columns to a search's rows once they have stayed 200 ms (DataTable):
    // until then the record column may be folded away, as it was for the unfiltered page.
    const rowText = async () => (await rows.first().innerText()).replace(/\s+/g, ' ');
    await expect.poll(rowText).toMatch(/\b[2-9] records\b/);
    const text = await rowText();
    expect(text).toContain('Reordered');
    expect(text).toContain(subjectIds[2]);
    expect(text).toMatch(/Order: 999,?999,?002 → /);
  });

  it.each([
    ['en', 'Audit log', 'Dial code: +65 → +66', 'Photo: — → '],
    ['es', 'Registro de auditoría', 'Prefijo telefónico: +65 → +66', 'Foto: — → '],
  ] as const)(
    'names fields by their form labels and files by their names (%s)',
    async (locale, table, dialCode, photo) => {
      // Written through the Admin SDK (as a function or the console would): the triggers log it.
      await db().ref(`countries/${countryId}`).update({ dial_code: '+66' });
      await db().ref(`students/${studentId}`).update({ logoUrl: TOKEN_URL });
      await triggersSettled();
      const p = await newPage({ locale });
      pages.push(p);
      await signIn(
        p,
        (session as AdminSession).admin.email,
        (session as AdminSession).admin.password,
      );
      // Each record's history (its History link's filter): the newest page of the whole log
      // may hold only other files' entries by now, in a run where they write hundreds.
      const historyText = async (recordId: string, expected: string) => {
        await p.goto(`/audit?record=${recordId}`);
        const rows = rowsOf(p, table);
        const read = async () => (await rows.allInnerTexts()).join('\n').replace(/[ \t]+/g, ' ');
        await expect.poll(read).toContain(expected);
        return read();
      };
      const text = [
        await historyText(countryId, dialCode),
        await historyText(studentId, `${photo}${studentId}.jpg`),
      ].join('\n');
      expect(text).not.toContain('dial_code');
      expect(text).not.toContain('token=');
      expect(text).not.toContain('firebasestorage');
      // Put back for the other language's run.
      await db().ref(`countries/${countryId}`).update({ dial_code: '+65' });
      await db().ref(`students/${studentId}/logoUrl`).remove();
      await triggersSettled();
    },
  );
});
