/**
 * THE security rules table: every role x path x operation -> allow/deny that the rules matrices
 * assert against the local backend (tests/integration/rules-*.test.ts, through
 * tests/support/rulesMatrix.ts) and that docs/security.md shows (rendered by
 * `npm run docs:security`, scripts/securityDocs.ts; tests/integration/securityDocs.test.ts fails
 * when the document is stale). Pure data and types: no test runner, no Firebase, so the
 * rendering script can import it.
 *
 * Sources of each expectation: spec section 6 (who may do what), the entities' record shapes
 * and the security review (shapes, files, roles), as noted beside each group of rows.
 */
import { studentRecord, tutorRecord } from '../integration/peopleFixtures';

/**
 * Who acts:
 * - signedOut: no user;
 * - nonAdmin: signed in, `users/{uid}.isAdmin` false, not the owner of `{uid}` paths;
 * - owner: signed in, `isAdmin` false, and `{uid}` is their own uid;
 * - admin: `users/{uid}.isAdmin` true and custom claim `admin: true` (storage.rules);
 * - unregistered: signed in with no users record and no claims (an account made through Auth's
 *   sign-up API), and `{uid}` is their own uid;
 * - student: signed in with the `userType: 'student'` claim and no users record (an account
 *   httpsCreateUser made for the public pages), and `{uid}` is their own uid.
 * nonAdmin, owner and admin have the `staff` claim that goes with a users record.
 * The last two are for Storage rows: a Database case that arranges `users/{uid}` would give them
 * a record.
 */
export type Role = 'signedOut' | 'nonAdmin' | 'owner' | 'admin' | 'unregistered' | 'student';
export const ROLES: readonly Role[] = [
  'signedOut',
  'nonAdmin',
  'owner',
  'admin',
  'unregistered',
  'student',
];

export type Outcome = 'allow' | 'deny';
/** Expected outcome per role; roles left out are not tested. */
export type Expectations = Partial<Record<Role, Outcome>>;

/** Only admins. */
export const adminOnly = {
  signedOut: 'deny',
  nonAdmin: 'deny',
  owner: 'deny',
  admin: 'allow',
} as const satisfies Expectations;
/** The owner of `{uid}` and admins. */
export const ownerOrAdmin = {
  signedOut: 'deny',
  nonAdmin: 'deny',
  owner: 'allow',
  admin: 'allow',
} as const satisfies Expectations;
/** Any signed-in user. */
export const signedIn = {
  signedOut: 'deny',
  nonAdmin: 'allow',
  owner: 'allow',
  admin: 'allow',
} as const satisfies Expectations;
/** Nobody (through the SDKs; firebase-admin bypasses rules). */
export const nobody = {
  signedOut: 'deny',
  nonAdmin: 'deny',
  owner: 'deny',
  admin: 'deny',
} as const satisfies Expectations;

/**
 * Adds the two roles without a users record (`unregistered`, `student`) to Storage cases that do
 * not name them: they read what a signed-in non-admin reads, and write, delete or list nothing
 * (writing needs a users record, which the `staff` claim stands for in storage.rules).
 */
export function withAccountsWithoutRecord(cases: StorageCase[]): StorageCase[] {
  return cases.map((testCase) => {
    const outcome: Outcome = testCase.op === 'read' ? (testCase.expect.nonAdmin ?? 'deny') : 'deny';
    return { ...testCase, expect: { unregistered: outcome, student: outcome, ...testCase.expect } };
  });
}

/** Values resolved per case: the acting role, the owner's uid and this case's `{id}`. */
export interface CaseContext {
  role: Role;
  uid: string;
  id: string;
}
/** A literal value, or a function of the case (e.g. to put the owner's uid in a field). */
export type ValueOf<T> = T | ((context: CaseContext) => T);

/**
 * One Database row of the matrix.
 * - read: arranges `value` (if given) at `path` with admin rights, then `get()`; allowed reads must
 *   return it (without `value`, e.g. a whole collection, only success is checked).
 * - create: makes sure `path` is empty, then `set(value)`; allowed: stored value equals `value`.
 * - set: arranges `before`, then `set(value)` (overwrite, e.g. a single field such as
 *   `users/{uid}/isAdmin`); allowed: stored value equals `value`.
 * - update: arranges `before`, then `update(value)` (multi-field patch); allowed: stored value
 *   equals `{...before, ...value}`.
 * - delete: arranges `before` (default `value`), then `remove()`; allowed: nothing left.
 * A denied operation must reject with PERMISSION_DENIED and leave the stored data as arranged.
 */
export interface DatabaseCase {
  path: string;
  op: 'read' | 'create' | 'set' | 'update' | 'delete';
  value?: ValueOf<unknown>;
  /** Data at `path` before the operation (set/update/delete; default `value`, or `{x: 1}`). */
  before?: ValueOf<unknown>;
  expect: Expectations;
  /** Shown in the test name. */
  name?: string;
  /**
   * Other data the case needs, by path (`{id}` and `{uid}` resolved), written with admin rights
   * before and removed after: e.g. the record a list row must equal.
   */
  arrange?: Record<string, ValueOf<unknown>>;
}

