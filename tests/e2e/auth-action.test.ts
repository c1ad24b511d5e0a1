/**
 * E-mail action links inside the app: /auth/action for `resetPassword` and
 * `verifyEmail` (the `signIn` mode continues to /login: tests/e2e/auth.test.ts, 'an invited
 * student…', opens it through the outbox), in Chromium against the local backend, reached as a
 * developer reaches them: through the local outbox (/outbox), which rewrites the Auth emulator's
 * links to /auth/action. Every test makes its own account and removes it.
 *
 * The Auth emulator never expires a code; an expired code's message is covered by
 * src/features/auth/emailAction.test.ts. A used or made-up code is `auth/invalid-action-code`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { sendEmailVerification } from 'firebase/auth';
import type { Page } from 'playwright-core';
import {
  adminApp,
  createAccount,
  deleteAccount,
  latestOobCode,
  signedInWebApp,
  type TestAccount,
} from '../support/backend';
import { closeBrowser, newPage, signIn } from '../support/browser';

const created: string[] = [];
const pages: Page[] = [];

async function account(): Promise<TestAccount> {
  const a = await createAccount({ isAdmin: false });
  created.push(a.uid);
  return a;
}

async function page(locale: string): Promise<Page> {
  const p = await newPage({ locale });
  pages.push(p);
  return p;
}

afterAll(async () => {
  await Promise.all(pages.map((p) => p.context().close()));
  await closeBrowser();
  await Promise.all(created.map(deleteAccount));
});

/** The visible text of both catalogues (src/app/i18n/{en,es}). */
const TEXT = {
  en: {
    email: 'E-mail',
    send: 'Send Reset Link',
    sent: (mail: string) => `We have sent you an email to ${mail} so you can recover your account.`,
    open: (mail: string) => `Open the link sent to ${mail}`,
    heading: 'Choose a new password',
    resetFor: (mail: string) => `New password for ${mail}.`,
    newPassword: 'New password',
    confirmation: 'Confirm new password',
    insecure: 'Insecure password',
    safe: 'Safe password',
    noMatch: 'Passwords do not match',
    match: 'Passwords match',
    save: 'Save new password',
    changed: 'Your password has been changed. You can sign in with it now.',
    signIn: 'Sign in',
    invalid: 'This link is not valid or has already been used. Ask for a new one.',
    newReset: 'Send me a new reset link',
    backToLogin: 'Back to the login page',
  },
  es: {
    email: 'Correo electrónico',
    send: 'Enviar enlace de recuperación',
    sent: (mail: string) =>
      `Te hemos enviado un correo a ${mail} para que puedas recuperar tu cuenta.`,
    open: (mail: string) => `Abrir el enlace enviado a ${mail}`,
    heading: 'Elige una nueva contraseña',
    resetFor: (mail: string) => `Nueva contraseña para ${mail}.`,
    newPassword: 'Nueva contraseña',
    confirmation: 'Confirma la nueva contraseña',
    insecure: 'Contraseña insegura',
    safe: 'Contraseña segura',
    noMatch: 'Las contraseñas no coinciden',
    match: 'Las contraseñas coinciden',
    save: 'Guardar la nueva contraseña',
    changed: 'Tu contraseña ha cambiado. Ya puedes iniciar sesión con ella.',
    signIn: 'Iniciar sesión',
    invalid: 'Este enlace no es válido o ya se ha usado. Pide uno nuevo.',
    newReset: 'Enviarme un nuevo enlace',
    backToLogin: 'Volver a la página de inicio de sesión',
  },
} as const;

describe('password reset through the outbox', () => {
  it.each(['en', 'es'] as const)(
    '%s: request, open the link, set a new password, sign in with it; the link is then spent',
    async (locale) => {
      const t = TEXT[locale];
      const user = await account();
      const p = await page(locale);
      await p.goto('/recover-password');
      const send = p.getByRole('button', { name: t.send });
      await p.getByLabel(t.email, { exact: true }).fill(user.email);
      await send.click();
      await p.getByText(t.sent(user.email)).waitFor();
      // The Auth emulator holds the reset e-mail.
      expect((await latestOobCode(user.email, 'PASSWORD_RESET'))?.oobLink).toBeDefined();

      await p.goto('/outbox');
      await p.getByRole('link', { name: t.open(user.email) }).click();
      await p.waitForURL((url) => url.pathname === '/auth/action');
      const link = p.url();
      expect(new URL(link).searchParams.get('mode')).toBe('resetPassword');
      await p.getByRole('heading', { name: t.heading }).waitFor();
      await p.getByText(t.resetFor(user.email)).waitFor();

      const save = p.getByRole('button', { name: t.save });
      await p.getByLabel(t.newPassword, { exact: true }).fill('abc');
      await p.getByText(t.insecure).waitFor();
      expect(await save.isDisabled()).toBe(true);
      await p.getByLabel(t.newPassword, { exact: true }).fill('reset-password');
      await p.getByText(t.safe).waitFor();
      await p.getByLabel(t.confirmation, { exact: true }).fill('reset-passwor');
      await p.getByText(t.noMatch).waitFor();
      expect(await save.isDisabled()).toBe(true);
      await p.getByLabel(t.confirmation, { exact: true }).fill('reset-password');
      await p.getByText(t.match).waitFor();
      await save.click();
      await p.getByRole('status').filter({ hasText: t.changed }).waitFor();

      // Offered: sign in, with the e-mail already filled in; the new password works.
      await p.getByRole('link', { name: t.signIn, exact: true }).click();
      await p.waitForURL((url) => url.pathname === '/login');
      expect(await p.getByLabel(t.email, { exact: true }).inputValue()).toBe(user.email);
      await signIn(p, user.email, 'reset-password', { locale, form: true });
      expect(new URL(p.url()).pathname).toBe('/');

      // The same link again: the code is spent.
      const again = await page(locale);
      await again.goto(link);
      await again.getByRole('alert').filter({ hasText: t.invalid }).waitFor();
      expect(await again.getByRole('button', { name: t.save }).count()).toBe(0);
      expect(await again.getByRole('link', { name: t.newReset }).getAttribute('href')).toBe(
        '/recover-password',
      );
      await again.getByRole('link', { name: t.backToLogin }).click();
      await again.waitForURL((url) => url.pathname === '/login');
    },
  );

  it("a made-up code says the link is not valid, in the link's language (lang=es)", async () => {
    const p = await page('en');
    await p.goto('/auth/action?mode=resetPassword&oobCode=made-up-code&apiKey=k&lang=es');
    await p.getByRole('alert').filter({ hasText: TEXT.es.invalid }).waitFor();
    expect(await p.getAttribute('html', 'lang')).toBe('es');
    await p.getByRole('link', { name: TEXT.es.backToLogin }).click();
    await p.waitForURL((url) => url.pathname === '/login');
  });
});

