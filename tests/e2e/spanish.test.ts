/**
 * The Spanish UI shows no English: an admin whose browser is in Spanish visits every
 * screen (tests/support/screens.ts: every route of src/app/router.tsx, every tab of the tabbed
 * forms, an open date picker) and the signed-out pages, and reads the visible text (innerText),
 * the tab title and the accessible names (aria-label, aria-labelledby texts, title, placeholder,
 * alt, SVG titles, <option> texts).
 *
 * Forbidden: every English catalogue value (src/app/i18n/en) that differs from its Spanish value
 * (same id in src/app/i18n/es) and has at least 4 characters besides its arguments, matched as a
 * whole phrase (ICU arguments match any text); plus the English defaults of the third-party
 * widgets (react-datepicker 9, react-tag-input 6), which no catalogue holds. The data written
 * (names, e-mails, addresses, tags) is removed from each text first, so data never matches.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, adminSession, newPage, type AdminSession } from '../support/browser';
import {
  adminScreens,
  eachTab,
  openScreen,
  publicScreens,
  settle,
  writeScreenData,
  type ScreenData,
} from '../support/screens';

const I18N = new URL('../../src/app/i18n/', import.meta.url);

/** One language's catalogue: all area files merged (as src/app/i18n/messages.ts does). */
function catalogue(locale: 'en' | 'es'): Record<string, string> {
  const dir = new URL(`${locale}/`, I18N);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Record<string, string>),
  ) as Record<string, string>;
}

/**
 * English labels of react-datepicker 9 (Previous/Next Month, 'Choose <day>', 'Not available',
 * 'Month ', 'week ') and react-tag-input 6 (remove button, 'Clear all'), month and weekday names.
 */