/**
 * One Storage row of the matrix (bucket `demo-tuition.appspot.com`).
 * - read: arranges an object with admin rights, then `getBytes()`; allowed: same bytes.
 * - create: no object before, `uploadBytes(bytes, {contentType})`; allowed: object stored with
 *   these bytes; denied: no object.
 * - update: arranges an object, then `updateMetadata({customMetadata: {checked: 'yes'}})`.
 * - delete: arranges an object, then `deleteObject()`; allowed: gone; denied: still there.
 * - list: arranges the object, then `listAll()` of its folder; allowed: the listing names it.
 * A denied operation must reject with `deniedCode` (default 'storage/unauthorized'; the SDK maps
 * HTTP 403 to it for signed-in and signed-out callers alike).
 */
export interface StorageCase {
  /** The object's path; for 'list', an object inside the folder listed. */
  path: string;
  op: 'read' | 'list' | 'create' | 'update' | 'delete';
  /** Default 'image/png'. */
  contentType?: string;
  /** Default a 68-byte PNG. */
  bytes?: Uint8Array;
  /**
   * The upload's (and the arranged object's) Content-Disposition; default 'attachment', as the
   * app's uploads (src/shared/upload.ts). `null` sends none.
   */
  contentDisposition?: string | null;
  expect: Expectations;
  deniedCode?: string;
  name?: string;
}

/** A valid 1x1 PNG (68 bytes), the default upload. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
);

// ---- users/: records (database) and logos (Storage) ----

/** A complete users record whose e-mail is the owner's own (`{uid}` is the owner). */
const record = ({ uid }: CaseContext) => ({
  name: 'Ana Pérez',
  email: `${uid}@tuition.test`,
  location: 'Singapore',
  isAdmin: false,
  createdAt: 1_577_836_800_000,
  logoUrl: ownLogo(uid),
});

/** The download URL of a user's own resized logo, as the Storage emulator gives it. */
function ownLogo(uid: string, host = 'http://127.0.0.1:9199'): string {
  return `${host}/v0/b/demo-tuition.appspot.com/o/users%2F${uid}_200x200.png?alt=media&token=1c0a-77`;
}
const CV_URL =
  'http://127.0.0.1:9199/v0/b/demo-tuition.appspot.com/o/tutor-cvs%2Ft1.pdf?alt=media&token=9f';

const usersDatabase: DatabaseCase[] = [
  { name: 'whole list', path: 'users', op: 'read', expect: adminOnly },
  { name: 'one record', path: 'users/{uid}', op: 'read', value: record, expect: ownerOrAdmin },
  // A record is begun by httpsCreateUser, which writes its isAdmin (clients never
  // write the role); a client cannot create one from nothing, but an admin completes it.
  { name: 'create own', path: 'users/{uid}', op: 'create', value: record, expect: nobody },
  { name: 'create other', path: 'users/{id}', op: 'create', value: record, expect: nobody },
  {
    name: 'complete the record the function began',
    path: 'users/{id}',
    op: 'set',
    before: { isAdmin: false },
    value: (c: CaseContext) => ({ ...record(c), logoUrl: ownLogo(c.id) }),
    expect: adminOnly,
  },
  {
    name: 'profile fields',
    path: 'users/{uid}',
    op: 'update',
    before: record,
    value: (c: CaseContext) => ({
      name: 'Ana María',
      location: 'Madrid',
      createdAt: 1_600_000_000_000,
      logoUrl: ownLogo(c.uid, 'https://firebasestorage.googleapis.com'),
    }),
    expect: ownerOrAdmin,
  },
  {
    name: 'unchanged isAdmin and email',
    path: 'users/{uid}',
    op: 'update',
    before: record,
    value: (c: CaseContext) => ({ isAdmin: false, email: record(c).email, name: 'Same' }),
    expect: ownerOrAdmin,
  },
  {
    name: 'make oneself admin',
    path: 'users/{uid}',
    op: 'update',
    before: record,
    value: { isAdmin: true },
    expect: nobody,
  },
  {
    name: 'isAdmin field',
    path: 'users/{uid}/isAdmin',
    op: 'set',
    before: false,
    value: true,
    expect: nobody,
  },
  {
    name: 'email field',
    path: 'users/{uid}/email',
    op: 'set',
    before: 'old@tuition.test',
    value: 'new@tuition.test',
    expect: adminOnly,
  },
  {
    name: 'whole record overwrite with other email',
    path: 'users/{uid}',
    op: 'set',
    before: record,
    value: (c: CaseContext) => ({ ...record(c), email: 'someone-else@tuition.test' }),
    expect: adminOnly,
  },
  {
    name: 'remove logo',
    path: 'users/{uid}/logoUrl',
    op: 'delete',
    before: 'http://example.com/logo.png',
    expect: ownerOrAdmin,
  },
  { name: 'delete record', path: 'users/{uid}', op: 'delete', before: record, expect: adminOnly },
  {
    name: 'drop a required field',
    path: 'users/{uid}/name',
    op: 'delete',
    before: 'Ana',
    expect: nobody,
  },
  {
    name: 'wrong type',
    path: 'users/{uid}',
    op: 'update',
    before: record,
    value: { createdAt: 'yesterday' },
    expect: nobody,
  },
  {
    name: 'isAdmin not boolean',
    path: 'users/{uid}',
    op: 'update',
    before: record,
    value: { isAdmin: 'yes' },
    expect: nobody,
  },
  {
    name: 'unknown field',
    path: 'users/{uid}',
    op: 'update',
    before: record,
    value: { role: 'admin' },
    expect: nobody,
  },
  {
    name: 'incomplete record',
    path: 'users/{id}',
    op: 'create',
    value: { name: 'Only a name' },
    expect: nobody,
  },
  // Bounded own-record writes: a 9 MB name made every admin's list load 18.9 MB.
  ...(
    [
      ['name of 9 MB', { name: 'x'.repeat(9 * 1024 * 1024) }],
      ['name of 201 characters', { name: 'x'.repeat(201) }],
      ['location of 201 characters', { location: 'x'.repeat(201) }],
      ['logoUrl of 2,001 characters', { logoUrl: 'x'.repeat(2001) }],
      // The confused deputy: a logoUrl naming someone else's file.
      ['logoUrl of a tutor CV', { logoUrl: CV_URL }],
      ['logoUrl of another user', { logoUrl: ownLogo('someone-else') }],
      ['logoUrl of another site', { logoUrl: 'https://example.com/users%2Fx.png?alt=media' }],
      ['own logoUrl with a second path in its query', { logoUrl: `${CV_URL}&x=/o/users%2Fa.png` }],
    ] as const
  ).map(([name, value]) => ({
    name,
    path: 'users/{uid}',
    op: 'update' as const,
    before: record,
    value,
    expect: nobody,
  })),
  {
    name: 'name of 9 MB set on its own',
    path: 'users/{uid}/name',
    op: 'set',
    before: 'Ana',
    value: 'x'.repeat(9 * 1024 * 1024),
    expect: nobody,
  },
  {
    name: 'name and location of 200 characters',
    path: 'users/{uid}',
    op: 'update',
    before: record,
    value: { name: 'x'.repeat(200), location: 'y'.repeat(200) },
    expect: ownerOrAdmin,
  },
];

