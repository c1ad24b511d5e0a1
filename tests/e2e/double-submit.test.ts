/**
 * A create form saves once however often it is submitted: Enter pressed twice within
 * 50 ms on the schools, field levels, subjects and browsing levels forms stores one record (it
 * used to store two: the guard existed for double clicks only).
 */
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameAssembler } from '../../emulators/database/protocol/frames';
import { adminApp, removePaths, uniqueId } from '../support/backend';
import { adminSession, type AdminSession } from '../support/browser';

let session: AdminSession | undefined;
let page: Page;
const created: string[] = [];
/**
 * Per open Realtime Database WebSocket of the page, the numbers of the writes and reads it sent
 * (`{"t":"d","d":{"r":n,"a":"p"|"m"|"g",…}}`: set, update, get) that the server has not answered
 * yet (`{"t":"d","d":{"r":n,"b":…}}`). Listens are left out: one stays open as long as its list.
 * An answer longer than 16,384 characters comes split over several frames (a count, then the
 * pieces), so received frames are put back together first: a large read (a whole list, once
 * other files' records fill it) would otherwise never be seen answered.
 */
const unanswered = new Map<WebSocket, Map<number, string>>();

/** The request number of a data frame, and its action (none in an answer). */
function dataFrame(payload: string | Buffer): { r: number; a?: unknown } | undefined {
  try {
    const frame = JSON.parse(String(payload)) as { t?: string; d?: { r?: unknown; a?: unknown } };
    if (frame.t !== 'd' || typeof frame.d?.r !== 'number') return undefined;
    return { r: frame.d.r, a: frame.d.a };
  } catch {
    return undefined; // a count of frames to come, or a keep-alive
  }
}

/** How many database writes and reads of the page wait for their answer. */
const waiting = () => [...unanswered.values()].reduce((sum, open) => sum + open.size, 0);

/** The requests waiting for their answer, as sent (cut to 200 characters each). */
const waitingFrames = () =>
  [...unanswered.values()].flatMap((open) => [...open.values()]).join('\n');

beforeAll(async () => {
  session = await adminSession('double-admin');
  page = session.page;
  page.on('websocket', (socket) => {
    const open = new Map<number, string>();
    const received = new FrameAssembler();
    unanswered.set(socket, open);
    socket.on('framesent', ({ payload }) => {
      const frame = dataFrame(payload);
      if (frame && ['p', 'm', 'g'].includes(String(frame.a)))
        open.set(frame.r, String(payload).slice(0, 200));
    });
    socket.on('framereceived', ({ payload }) => {
      const message = received.push(String(payload));
      const frame = message === null ? undefined : dataFrame(message);
      if (frame) open.delete(frame.r);
    });
    socket.on('close', () => unanswered.delete(socket));
  });
});

afterAll(async () => {
  if (created.length) await removePaths(...created);
  await session?.close();
});

const FORMS: Array<{ path: string; route: string; fill: (p: Page) => Promise<void> }> = [
  {
    path: 'schools',
    route: '/field-schools/new',
    fill: async (p) => {
      await p.getByLabel('Order', { exact: true }).fill('990001');
      await p.getByLabel('Address line 1').fill('1 Test Road');
      await p.getByLabel('Postcode').fill('123456');
    },
  },
  {
    path: 'fieldLevels',
    route: '/field-levels/new',
    fill: (p) => p.getByLabel('Order', { exact: true }).fill('990002'),
  },
  {
    path: 'subjects',
    route: '/subjects/new',
    fill: (p) => p.getByLabel('Order', { exact: true }).fill('990003'),
  },
  {
    path: 'levels',
    route: '/browsing-levels/new',
    fill: async (p) => {
      await p.getByLabel('Description', { exact: true }).fill('Twice pressed');
      await p.getByLabel('Access by', { exact: true }).selectOption({ label: 'Student (Paid)' });
    },
  },
];

describe('Enter pressed twice within 50 ms', () => {
  for (const form of FORMS) {
    it(`stores one ${form.path} record`, async () => {
      const name = `Twice ${uniqueId('dbl').slice(-10)}`;
      // The sockets of the page the last test left (its saved record's page) close with the
      // navigation, some with a read still waiting (that page's read of the record it shows),
      // and Chromium does not always report their close: they are forgotten here.
      unanswered.clear();
      await page.goto(form.route);
      await page.getByLabel('Name', { exact: true }).fill(name);
      await form.fill(page);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await expect.poll(() => save.isDisabled()).toBe(false);
      // Two submits 30 ms apart, as two quick Enter presses in a field make them; resolves once
      // both are made. A save a submit starts sends its write in the same task, or once a read
      // it needs is answered.
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const element = document.querySelector('main form');
            if (!(element instanceof HTMLFormElement)) return reject(new Error('no form'));
            element.requestSubmit();
            setTimeout(() => {
              element.requestSubmit();
              resolve();
            }, 30);
          }),
      );
      await page.waitForURL((url) => !url.pathname.endsWith('/new'));
      // Every write and read the page sent is answered: a second record would be stored by now.
      // The failure names the requests still waiting when the wait began.
      await expect.poll(waiting, { timeout: 30_000, message: waitingFrames() }).toBe(0);
      const snapshot = await getAdminDatabase(adminApp())
        .ref(form.path)
        .orderByChild('name')
        .equalTo(name)
        .get();
      const ids = Object.keys((snapshot.val() as object | null) ?? {});
      created.push(...ids.map((id) => `${form.path}/${id}`));
      expect(ids).toHaveLength(1);
    });
  }
});
