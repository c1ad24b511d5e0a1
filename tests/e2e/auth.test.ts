/**
 * Sign-in, session, guards, 404 and languages in Chromium against the local backend
 * (spec 2 Login, Password recovery, Not found; spec 4 Session; spec 8).
 * Every test makes its own accounts (unique e-mails) and removes them afterwards.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { sendSignInLinkToEmail } from 'firebase/auth';
import type { Page } from 'playwright-core';
import {
  adminApp,
  backend,
  createAccount,
  deleteAccount,
  deleteAccountByEmail,
  latestOobCode,
  signedOutWebApp,
  uniqueEmail,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, newPage, signIn } from '../support/browser';

const created: string[] = [];
const emails: string[] = [];
const pages: Page[] = [];

async function account(isAdmin: boolean): Promise<TestAccount> {
  const a = await createAccount({ isAdmin });
  created.push(a.uid);
  return a;
}

async function page(locale = 'en'): Promise<Page> {
  const p = await newPage({ locale });
  pages.push(p);
  return p;
}

/**
 * Invites `email` as the users feature does: an account without password, optionally a users
 * record, and a sign-in link whose continue URL is /login?email=… (spec 4 account creation).
 */
async function invite(email: string, { staff }: { staff: boolean }) {
  emails.push(email);
  const { uid } = await getAdminAuth(adminApp()).createUser({ email, emailVerified: false });
  if (staff) {
    await getAdminDatabase(adminApp()).ref(`users/${uid}`).set({
      email,
      name: 'Invited',
      location: 'Singapore',
      isAdmin: true,
      createdAt: Date.now(),
      logoUrl: null,
    });
  }
  const web = await signedOutWebApp();
  try {
    await sendSignInLinkToEmail(web.auth, email, {
      url: `${backend.appUrl}/login?email=${encodeURIComponent(email)}`,
      handleCodeInApp: true,
    });
  } finally {
    await web.close();
  }
  const code = await latestOobCode(email, 'EMAIL_SIGNIN');
  if (!code) throw new Error(`no sign-in link for ${email}`);
  return code;
}

afterAll(async () => {
  await Promise.all(pages.map((p) => p.context().close()));
  await closeBrowser();
  await Promise.all(created.map(deleteAccount));
  await Promise.all(emails.map(deleteAccountByEmail));
});

describe('sign-in (spec 2 Login)', () => {
  it('an admin signs in and sees the dashboard with the full navigation', async () => {
    const admin = await account(true);
    const p = await page();
    await signIn(p, admin.email, admin.password, { form: true });
    expect(new URL(p.url()).pathname).toBe('/');
    await p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const nav = p.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Users' }).waitFor();
    await nav.getByRole('link', { name: 'Manage browsing levels' }).waitFor();
  });

  it("a wrong password shows 'Invalid credentials'", async () => {
    const admin = await account(true);
    const p = await page();
    await p.goto('/login');
    await p.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await p.getByLabel('Password', { exact: true }).fill('not-the-password');
    await p.getByRole('button', { name: 'Login', exact: true }).click();
    await p.getByRole('alert').filter({ hasText: 'Invalid credentials' }).first().waitFor();
    expect(new URL(p.url()).pathname).toBe('/login');
  });

  it('a Spanish browser gets the Spanish text of the same error', async () => {
    const admin = await account(true);
    const p = await page('es-ES');
    await p.goto('/login');
    await p.getByLabel('Correo electrónico', { exact: true }).fill(admin.email);
    await p.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
    await p.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await p.getByRole('alert').filter({ hasText: 'Credenciales inválidas' }).first().waitFor();
  });

  it('logging out returns to /login and /profile then asks to sign in again', async () => {
    const admin = await account(false);
    const p = await page();
    await signIn(p, admin.email, admin.password);
    await p.getByRole('button', { name: /Account menu/ }).click();
    await p.getByRole('button', { name: 'Log out' }).click();
    await p.waitForURL((url) => url.pathname === '/login');
    await p.goto('/profile');
    await p.waitForURL((url) => url.pathname === '/login');
  });
});