/** 2 MB exactly: one byte over the largest logo accepted (storage.rules, LOGO_MAX_BYTES). */
const TOO_BIG = new Uint8Array(2 * 1024 * 1024);

const usersLogosStorage: StorageCase[] = withAccountsWithoutRecord([
  { name: 'logo', path: 'users/{uid}.png', op: 'read', expect: signedIn },
  { name: 'resized logo', path: 'users/{uid}_200x200.png', op: 'read', expect: signedIn },
  { name: 'logo', path: 'users/{uid}.png', op: 'create', expect: ownerOrAdmin },
  {
    name: 'jpeg logo',
    path: 'users/{uid}.jpg',
    op: 'create',
    contentType: 'image/jpeg',
    expect: ownerOrAdmin,
  },
  // The resized copy is the extension's (admin credentials); its owner may not forge it.
  { name: 'resized copy', path: 'users/{uid}_200x200.png', op: 'create', expect: adminOnly },
  {
    name: 'not an image',
    path: 'users/{uid}.pdf',
    op: 'create',
    contentType: 'application/pdf',
    expect: nobody,
  },
  {
    name: 'too large',
    path: 'users/{uid}.png',
    op: 'create',
    bytes: TOO_BIG,
    expect: nobody,
  },
  {
    name: 'just under the limit',
    path: 'users/{uid}.png',
    op: 'create',
    bytes: new Uint8Array(2 * 1024 * 1024 - 1),
    expect: { owner: 'allow', nonAdmin: 'deny' },
  },
  { name: 'metadata', path: 'users/{uid}.png', op: 'update', expect: ownerOrAdmin },
  { name: 'logo', path: 'users/{uid}.png', op: 'delete', expect: ownerOrAdmin },
  { name: 'resized logo', path: 'users/{uid}_200x200.png', op: 'delete', expect: ownerOrAdmin },
  { name: 'other folder', path: 'avatars/{uid}.png', op: 'create', expect: nobody },
  // The folder's listing names every uid; only admins list it.
  { name: 'the folder', path: 'users/{uid}.png', op: 'list', expect: adminOnly },
  // An SVG can run a script from its download URL; names need an image extension.
  {
    name: 'SVG logo',
    path: 'users/{uid}.svg',
    op: 'create',
    contentType: 'image/svg+xml',
    expect: nobody,
  },
  {
    name: 'SVG bytes under a .png name',
    path: 'users/{uid}.png',
    op: 'create',
    contentType: 'image/svg+xml',
    expect: nobody,
  },
  { name: 'no image extension', path: 'users/{uid}.html', op: 'create', expect: nobody },
  { name: 'no extension', path: 'users/{uid}', op: 'create', expect: nobody },
  // A file is served as an attachment, never rendered as a page.
  {
    name: 'no Content-Disposition',
    path: 'users/{uid}.png',
    op: 'create',
    contentDisposition: null,
    expect: nobody,
  },
  {
    name: 'served inline',
    path: 'users/{uid}.png',
    op: 'create',
    contentDisposition: 'inline',
    expect: nobody,
  },
  {
    name: 'attachment with a file name',
    path: 'users/{uid}.png',
    op: 'create',
    contentDisposition: "attachment; filename*=utf-8''logo.png",
    expect: ownerOrAdmin,
  },
  // Quota: an owner has at most one logo per image extension, named by their uid;
  // a longer name that starts with it is somebody else's file.
  {
    name: 'a second file of the owner',
    path: 'users/{uid}-2.png',
    op: 'create',
    expect: adminOnly,
  },
  {
    name: 'a second file of the owner',
    path: 'users/{uid}x.png',
    op: 'create',
    expect: adminOnly,
  },
  { name: 'a file in a subfolder', path: 'users/{uid}/a.png', op: 'create', expect: nobody },
  { name: 'the bucket root', path: '{id}.png', op: 'list', expect: nobody },
]);

// ---- orders/ ----