describe('the reset page on a phone', () => {
  it('shows the form, disabled, while the link is checked, and enables it for the account', async () => {
    const user = await account();
    const link = await getAdminAuth(adminApp()).generatePasswordResetLink(user.email);
    const oobCode = new URL(link).searchParams.get('oobCode');
    const p = await newPage({ locale: 'en', width: 412, height: 823 });
    pages.push(p);
    // The check (verifyPasswordResetCode: accounts:resetPassword with the code alone) is held
    // until the disabled form has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route('**/accounts:resetPassword?*', async (route) => {
      await held;
      await route.continue();
    });
    await p.goto(`/auth/action?mode=resetPassword&oobCode=${oobCode}&apiKey=k&lang=en`);
    const t = TEXT.en;
    await p.getByRole('status').filter({ hasText: 'Checking the link…' }).waitFor();
    // The rule is said before anything is typed.
    await p
      .getByText('Your new password needs at least 6 characters. Once it is saved, you sign in')
      .waitFor();
    const next = p.getByLabel(t.newPassword, { exact: true });
    const confirmation = p.getByLabel(t.confirmation, { exact: true });
    const save = p.getByRole('button', { name: t.save });
    expect(await next.isDisabled()).toBe(true);
    expect(await confirmation.isDisabled()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    release();
    await p.getByText(t.resetFor(user.email)).waitFor();
    expect(await p.getByRole('status').filter({ hasText: 'Checking the link…' }).count()).toBe(0);
    await next.fill('reset-password');
    await confirmation.fill('reset-password');
    expect(await save.isEnabled()).toBe(true);
  });

  it('its card does not move when the result of checking the link replaces "checking"', async () => {
    // Lighthouse's mobile viewport. Every layout shift from the page's start (the init script runs
    // before the app), as the Layout Instability API reports it, with the elements that moved.
    const p = await newPage({ locale: 'en', width: 412, height: 823 });
    pages.push(p);
    await p.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as LayoutShift[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            moved: entry.sources.map(
              (s) => (s.node as Element | null)?.outerHTML.slice(0, 80) ?? '',
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await p.goto('/auth/action?mode=resetPassword&oobCode=made-up-code&apiKey=k&lang=en');
    await p.getByRole('alert').filter({ hasText: TEXT.en.invalid }).waitFor();
    await p.getByRole('link', { name: TEXT.en.backToLogin }).waitFor();
    // Two frames after the answer, so that a shift it caused has been reported.
    await p.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const shifts = await p.evaluate(
      () => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts,
    );
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    // Centred in the viewport, the card moved up by half its growth: 0.036-0.048 before.
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.005);
  });
});

/** A layout-shift entry (Layout Instability API), which TypeScript's DOM library does not type. */
interface LayoutShift {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}

describe('e-mail verification through the outbox', () => {
  it('an unverified account verifies its address from the link, then signs in', async () => {
    const user = await account();
    await getAdminAuth(adminApp()).updateUser(user.uid, { emailVerified: false });
    const web = await signedInWebApp(user.email, user.password);
    try {
      await sendEmailVerification(web.user!);
    } finally {
      await web.close();
    }
    const p = await page('en');
    await p.goto('/outbox');
    await p.getByRole('link', { name: TEXT.en.open(user.email) }).click();
    await p.waitForURL((url) => url.pathname === '/auth/action');
    await p.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor();
    await p
      .getByRole('status')
      .filter({ hasText: 'Your e-mail address is verified. You can sign in now.' })
      .waitFor();
    expect((await getAdminAuth(adminApp()).getUser(user.uid)).emailVerified).toBe(true);
    await p.getByRole('link', { name: 'Sign in', exact: true }).click();
    await p.waitForURL((url) => url.pathname === '/login');
    // Unverified, the login rule of spec 4 would refuse it ('User disabled').
    await signIn(p, user.email, user.password, { form: true });
  });
});
