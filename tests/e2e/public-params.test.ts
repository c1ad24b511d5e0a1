/**
 * Public routes with bad parameters (`/qrcode/<5000 characters>` showed the
 * crash screen). In Chromium against the app served by Vite, signed out: every malformed
 * `/qrcode`, `/payment` and `/chart` link shows its page's own message in an alert, never the
 * route error screen ("Something went wrong", src/app/RouteError.tsx).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage } from '../support/browser';

let page: Page;

beforeAll(async () => {
  page = await newPage();
});

afterAll(closeBrowser);

/** Opens `path` and returns the text of the page's alert, once it shows. */
async function alertOf(path: string): Promise<string> {
  await page.goto(path);
  const alert = page.getByRole('alert');
  await alert.first().waitFor();
  // The route error screen has a heading of its own; a page that crashed shows it instead.
  expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  return (await alert.allTextContents()).join(' ');
}

const INVALID_ID = 'This order ID is not valid.';
const INVALID_TOTAL = 'The amount in this payment link is not valid.';

describe('public routes with bad parameters, in the browser', () => {
  // [what, path, message]. Malformed percent-encodings (`%E0%A4%A`) and encoded slashes are left
  // out: Vite's dev server answers them itself before the app loads.
  it.each([
    ['a 5000-character order id', `/qrcode/${'x'.repeat(5000)}`, INVALID_ID],
    ['markup in the order id', '/qrcode/a%20b%3Cscript%3Ealert(1)%3C%2Fscript%3E', INVALID_ID],
    ['a 5000-character payment id', `/payment/${'x'.repeat(5000)}/10`, INVALID_ID],
    ['an amount of letters', '/payment/-Order1/abc', INVALID_TOTAL],
    ['an amount of 0', '/payment/-Order1/0', INVALID_TOTAL],
    ['a negative amount', '/payment/-Order1/-5', INVALID_TOTAL],
    ['an amount of 1e400', '/payment/-Order1/1e400', INVALID_TOTAL],
    // Well-formed, so the page looks the order up (the amount shown is the order's own): no order
    // has this id.
    [
      'an amount of 21 digits',
      `/payment/-Order1/${'9'.repeat(21)}`,
      'No order has the ID -Order1.',
    ],
    ['an order id no order has', '/qrcode/nonexistent-order', 'No order has the ID'],
    ['a NUL amount', '/payment/-Order1/%00', INVALID_TOTAL],
    ['a word among the scores', '/chart/1,2,oops', 'This result link is not valid.'],
    ['5001 scores', `/chart/${'9,'.repeat(5000)}9`, 'exactly 8 comma-separated scores'],
    ['a score of 1e400', '/chart/1,2,3,4,5,6,7,1e400', 'Score 8'],
  ])('%s shows its message', async (_what, path, message) => {
    expect(await alertOf(path)).toContain(message);
  });

  it('a valid link after a bad one still works (no state left broken)', async () => {
    await alertOf(`/qrcode/${'x'.repeat(5000)}`);
    // A well-formed id: the page looks it up and answers (no order has it), no crash screen.
    expect(await alertOf('/qrcode/-Order0001abc')).toContain('No order has the ID -Order0001abc');
  });
});