const DAY = 86_400_000;
export const order = {
  studentName: 'Rules Student',
  studentEmail: 'student@tuition.test',
  tutorName: 'Rules Tutor',
  tutorEmail: 'tutor@tuition.test',
  subjectName: 'Science',
  total: 120.5,
  status: 'pending',
  isUsed: false,
  qty: 4,
  qtyLeft: 3,
  createdAt: 1_700_000_000_000,
  expiredDate: 1_700_000_000_000 + 60 * DAY,
  updatedAt: 1_700_000_000_000,
  isObsolete: false,
  order: 0,
};
export const approved = { ...order, status: 'approved', updatedAt: 1_700_000_100_000 };

/** Refused for everyone, admins included. */
const invalid = {
  signedOut: 'deny',
  nonAdmin: 'deny',
  owner: 'deny',
  admin: 'deny',
} as const satisfies Expectations;

const ordersDatabase: DatabaseCase[] = [
  { path: 'orders', op: 'read', expect: adminOnly, name: 'the list' },
  { path: 'orders/{id}', op: 'read', value: order, expect: adminOnly },
  { path: 'orders/{id}', op: 'create', value: order, expect: adminOnly },
  {
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qtyLeft: 2, isUsed: true },
    expect: adminOnly,
  },
  { path: 'orders/{id}', op: 'delete', value: order, expect: adminOnly },

  // Amounts: numbers, not negative, qtyLeft <= qty.
  {
    name: 'negative total',
    path: 'orders/{id}',
    op: 'create',
    value: { ...order, total: -1 },
    expect: invalid,
  },
  {
    name: 'total as text',
    path: 'orders/{id}',
    op: 'create',
    value: { ...order, total: '120' },
    expect: invalid,
  },
  {
    name: 'negative qty',
    path: 'orders/{id}',
    op: 'create',
    value: { ...order, qty: -4, qtyLeft: -4 },
    expect: invalid,
  },
  {
    name: 'qtyLeft above qty',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qtyLeft: 5 },
    expect: invalid,
  },
  {
    name: 'negative qtyLeft',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qtyLeft: -1 },
    expect: invalid,
  },
  {
    name: 'qty below qtyLeft',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qty: 2 },
    expect: invalid,
  },
  {
    name: 'no total',
    path: 'orders/{id}',
    op: 'create',
    value: { ...order, total: null },
    expect: invalid,
  },
  {
    name: 'qtyLeft equal to qty',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { qtyLeft: 4 },
    expect: adminOnly,
  },

  // Status (spec 4): approval needs the server's time; approved is final.
  {
    name: 'approve with client time',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { status: 'approved', updatedAt: 1_700_000_200_000 },
    expect: invalid,
  },
  {
    name: 'approve without updatedAt',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { status: 'approved' },
    expect: invalid,
  },
  {
    name: 'status leaves approved',
    path: 'orders/{id}',
    op: 'update',
    before: approved,
    value: { status: 'pending' },
    expect: invalid,
  },
  {
    name: 'status of approved set to paid',
    path: 'orders/{id}',
    op: 'set',
    before: approved,
    value: { ...approved, status: 'paid' },
    expect: invalid,
  },
  {
    name: 'approved order keeps being used',
    path: 'orders/{id}',
    op: 'update',
    before: approved,
    value: { qtyLeft: 1, isUsed: true },
    expect: adminOnly,
  },
  // After approval: what was sold is frozen, lessons are only used up, and the order
  // stays. Denied for admins too; each row is one tampering attempt.
  ...(
    [
      ['total lowered', { total: 0.01 }],
      ['qty raised', { qty: 400 }],
      ['student changed', { studentName: 'Someone Else', studentEmail: 'else@tuition.test' }],
      ['tutor changed', { tutorEmail: 'other@tuition.test' }],
      ['subject changed', { subjectName: 'Art' }],
      ['expiry moved', { expiredDate: 1_800_000_000_000 }],
      ['approval time changed', { updatedAt: 1_700_000_300_000 }],
      ['lessons given back', { qtyLeft: 4 }],
    ] as const
  ).map(([what, value]) => ({
    name: `approved order: ${what}`,
    path: 'orders/{id}',
    op: 'update' as const,
    before: approved,
    value,
    expect: invalid,
  })),
  {
    name: 'approved order overwritten as pending',
    path: 'orders/{id}',
    op: 'set',
    before: approved,
    value: { ...order, total: 1 },
    expect: invalid,
  },
  {
    name: 'approved order deleted',
    path: 'orders/{id}',
    op: 'delete',
    before: approved,
    expect: invalid,
  },
  {
    name: 'approved order marked obsolete and moved in the list',
    path: 'orders/{id}',
    op: 'update',
    before: approved,
    value: { isObsolete: true, order: 7 },
    expect: adminOnly,
  },
  {
    name: 'pending to paid',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { status: 'paid' },
    expect: adminOnly,
  },
  // stats/expiryQueue: the entry follows the order's expiry date and lessons left.
  {
    name: 'expiry moved',
    path: 'orders/{id}',
    op: 'update',
    before: order,
    value: { expiredDate: 1_800_000_000_000 },
    expect: adminOnly,
  },
  {
    name: 'approved order: last lesson used',
    path: 'orders/{id}',
    op: 'update',
    before: approved,
    value: { qtyLeft: 0, isUsed: true },
    expect: adminOnly,
  },
];

// ---- students/, tutors/ and their photos and CVs ----