const THIRD_PARTY_ENGLISH = [
  'Previous Month',
  'Next Month',
  'Previous Year',
  'Next Year',
  'Choose',
  'Not available',
  'Week number',
  'Clear all',
  'Press enter to add new tag',
  'Tag at index',
  'backspace to remove',
  // react-toastify 11: the container, the close button and the timer.
  'Notifications Alt+T',
  'notification timer',
  ...[
    'January',
    'February',
    'March',
    'April',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
  ],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A forbidden phrase: what to report, its pattern, and `token`, a piece of text without
 * whitespace that every match of the pattern contains as is, tested first with `includes`: most
 * texts hold none of the 800 tokens, and the cost of each unicode pattern with look-behind (the
 * whole list's patterns per text add up) is then spent on the few that do.
 */
interface Forbidden {
  what: string;
  pattern: RegExp;
  token: string;
}

/** The longest run of non-whitespace in `texts`: what a pattern that matches them literally needs. */
const longestToken = (...texts: string[]) =>
  texts
    .flatMap((text) => text.split(/\s+/))
    .reduce((longest, piece) => (piece.length > longest.length ? piece : longest), '');

/**
 * A catalogue value as a pattern of the whole phrase: ICU arguments ({name}, plurals, selects)
 * match any text, rich-text tags are dropped, '' is an apostrophe. Null when fewer than 4
 * literal characters are left.
 */
function phrasePattern(value: string): { pattern: RegExp; token: string } | null {
  let literal = '';
  let pattern = '';
  let depth = 0;
  const text = value.replace(/<\/?\w+>/g, '').replace(/''/g, "'");
  for (const ch of text) {
    if (ch === '{') {
      if (depth === 0) pattern += '\u0000';
      depth++;
    } else if (ch === '}') depth--;
    else if (depth === 0) {
      pattern += ch;
      literal += ch;
    }
  }
  if (literal.trim().length < 4) return null;
  const parts = pattern.trim().split('\u0000');
  const body = parts.map((part) => escape(part).replace(/\s+/g, '\\s+')).join('.+?');
  return {
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'u'),
    token: longestToken(...parts),
  };
}

const en = catalogue('en');
const es = catalogue('es');
const phrase = (text: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, 'u');
/** Whether `value` is used inside a Spanish value too (e.g. 'Back' in 'Back Office de Tutorías'). */
const inSpanish = (value: string) =>
  Object.values(es).some((v) => v !== value && phrase(value).test(v));

/**
 * Every forbidden phrase. A one-word value must be a whole text (a line, a label) less trailing
 * punctuation, so English words that Spanish borrows inside longer texts ('Visual' in
 * 'Visual-espacial') do not count; a longer value counts anywhere.
 */
const FORBIDDEN: Forbidden[] = [
  ...Object.entries(en)
    .filter(([id, value]) => value.length >= 4 && es[id] !== value && !inSpanish(value))
    .flatMap(([id, value]): Forbidden[] => {
      const what = `${id}: ${value}`;
      if (/^[\p{L}-]+$/u.test(value)) {
        return [{ what, pattern: new RegExp(`^${escape(value)}[\\s:*.…]*$`, 'u'), token: value }];
      }
      const found = phrasePattern(value);
      return found ? [{ what, ...found }] : [];
    }),
  ...THIRD_PARTY_ENGLISH.map((text): Forbidden => ({
    what: `third-party: ${text}`,
    pattern: phrase(text),
    token: longestToken(text),
  })),
];

/** The forbidden phrases in `text`, as what to report. */
const forbiddenIn = (text: string) =>
  FORBIDDEN.filter(({ pattern, token }) => text.includes(token) && pattern.test(text)).map(
    ({ what }) => what,
  );

/**
 * The texts a visitor reads or hears: [where, text] for each line of innerText, the tab title,
 * and each accessible-name source. A string (not a function) for page.evaluate: see COMMON.md
 * on tsx's __name.
 */
const COLLECT = `(() => {
  const out = [];
  const add = (where, text) => {
    const t = (text ?? '').replace(/\\s+/g, ' ').trim();
    if (t) out.push([where, t]);
  };
  for (const line of document.body.innerText.split('\\n')) add('text', line);
  add('document title', document.title);
  for (const el of document.querySelectorAll('*')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
      if (el.hasAttribute(name)) add(name, el.getAttribute(name));
    }
    const ids = el.getAttribute('aria-labelledby');
    if (ids) {
      add('aria-labelledby', ids.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    }
    if (el.tagName === 'OPTION') add('option', el.textContent);
    if (el.tagName.toLowerCase() === 'title' && el.closest('svg')) add('svg title', el.textContent);
  }
  return out;
})()`;

let session: AdminSession | undefined;
let data: ScreenData;
/** Data strings, longest first (so a name is removed before a part of it). */
let dataTexts: string[] = [];

/** The forbidden phrases found on the page as it is, as 'route [where] "phrase" in "text"'. */
async function english(page: Page, route: string): Promise<string[]> {
  const texts = (await page.evaluate(COLLECT)) as Array<[string, string]>;
  const found = new Set<string>();
  for (const [where, raw] of texts) {
    let text = raw;
    for (const d of dataTexts) if (text.includes(d)) text = text.split(d).join('\u0001');
    for (const what of forbiddenIn(text)) {
      found.add(`${route} [${where}] ${what} — in "${raw.slice(0, 120)}"`);
    }
  }
  return [...found];
}

/** Scans the screen, each tab of it, and its first date picker opened. */
async function scanScreen(page: Page, route: string): Promise<string[]> {
  const problems: string[] = [];
  await openScreen(page, route);
  await settle(page);
  await eachTab(page, async (tab) => {
    const where = tab ? `${route} (tab ${tab})` : route;
    problems.push(...(await english(page, where)));
    // A read-only date (My profile's created date) opens no calendar.
    const picker = page
      .locator('.react-datepicker__input-container input:visible:not([readonly]):not([disabled])')
      .first();
    if (await picker.count()) {
      await picker.click();
      await page.locator('.react-datepicker').first().waitFor();
      problems.push(...(await english(page, `${where} (date picker open)`)));
      await page.keyboard.press('Escape');
    }
  });
  return problems;
}

beforeAll(async () => {
  session = await adminSession('spanish-admin', { locale: 'es' });
  data = await writeScreenData(session.admin.uid);
  dataTexts = [...data.texts, session.admin.email]
    .filter((t) => t.length >= 4)
    .sort((a, b) => b.length - a.length);
});

afterAll(async () => {
  await data?.remove();
  await session?.close();
  await closeBrowser();
});

describe('the Spanish UI shows no English string', () => {
  it('the catalogues give the scan something to find', () => {
    // A scan with no forbidden phrases could never fail.
    expect(FORBIDDEN.length).toBeGreaterThan(500);
    expect(forbiddenIn('Rows per page')).not.toEqual([]);
    // The token is a shortcut only: it finds each phrase wherever its pattern does.
    for (const { what, pattern, token } of FORBIDDEN) {
      expect(token.length, what).toBeGreaterThan(0);
      expect(pattern.source.replaceAll('\\', ''), what).toContain(token.replaceAll('\\', ''));
    }
  });

  it('on every signed-in screen and tab', async () => {
    const page = session!.page;
    const problems: string[] = [];
    for (const route of await adminScreens(data)) problems.push(...(await scanScreen(page, route)));
    expect(problems).toEqual([]);
  });

  it('on every signed-out page', async () => {
    const page = await newPage({ locale: 'es' });
    const problems: string[] = [];
    for (const route of publicScreens(data)) problems.push(...(await scanScreen(page, route)));
    await page.context().close();
    expect(problems).toEqual([]);
  });
});
