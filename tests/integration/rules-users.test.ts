/**
 * Security rules of `users/` (database.rules.json) and of the logos `users/{file}` (storage.rules),
 * issue 6 / spec section 6: an admin reads and writes every record; a signed-in user reads and
 * updates only their own, never its `isAdmin` or `email`; nobody else creates or deletes records;
 * records keep their shape. Logos: images under 2 MB, written by admins or their owner, read by
 * any signed-in user.
 */
import {
  adminOnly,
  describeDatabaseRules,
  describeStorageRules,
  nobody,
  ownerOrAdmin,
  signedIn,
  withAccountsWithoutRecord,
  type CaseContext,
} from '../support/rulesMatrix';

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

describeDatabaseRules('users', [
  { name: 'whole list', path: 'users', op: 'read', expect: adminOnly },
  { name: 'one record', path: 'users/{uid}', op: 'read', value: record, expect: ownerOrAdmin },
  // A record is begun by httpsCreateUser, which writes its isAdmin (issue 15: clients never
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
  // Bounded own-record writes (issue 15): a 9 MB name made every admin's list load 18.9 MB.
  ...(
    [
      ['name of 9 MB', { name: 'x'.repeat(9 * 1024 * 1024) }],
      ['name of 201 characters', { name: 'x'.repeat(201) }],
      ['location of 201 characters', { location: 'x'.repeat(201) }],
      ['logoUrl of 2,001 characters', { logoUrl: 'x'.repeat(2001) }],
      // The confused deputy (issue 15): a logoUrl naming someone else's file.
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
]);

/** 2 MB exactly: one byte over the largest logo accepted (storage.rules, LOGO_MAX_BYTES). */
const TOO_BIG = new Uint8Array(2 * 1024 * 1024);

describeStorageRules(
  'users logos',
  withAccountsWithoutRecord([
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
    // Issue 15: the folder's listing names every uid; only admins list it.
    { name: 'the folder', path: 'users/{uid}.png', op: 'list', expect: adminOnly },
    // Issue 15: an SVG can run a script from its download URL; names need an image extension.
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
    // Issue 15: a file is served as an attachment, never rendered as a page.
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
    // Quota (issue 15): an owner has at most one logo per image extension, named by their uid;
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
  ]),
);