const profile = {
  levelId: 'p3',
  fee: 40,
  preferredTime: '8_12',
  startDate: '2026-01-05',
  groupTuition: 0,
  additionalRequest: '',
};
const scores = [3, 18, 0, 7, 9, 12, 4, 6];

/** A student with `changes` merged in, for one create case. */
const student = (changes: Record<string, unknown> = {}) => ({ ...studentRecord(), ...changes });
const tutor = (changes: Record<string, unknown> = {}) => ({ ...tutorRecord(), ...changes });

/** A download URL of `{folder}/{name}` in this project's bucket, as the Storage emulator gives it. */
const fileUrl = (folder: string, name: string) =>
  `http://127.0.0.1:9199/v0/b/demo-tuition.appspot.com/o/${folder}%2F${name}?alt=media&token=7e-1`;

/**
 * A record's file URLs name only its own files (`{folder}/{id}.{ext}` or the resized
 * copy), so the app's replace and delete never reach another record's photo or CV.
 */
const fileUrlCases = [
  // [collection, field, folder of the URL, extension, name, whose id the URL names, allowed]
  ['students', 'logoUrl', 'students', 'png', 'own photo', 'own', true],
  ['students', 'logoUrl', 'students', 'png', "another student's photo", 'other', false],
  ['students', 'logoUrl', 'tutor-cvs', 'pdf', 'a CV of the same id', 'own', false],
  ['tutors', 'logoUrl', 'tutors', 'jpg', 'own photo', 'own', true],
  ['tutors', 'logoUrl', 'users', 'png', 'a user logo of the same id', 'own', false],
  ['tutors', 'cvUrl', 'tutor-cvs', 'pdf', 'own CV', 'own', true],
  ['tutors', 'cvUrl', 'tutor-cvs', 'pdf', "another tutor's CV", 'other', false],
] as const;
const fileUrlRows = fileUrlCases.map(([path, field, folder, ext, name, whose, allowed]) => ({
  name: `${field}: ${name}`,
  path: `${path}/{id}`,
  op: 'create' as const,
  value: ({ id }: CaseContext) => ({
    ...(path === 'students' ? student() : tutor()),
    [field]: fileUrl(folder, `${whose === 'own' ? id : 'someone-else'}_200x200.${ext}`),
  }),
  expect: allowed ? adminOnly : nobody,
}));

/** A tutor teaching subject `{id}-subject` from P1 to P6, with the tutor extras. */
const rangedTutor = ({ id }: CaseContext) =>
  tutor({
    profileLevel: {
      ...profile,
      subjects: { [`${id}-subject`]: { levelStart: 'p1', levelEnd: 'p6' } },
    },
    tutorMinDuration: 3,
    tutorTechInHome: 1,
    tutorVideoUrl: 'https://video.example/intro',
  });
/** The subject rangedTutor teaches (a tutor may teach only subjects that exist). */
const rangedSubject = { 'subjects/{id}-subject': { name: 'Ranged', countryId: 'SG' } };

const peopleDatabase: DatabaseCase[] = [
  { path: 'students/{id}', op: 'read', value: student(), expect: adminOnly },
  { path: 'students', op: 'read', expect: adminOnly },
  { path: 'students/{id}', op: 'create', value: student(), expect: adminOnly },
  {
    name: 'full profile level and test result',
    path: 'students/{id}',
    op: 'create',
    value: student({
      profileLevel: { ...profile, subjects: { maths: 'avg', english: 'below' } },
      isTested: true,
      testResult: scores,
      info1: ['chess', 'piano'],
      dob: '2012-03-04',
    }),
    expect: adminOnly,
  },
  {
    path: 'students/{id}',
    op: 'update',
    before: student(),
    value: { name: 'Renamed' },
    expect: adminOnly,
  },
  { path: 'students/{id}', op: 'delete', value: student(), expect: adminOnly },
  {
    name: 'userType tutor under students',
    path: 'students/{id}',
    op: 'create',
    value: student({ userType: 'tutor' }),
    expect: nobody,
  },
  {
    name: 'missing name',
    path: 'students/{id}',
    op: 'create',
    value: student({ name: '' }),
    expect: nobody,
  },
  {
    name: 'bad e-mail',
    path: 'students/{id}',
    op: 'create',
    value: student({ email: 'nope' }),
    expect: nobody,
  },
  {
    name: 'gender other',
    path: 'students/{id}',
    op: 'create',
    value: student({ gender: 'other' }),
    expect: nobody,
  },
  {
    name: 'isParent 2',
    path: 'students/{id}',
    op: 'create',
    value: student({ isParent: 2 }),
    expect: nobody,
  },
  {
    name: 'dob not yyyy-MM-dd',
    path: 'students/{id}',
    op: 'create',
    value: student({ dob: '04/03/2012' }),
    expect: nobody,
  },
  {
    name: 'unknown field',
    path: 'students/{id}',
    op: 'create',
    value: student({ isAdmin: true }),
    expect: nobody,
  },
  {
    name: 'preferredTime 9_5',
    path: 'students/{id}',
    op: 'create',
    value: student({ profileLevel: { ...profile, preferredTime: '9_5' } }),
    expect: nobody,
  },
  {
    name: 'groupTuition 2',
    path: 'students/{id}',
    op: 'create',
    value: student({ profileLevel: { ...profile, groupTuition: 2 } }),
    expect: nobody,
  },
  {
    name: 'proficiency good',
    path: 'students/{id}',
    op: 'create',
    value: student({ profileLevel: { ...profile, subjects: { maths: 'good' } } }),
    expect: nobody,
  },
  {
    name: 'testResult of 7',
    path: 'students/{id}',
    op: 'create',
    value: student({ testResult: scores.slice(0, 7) }),
    expect: nobody,
  },
  {
    name: 'testResult of 9',
    path: 'students/{id}',
    op: 'create',
    value: student({ testResult: [...scores, 1] }),
    expect: nobody,
  },
  {
    name: 'testResult score 19',
    path: 'students/{id}',
    op: 'create',
    value: student({ testResult: [19, ...scores.slice(1)] }),
    expect: nobody,
  },
  { path: 'tutors/{id}', op: 'read', value: tutor(), expect: adminOnly },
  { path: 'tutors/{id}', op: 'create', value: tutor(), expect: adminOnly },
  {
    name: 'tutor with subjects ranges and extras',
    path: 'tutors/{id}',
    op: 'create',
    value: rangedTutor,
    arrange: rangedSubject,
    expect: adminOnly,
  },
  {
    name: 'tutor teaching a subject that does not exist',
    path: 'tutors/{id}',
    op: 'create',
    value: rangedTutor,
    expect: nobody,
  },
  { path: 'tutors/{id}', op: 'delete', value: tutor(), expect: adminOnly },
  {
    name: 'teachingSince 99',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ teachingSince: 99 }),
    expect: nobody,
  },
  {
    name: 'teachingSince 2010.5',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ teachingSince: 2010.5 }),
    expect: nobody,
  },
  {
    name: 'status "yes"',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ status: 'yes' }),
    expect: nobody,
  },
  {
    name: 'video URL not a URL',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ tutorVideoUrl: 'video' }),
    expect: nobody,
  },
  {
    name: 'subject range without levelEnd',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ profileLevel: { ...profile, subjects: { maths: { levelStart: 'p1' } } } }),
    expect: nobody,
  },
  {
    name: 'confirmedStudents without the student side',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ confirmedStudents: { s1: { maths: true } } }),
    expect: nobody,
  },
  ...fileUrlRows,
  {
    name: 'logoUrl on another site',
    path: 'students/{id}',
    op: 'create',
    value: student({ logoUrl: 'https://example.com/students%2Fx.png?alt=media' }),
    expect: nobody,
  },
];