describe('sign-in link (spec 2 Login, spec 4)', () => {
  it('an invited staff member follows the e-mailed link, sets a password and is signed in', async () => {
    const email = uniqueEmail('invited');
    const code = await invite(email, { staff: true });
    const p = await page();
    // The link as e-mailed: the Auth emulator's action URL redirects to our /login.
    await p.goto(code.oobLink);
    await p.getByRole('heading', { name: 'Set your new password' }).waitFor();
    expect(await p.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
    expect(await p.getByRole('link', { name: 'Forgot your password?' }).count()).toBe(0);
    const submit = p.getByRole('button', { name: 'Set Password' });
    await p.getByLabel('Password', { exact: true }).fill('abc');
    // The hint says the rule (spec 9: 6 characters), not only that it is broken.
    await p.getByText('Unsafe password: use at least 6 characters').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await p.getByLabel('Password', { exact: true }).fill('first-password');
    await p.getByText('Safe password').waitFor();
    // Typed twice, as on the reset page: a typo in the confirmation keeps it disabled.
    await p.getByLabel('Confirm new password', { exact: true }).fill('first-passwort');
    await p.getByText('Passwords do not match').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await p.getByLabel('Confirm new password', { exact: true }).fill('first-password');
    await p.getByText('Passwords match').waitFor();
    await submit.click();
    await p.waitForURL((url) => url.pathname === '/');
    await p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // The new password works for a plain sign-in.
    const again = await page();
    await signIn(again, email, 'first-password', { form: true });
  });

  it('an invited student sets a password and is told the back office is for staff', async () => {
    const email = uniqueEmail('student');
    await invite(email, { staff: false });
    const p = await page();
    // Through the local outbox, as a developer would.
    await p.goto('/outbox');
    await p.getByRole('link', { name: `Open the link sent to ${email}` }).click();
    await p.getByRole('heading', { name: 'Set your new password' }).waitFor();
    await p.getByLabel('Password', { exact: true }).fill('student-password');
    await p.getByLabel('Confirm new password', { exact: true }).fill('student-password');
    await p.getByRole('button', { name: 'Set Password' }).click();
    await p.getByRole('status').filter({ hasText: 'Your password is set' }).waitFor();
    expect(new URL(p.url()).pathname).toBe('/login');
    await p.getByRole('button', { name: 'Login', exact: true }).waitFor();
  });
});

describe('password recovery (spec 2)', () => {
  it("confirms with 'We have sent you an email to {mail}…' and the emulator has the reset", async () => {
    const user = await account(false);
    const p = await page();
    await p.goto('/login');
    await p.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login form has an 'E-mail' field too: wait for the recovery form before typing.
    const send = p.getByRole('button', { name: 'Send Reset Link' });
    await send.waitFor();
    await p.getByLabel('E-mail', { exact: true }).fill(user.email);
    await send.click();
    await p
      .getByText(`We have sent you an email to ${user.email} so you can recover your account.`)
      .waitFor();
    expect(await latestOobCode(user.email, 'PASSWORD_RESET')).toBeDefined();
    await p.getByRole('link', { name: 'Back' }).click();
    await p.waitForURL((url) => url.pathname === '/login');
  });
});

describe('the auth forms and the unsaved-changes guard', () => {
  it('input typed on /login or /recover-password never holds a navigation or a reload', async () => {
    const p = await page();
    const dialogs: string[] = [];
    p.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await p.goto('/login');
    await p.getByLabel('E-mail', { exact: true }).fill('someone@tuition.test');
    await p.getByLabel('Password', { exact: true }).fill('typed');
    await p.getByRole('link', { name: 'Forgot your password?' }).click();
    await p.waitForURL((url) => url.pathname === '/recover-password');
    const send = p.getByRole('button', { name: 'Send Reset Link' });
    await send.waitFor();
    await p.getByLabel('E-mail', { exact: true }).fill('someone@tuition.test');
    await p.reload();
    await send.waitFor();
    await p.getByLabel('E-mail', { exact: true }).fill('someone@tuition.test');
    await p.getByRole('link', { name: 'Back' }).click();
    await p.waitForURL((url) => url.pathname === '/login');
    expect(await p.getByRole('dialog').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});

describe('guards and not found (spec 2, spec 6)', () => {
  it('a non-admin is sent from /users to / and sees only the dashboard link', async () => {
    const member = await account(false);
    const p = await page();
    await signIn(p, member.email, member.password);
    await p.goto('/users');
    await p.waitForURL((url) => url.pathname === '/');
    const nav = p.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link').count()).toBe(1);
  });

  it('a signed-out visitor of an admin page lands on /login, then back there after signing in', async () => {
    const admin = await account(true);
    const p = await page();
    await p.goto('/section');
    await p.waitForURL((url) => url.pathname === '/login');
    await p.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await p.getByLabel('Password', { exact: true }).fill(admin.password);
    await p.getByRole('button', { name: 'Login', exact: true }).click();
    await p.waitForURL((url) => url.pathname === '/section');
  });

  it('an unknown URL shows the 404 screen with a link to login, or home when signed in', async () => {
    const p = await page();
    await p.goto('/no-such-page');
    await p.getByRole('heading', { name: 'Error 404: page not found' }).waitFor();
    await p.getByText('The requested URL /no-such-page was not found').waitFor();
    await p.getByRole('button', { name: 'Go Back' }).waitFor();
    expect(await p.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe(
      '/login',
    );

    const admin = await account(true);
    await signIn(p, admin.email, admin.password);
    await p.goto('/no-such-page');
    expect(await p.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });
});

describe('languages (spec 1)', () => {
  it('the header switch changes the language and the cookie keeps it across a reload', async () => {
    const admin = await account(true);
    const p = await page('en-US');
    await signIn(p, admin.email, admin.password);
    await p.getByRole('button', { name: 'ES', exact: true }).click();
    await p.getByRole('heading', { name: 'Panel', level: 1 }).waitFor();
    const cookies = await p.context().cookies();
    expect(cookies.find((c) => c.name === 'locale')?.value).toBe('es');
    await p.reload();
    await p.getByRole('heading', { name: 'Panel', level: 1 }).waitFor();
    await p.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
    expect(await p.getAttribute('html', 'lang')).toBe('es');
  });
});
