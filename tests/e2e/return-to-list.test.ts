/**
 * A record's form returns to its list as the admin left it: from a list with a search, a sort, a
 * page size and a page in its URL, opening a record and pressing 'Go back', or saving it, shows
 * the same URL and rows (as the browser's Back does), for every list with record forms: tutors,
 * students, users, subjects, browsing levels, field levels and schools. Each list gets 7 records
 * of its own (names with this run's tag), so `?q=<tag>&sort=-name&size=5&page=2` holds 2 rows.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoData } from '../../emulators/seed/build';
import {
  createAccount,
  deleteAccount,
  removePaths,
  uniqueEmail,
  uniqueId,
  writeRecords,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, newPage, signIn } from '../support/browser';

const tag = uniqueId()
  .replace(/[^a-z0-9]/gi, '')
  .slice(-8);
const COUNT = 7;
const nameOf = (kind: string, i: number) => `Zz${tag} ${kind} ${String(i + 1).padStart(2, '0')}`;
const data = buildDemoData({ students: COUNT, tutors: COUNT, orders: 0, seed: 4242 });
const now = Date.now();

/** The lists under test: route, table name, the kind's word in the names, and its fixtures. */
const LISTS: { route: string; table: string; kind: string; records: Record<string, object> }[] = [
  {
    route: '/tutors',
    table: 'Tutors',
    kind: 'Tutor',
    records: Object.fromEntries(
      Object.entries(data.tutors).map(([id, tutor], i) => [
        `tutors/${id}`,
        // Active: the list hides inactive tutors unless 'Show all' is on.
        { ...tutor, name: nameOf('Tutor', i), status: true },
      ]),
    ),
  },
  {
    route: '/students',
    table: 'Students',
    kind: 'Student',
    records: Object.fromEntries(
      Object.entries(data.students).map(([id, student], i) => [
        `students/${id}`,
        { ...student, name: nameOf('Student', i) },
      ]),
    ),
  },
  ...(
    [
      ['/subjects', 'Subjects', 'Subject', 'subjects'],
      ['/browsing-levels', 'Browsing levels', 'Level', 'levels'],
      ['/field-levels', 'Field levels', 'FieldLevel', 'fieldLevels'],
      ['/field-schools', 'Schools', 'School', 'schools'],
    ] as const
  ).map(([route, table, kind, collection]) => ({
    route,
    table,
    kind,
    records: Object.fromEntries(
      Array.from({ length: COUNT }, (_, i) => {
        const id = `rtl-${tag}-${collection}-${i}`;
        return [`${collection}/${id}`, recordOf(collection, id, nameOf(kind, i), i)];
      }),
    ),
  })),
];

function recordOf(collection: string, id: string, name: string, i: number): object {
  const base = { id, name, createdAt: now, order: 9000 + i };
  switch (collection) {
    case 'subjects':
      return { ...base, levelStart: '', levelEnd: '', countryId: 'SG', isObsolete: false };
    case 'levels':
      return {
        ...base,
        accessBy: 'tutor',
        description: 'A level of the return-to-list test',
        fields: Object.fromEntries(
          [
            'contact',
            'email',
            'houseNumber',
            'buildingName',
            'unitNumber',
            'street1',
            'street2',
            'postcode',
          ].map((field) => [field, false]),
        ),
      };
    case 'fieldLevels':
      return { ...base, countryId: 'SG', isObsolete: false };
    default:
      return {
        ...base,
        countryId: 'SG',
        address1: '',
        address2: '',
        postcode: '',
        isObsolete: false,
      };
  }
}

let admin: TestAccount;
const users: TestAccount[] = [];
let page: Page;

beforeAll(async () => {
  admin = await createAccount({ email: uniqueEmail('rtl-admin'), isAdmin: true });
  for (let i = 0; i < COUNT; i += 1) {
    users.push(
      await createAccount({
        email: uniqueEmail(`rtl-user-${i}`),
        record: { name: nameOf('User', i) },
      }),
    );
  }
  await writeRecords(Object.assign({}, ...LISTS.map((list) => list.records)));
  page = await newPage({ locale: 'en' });
  await signIn(page, admin.email, admin.password);
}, 60_000);

afterAll(async () => {
  await page?.context().close();
  await closeBrowser();
  await removePaths(...LISTS.flatMap((list) => Object.keys(list.records)));
  for (const user of users) await deleteAccount(user.uid);
  if (admin) await deleteAccount(admin.uid);
});

const ALL = [...LISTS, { route: '/users', table: 'Users', kind: 'User' }];

describe('a record form returns to the list as it was left', () => {
  it.each(ALL.map((list) => [list.route, list] as const))(
    '%s: Go back and Save keep search, sort, page size and page',
    async (_route, list) => {
      const listUrl = new URL(`${list.route}?q=${tag}&sort=-name&size=5&page=2`, page.url()).href;
      await page.goto(listUrl);
      const table = page.getByRole('table', { name: list.table, exact: true });
      // Names descending, 5 a page: page 2 holds the 2nd and 1st.
      const second = table.getByRole('link', { name: `Edit ${nameOf(list.kind, 1)}` });
      await second.waitFor();
      expect(await table.getByRole('link', { name: /^Edit / }).count()).toBe(2);

      await second.click();
      await page.waitForURL((url) => url.pathname !== list.route);
      await page.getByRole('link', { name: 'Go Back' }).click();
      await page.waitForURL((url) => url.pathname === list.route);
      expect(page.url()).toBe(listUrl);
      await second.waitFor();

      await second.click();
      await page.waitForURL((url) => url.pathname !== list.route);
      const save = page.getByRole('button', { name: 'Save' }).first();
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await page.waitForURL((url) => url.pathname === list.route, { timeout: 20_000 });
      expect(page.url()).toBe(listUrl);
      await second.waitFor();
    },
  );
});