const peopleFilesStorage: StorageCase[] = withAccountsWithoutRecord([
  { path: 'students/{id}.png', op: 'create', expect: adminOnly },
  { path: 'students/{id}.png', op: 'read', expect: adminOnly },
  { path: 'students/{id}.png', op: 'delete', expect: adminOnly },
  { path: 'tutors/{id}.jpg', op: 'create', contentType: 'image/jpeg', expect: adminOnly },
  {
    name: 'photo not an image',
    path: 'students/{id}.txt',
    op: 'create',
    contentType: 'text/plain',
    expect: nobody,
  },
  { path: 'tutor-cvs/{id}.pdf', op: 'create', contentType: 'application/pdf', expect: adminOnly },
  {
    path: 'tutor-cvs/{id}.docx',
    op: 'create',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    expect: adminOnly,
  },
  {
    name: 'CV of another type',
    path: 'tutor-cvs/{id}.zip',
    op: 'create',
    contentType: 'application/zip',
    expect: nobody,
  },
  { path: 'tutor-cvs/{id}.pdf', op: 'read', contentType: 'application/pdf', expect: adminOnly },
  // Listings are admin-only; SVG (a script from a download URL) is refused everywhere.
  { name: 'the folder', path: 'students/{id}.png', op: 'list', expect: adminOnly },
  { name: 'the folder', path: 'tutor-cvs/{id}.pdf', op: 'list', expect: adminOnly },
  {
    name: 'SVG photo',
    path: 'tutors/{id}.svg',
    op: 'create',
    contentType: 'image/svg+xml',
    expect: nobody,
  },
  {
    name: 'photo without Content-Disposition',
    path: 'students/{id}.png',
    op: 'create',
    contentDisposition: null,
    expect: nobody,
  },
  {
    name: 'CV served inline',
    path: 'tutor-cvs/{id}.pdf',
    op: 'create',
    contentType: 'application/pdf',
    contentDisposition: 'inline',
    expect: nobody,
  },
  {
    name: 'SVG CV',
    path: 'tutor-cvs/{id}.svg',
    op: 'create',
    contentType: 'image/svg+xml',
    expect: nobody,
  },
]);

// ---- reference data: levels, countries, fieldLevels, schools, subjects ----

/** Refused even for admins: the record has the wrong shape. */
const refused = { admin: 'deny', nonAdmin: 'deny' } as const;
/** Accepted for admins (the valid counterpart of a refused shape). */
const accepted = { admin: 'allow' } as const;

const level = {
  name: 'Rules Level',
  accessBy: 'student_paid',
  description: 'Who sees what',
  order: 2,
  createdAt: 1_700_000_000_000,
  fields: {
    contact: true,
    email: false,
    houseNumber: false,
    buildingName: false,
    unitNumber: false,
    street1: false,
    street2: false,
    postcode: true,
  },
};
const country = { name: 'Spain', code: 'ES', dial_code: '+34', isObsolete: true };
const fieldLevel = {
  name: 'Primary 7',
  countryId: 'SG',
  isObsolete: false,
  order: 3,
  createdAt: 1_700_000_000_000,
};
const school = {
  name: 'Rules School',
  countryId: 'SG',
  address1: '1 Rules Road',
  address2: 'Singapore',
  postcode: '123456',
  isObsolete: false,
  order: 1,
  createdAt: 1_700_000_000_000,
};
const settings = {
  originalPrice: 50,
  salePrice: 45.5,
  minimumQRPurchase: 4,
  multipleQtyRestriction: 2,
  expiryMultiplier: 7,
  expiryDays: 30,
  expiryPrice: 20,
};
const subject = {
  name: 'Rules Maths',
  levelStart: 'p1',
  levelEnd: 'p6',
  countryId: 'SG',
  isObsolete: false,
  order: 0,
  createdAt: 1_700_000_000_000,
  settings,
};

