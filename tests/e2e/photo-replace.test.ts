/**
 * Replacing a student's photo by another of the same extension: the record's logoUrl then names
 * the new resized copy, and it still answers 200 once the resize of the new photo is over
 * (before, it named the old copy, which answered 403 once the resize overwrote it: a dead image).
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, backend, removePaths, uniqueEmail } from '../support/backend';
import { adminSession, type AdminSession } from '../support/browser';

let session: AdminSession | undefined;
let page: Page;
let studentId = '';
const db = () => getAdminDatabase(adminApp());
const bucket = () => getAdminStorage(adminApp()).bucket(backend.storageBucket);

/** When the Storage object at `objectPath` was last written, in ms since the epoch. */
async function writtenAt(objectPath: string): Promise<number> {
  const [metadata] = await bucket().file(objectPath).getMetadata();
  return Date.parse(String(metadata.updated));
}

/** A 64x64 PNG of one colour. */
function png(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

async function logoUrl(): Promise<string | null> {
  return (await db().ref(`students/${studentId}/logoUrl`).get()).val() as string | null;
}

beforeAll(async () => {
  session = await adminSession('photo-admin');
  page = session.page;
});

afterAll(async () => {
  if (studentId) await removePaths(`students/${studentId}`);
  await session?.close();
});

describe('photo replacement', () => {
  it('shows the new photo, whose URL still answers 200 once the resize is over', async () => {
    const email = uniqueEmail('photo-student');
    await page.goto('/students/new');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Name', { exact: true }).fill('Photo Student');
    await page.getByLabel('Mobile', { exact: true }).fill('+65 9123 4567');
    await page.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'first.png',
      mimeType: 'image/png',
      buffer: await png(255, 0, 0),
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Student created successfully').waitFor({ timeout: 30_000 });
    const all = ((await db().ref('students').get()).val() ?? {}) as Record<
      string,
      { email: string }
    >;
    studentId = Object.keys(all).find((id) => all[id]?.email === email) ?? '';
    expect(studentId).not.toBe('');
    await expect.poll(logoUrl, { timeout: 30_000 }).toMatch(/_200x200\.png/);
    const first = await logoUrl();

    await page.goto(`/students/${studentId}`);
    await page.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'second.png',
      mimeType: 'image/png',
      buffer: await png(0, 0, 255),
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Student updated successfully').waitFor({ timeout: 30_000 });
    await expect.poll(logoUrl, { timeout: 30_000 }).not.toBe(first);
    const second = (await logoUrl()) ?? '';

    // The resize is over once the 200x200 copy was written after the new photo (nothing writes
    // it again); a URL naming the old copy is dead by then.
    const resized = decodeURIComponent(new URL(second).pathname.split('/o/')[1] ?? '');
    const original = resized.replace('_200x200', '');
    await expect
      .poll(async () => (await writtenAt(resized)) >= (await writtenAt(original)), {
        timeout: 30_000,
      })
      .toBe(true);
    const response = await fetch(second);
    expect(response.status).toBe(200);
    // The new photo: blue, not the first one's red.
    const { data } = await sharp(Buffer.from(await response.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 0, 255]);
  });
});
