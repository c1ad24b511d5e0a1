/**
 * Replacing a student's confirmed tutor (spec 3, Tutor mapping) asks first, as removing it does:
 * the confirmed tutor loses the student. Cancelling (Enter, the focus being on Cancel) changes
 * nothing; confirming moves the match on both sides. Records are written with their derived
 * nodes (the tutors' index by subject) and removed afterwards.
 */
import type { Page } from 'playwright-core';
import { getDatabase } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoData } from '../../emulators/seed/build';
import { studentRecord, tutorRecord } from '../integration/peopleFixtures';
import { adminApp, removePaths, uniqueId, writeRecords } from '../support/backend';
import { adminSession, type AdminSession } from '../support/browser';

const tag = uniqueId('match').replaceAll('-', '').slice(-8);
const subjectId = `${tag}-subject`;
const subjectName = `Replace Subject ${tag}`;
const studentId = `${tag}-student`;
const first = { id: `${tag}-tutor-a`, name: `Tutor A ${tag}` };
const second = { id: `${tag}-tutor-b`, name: `Tutor B ${tag}` };
const db = () => getDatabase(adminApp());
let session: AdminSession | undefined;
let page: Page;

/** A tutor teaching the subject, active, so that the index lists it. */
function tutor({ id, name }: typeof first, confirmed: boolean) {
  return {
    ...tutorRecord(name),
    id,
    profileLevel: {
      fee: 40,
      preferredTime: '8_12',
      subjects: { [subjectId]: { levelStart: 'primary-1', levelEnd: 'jc-2' } },
    },
    ...(confirmed ? { confirmedStudents: { [studentId]: { [subjectId]: true } } } : {}),
  };
}

beforeAll(async () => {
  const subject = Object.values(buildDemoData({ seed: 16 }).subjects)[0]!;
  await writeRecords({
    [`subjects/${subjectId}`]: { ...subject, id: subjectId, name: subjectName, order: 990_001 },
    [`tutors/${first.id}`]: tutor(first, true),
    [`tutors/${second.id}`]: tutor(second, false),
    [`students/${studentId}`]: {
      ...studentRecord(`Student ${tag}`),
      id: studentId,
      profileLevel: { fee: 50, preferredTime: '8_12', subjects: { [subjectId]: 'avg' } },
      tutorMapping: { [subjectId]: { confirmed: first.id } },
    },
  });
  session = await adminSession('e2e-matching-admin');
  page = session.page;
});

afterAll(async () => {
  await session?.close();
  await removePaths(
    `students/${studentId}`,
    `tutors/${first.id}`,
    `tutors/${second.id}`,
    `subjects/${subjectId}`,
  );
});

describe("replacing a student's confirmed tutor", () => {
  it('asks first; Cancel keeps the match, Replace moves it on both sides', async () => {
    await page.goto(`/students/${studentId}`);
    await page.getByRole('tab', { name: 'Subjects' }).click();
    await page.getByText(`Confirmed tutor for ${subjectName}: ${first.name}`).waitFor();

    const dialog = page.getByRole('dialog', { name: 'Confirm action' });
    await page.getByRole('button', { name: `Confirm ${second.name}` }).click();
    await dialog
      .getByText(
        `${first.name} will no longer teach ${subjectName} to the student; ${second.name} will.`,
      )
      .waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const confirmed = db().ref(`students/${studentId}/tutorMapping/${subjectId}/confirmed`);
    expect((await confirmed.get()).val()).toBe(first.id);

    await page.getByRole('button', { name: `Confirm ${second.name}` }).click();
    await dialog.getByRole('button', { name: 'Replace the confirmed tutor' }).click();
    await page.getByText('Tutor is matched successfully').waitFor();
    await page.getByText(`Confirmed tutor for ${subjectName}: ${second.name}`).waitFor();
    expect((await confirmed.get()).val()).toBe(second.id);
    const matchOf = (id: string) => db().ref(`tutors/${id}/confirmedStudents/${studentId}`).get();
    expect((await matchOf(first.id)).exists()).toBe(false);
    expect((await matchOf(second.id)).val()).toEqual({ [subjectId]: true });
  });
});