/** The role matrix of one collection: list read, record read/create/update/delete. */
function roleMatrix(path: string, record: object, change: object): DatabaseCase[] {
  return [
    { path, op: 'read', expect: adminOnly, name: 'the list' },
    { path: `${path}/{id}`, op: 'read', value: record, expect: adminOnly },
    { path: `${path}/{id}`, op: 'create', value: record, expect: adminOnly },
    { path: `${path}/{id}`, op: 'update', before: record, value: change, expect: adminOnly },
    { path: `${path}/{id}`, op: 'delete', value: record, expect: adminOnly },
  ];
}

/** A create of `value` at `<path>/{id}` that the shape rules must refuse. */
const bad = (path: string, name: string, value: object): DatabaseCase => ({
  path: `${path}/{id}`,
  op: 'create',
  value,
  expect: refused,
  name,
});

const without = <T extends object>(value: T, key: keyof T) =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

const levelsDatabase: DatabaseCase[] = [
  ...roleMatrix('levels', level, { name: 'Renamed', order: 5 }),
  bad('levels', 'missing name', without(level, 'name')),
  bad('levels', 'empty name', { ...level, name: '' }),
  bad('levels', 'missing description', without(level, 'description')),
  bad('levels', 'missing accessBy', without(level, 'accessBy')),
  bad('levels', 'unknown accessBy', { ...level, accessBy: 'parent' }),
  bad('levels', 'negative order', { ...level, order: -1 }),
  bad('levels', 'order as text', { ...level, order: '1' }),
  bad('levels', 'unknown visibility field', { ...level, fields: { ...level.fields, phone: true } }),
  bad('levels', 'visibility not boolean', { ...level, fields: { ...level.fields, email: 'yes' } }),
  bad('levels', 'unknown field', { ...level, colour: 'red' }),
  {
    path: 'levels/{id}',
    op: 'update',
    before: level,
    value: { accessBy: 'everyone' },
    expect: refused,
    name: 'update to an unknown accessBy',
  },
];

const countriesDatabase: DatabaseCase[] = [
  ...roleMatrix('countries', country, { isObsolete: false }),
  bad('countries', 'missing name', without(country, 'name')),
  bad('countries', 'missing dial code', without(country, 'dial_code')),
  bad('countries', 'three-letter code', { ...country, code: 'ESP' }),
  bad('countries', 'lower-case code', { ...country, code: 'es' }),
  bad('countries', 'obsolete not boolean', { ...country, isObsolete: 'yes' }),
];

const fieldLevelsDatabase: DatabaseCase[] = [
  ...roleMatrix('fieldLevels', fieldLevel, { name: 'Primary 8', order: 4 }),
  bad('fieldLevels', 'missing name', without(fieldLevel, 'name')),
  bad('fieldLevels', 'missing countryId', without(fieldLevel, 'countryId')),
  bad('fieldLevels', 'countryId not a 2-letter code', { ...fieldLevel, countryId: 'SGP' }),
  bad('fieldLevels', 'negative order', { ...fieldLevel, order: -3 }),
  bad('fieldLevels', 'unknown field', { ...fieldLevel, price: 3 }),
  {
    path: 'fieldLevels/{id}',
    op: 'update',
    before: fieldLevel,
    value: { order: -1 },
    expect: refused,
    name: 'reorder to a negative order',
  },
];

const schoolsDatabase: DatabaseCase[] = [
  ...roleMatrix('schools', school, { postcode: '654321', order: 2 }),
  bad('schools', 'missing name', without(school, 'name')),
  bad('schools', 'missing countryId', without(school, 'countryId')),
  bad('schools', 'countryId not a 2-letter code', { ...school, countryId: 'sg' }),
  bad('schools', 'negative order', { ...school, order: -1 }),
];

const subjectsDatabase: DatabaseCase[] = [
  ...roleMatrix('subjects', subject, { name: 'Rules Physics', isObsolete: true }),
  {
    path: 'subjects/{id}',
    op: 'create',
    value: { ...subject, settings: without(settings, 'salePrice') },
    expect: accepted,
    name: 'without a sale price',
  },
  {
    path: 'subjects/{id}',
    op: 'create',
    value: without(subject, 'settings'),
    expect: accepted,
    name: 'before its settings exist',
  },
  bad('subjects', 'missing name', without(subject, 'name')),
  bad('subjects', 'countryId not a 2-letter code', { ...subject, countryId: 'Singapore' }),
  bad('subjects', 'negative order', { ...subject, order: -1 }),
  bad('subjects', 'sale price above original', {
    ...subject,
    settings: { ...settings, salePrice: 60 },
  }),
  bad('subjects', 'sale price equal to original', {
    ...subject,
    settings: { ...settings, salePrice: 50 },
  }),
  bad('subjects', 'negative original price', {
    ...subject,
    settings: { ...settings, originalPrice: -1, salePrice: -2 },
  }),
  bad('subjects', 'negative expiry price', {
    ...subject,
    settings: { ...settings, expiryPrice: -5 },
  }),
  bad('subjects', 'multiple of 3', {
    ...subject,
    settings: { ...settings, multipleQtyRestriction: 3 },
  }),
  bad('subjects', 'missing original price', {
    ...subject,
    settings: without(without(settings, 'originalPrice'), 'salePrice'),
  }),
  bad('subjects', 'missing expiry days', { ...subject, settings: without(settings, 'expiryDays') }),
  bad('subjects', 'unknown setting', { ...subject, settings: { ...settings, discount: 1 } }),
  {
    // A multi-path update touching originalPrice only: the stored salePrice must stay lower.
    path: 'subjects/{id}',
    op: 'update',
    before: subject,
    value: { 'settings/originalPrice': 40 },
    expect: refused,
    name: 'original price lowered below the stored sale price',
  },
  {
    path: 'subjects/{id}',
    op: 'update',
    before: subject,
    value: { settings: { ...settings, salePrice: 49.99 } },
    expect: accepted,
    name: 'settings saved with a sale price just below the original',
  },
];

// ---- derived nodes: written by the server only ----
// List rows, the tutors' index, the dashboard's figures and queues, the audit log and the marks of
// handled trigger events are written by database triggers (functions/src) through the Admin SDK,
// which the rules do not bind. Admins read them; no client, admin or not, writes any of them.

/** One path of each derived node ({id}: a per-case key, so shared figures are never touched). */
const DERIVED_PATHS = [
  'lists/students/{id}',
  'lists/tutors/{id}',
  'lists/orders/{id}',
  'tutorsBySubject/maths/{id}',
  'uses/students/subjects/{id}',
  'stats/counts/{id}',
  'stats/totals/{id}',
  'stats/months/{id}',
  'stats/pendingQueue/{id}',
  'stats/expiryQueue/{id}',
  'stats/expiryDays/{id}',
  'auditLog/{id}',
  'derivedEvents/{id}',
];

/** Every role, the accounts without a users record (a student's, a self-registered one) too. */
export const noClient = { ...nobody, unregistered: 'deny', student: 'deny' } as const;

const derivedDatabase: DatabaseCase[] = DERIVED_PATHS.flatMap((path): DatabaseCase[] => [
  { path, op: 'read', value: { x: 1 }, expect: adminOnly },
  { path, op: 'create', value: { x: 1 }, expect: noClient },
  { path, op: 'update', before: { x: 1 }, value: { x: 2 }, expect: noClient },
  { path, op: 'delete', value: { x: 1 }, expect: noClient },
]);

/** Every role, signed out included: what anyone may do. */
export const everyone = {
  signedOut: 'allow',
  nonAdmin: 'allow',
  owner: 'allow',
  admin: 'allow',
  unregistered: 'allow',
  student: 'allow',
} as const satisfies Expectations;

// `publicOrders/{id}` (an order's total, lessons and status, for the signed-out QR and payment
// pages) is the one derived node anyone reads, entry by entry; no client writes it. The list read
// of `publicOrders` stays admin-only (tests/e2e/public-orders.test.ts reads it signed out).
const publicOrdersDatabase: DatabaseCase[] = [
  {
    path: 'publicOrders/{id}',
    op: 'read',
    value: { total: 10, qty: 1, status: 'pending' },
    expect: everyone,
  },
  { path: 'publicOrders/{id}', op: 'create', value: { total: 1 }, expect: noClient },
  {
    path: 'publicOrders/{id}',
    op: 'update',
    before: { total: 10 },
    value: { total: 1 },
    expect: noClient,
  },
  { path: 'publicOrders/{id}', op: 'delete', value: { total: 10 }, expect: noClient },
];

/** One `describe` of the matrix: a title and its rows. */
export interface RulesBlock<C> {
  title: string;
  cases: C[];
}

/** database.rules.json, block by block, in the order docs/security.md shows them. */
export const databaseTable: RulesBlock<DatabaseCase>[] = [
  { title: 'users', cases: usersDatabase },
  { title: 'orders', cases: ordersDatabase },
  { title: 'students and tutors', cases: peopleDatabase },
  { title: 'levels', cases: levelsDatabase },
  { title: 'countries', cases: countriesDatabase },
  { title: 'fieldLevels', cases: fieldLevelsDatabase },
  { title: 'schools', cases: schoolsDatabase },
  { title: 'subjects', cases: subjectsDatabase },
  { title: 'derived nodes', cases: [...derivedDatabase, ...publicOrdersDatabase] },
];

/** storage.rules, block by block. */
export const storageTable: RulesBlock<StorageCase>[] = [
  { title: 'users logos', cases: usersLogosStorage },
  { title: 'student and tutor photos, tutor CVs', cases: peopleFilesStorage },
];

function find<C>(table: RulesBlock<C>[], title: string): C[] {
  const found = table.find((block) => block.title === title);
  if (!found) throw new Error(`rulesTable: no block titled "${title}"`);
  return found.cases;
}

/** The Database rows titled `title`. @throws Error for an unknown title. */
export const databaseCases = (title: string) => find(databaseTable, title);
/** The Storage rows titled `title`. @throws Error for an unknown title. */
export const storageCases = (title: string) => find(storageTable, title);

/** How many (row, role) cells `cases` assert: one per role with an expectation. */
export function cellCount(cases: { expect: Expectations }[]): number {
  return cases.reduce((sum, c) => sum + Object.keys(c.expect).length, 0);
}
