/**
 * The e-mail action links of Firebase Auth, handled inside the app at `/auth/action`
 * (AuthActionPage). Firebase builds every action link as
 * `<action URL>?mode=<mode>&oobCode=<code>&apiKey=<key>&continueUrl=<url>&lang=<code>` (Firebase
 * Auth docs, "Create custom email action handlers"); the project's e-mail templates point the
 * action URL here (docs/deploy.md), the local outbox rewrites the Auth emulator's links to it.
 */
import { LOCALES, type Locale } from '@/shared/i18n/locales';
import { toAppError } from '@/shared/errors';

/** The modes handled here; others (recoverEmail…) show the invalid-link message. */
export const ACTION_MODES = ['resetPassword', 'signIn', 'verifyEmail'] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

/** What an action link carries. */
export interface EmailAction {
  /** One of ACTION_MODES, or null for a missing or unknown mode. */
  mode: ActionMode | null;
  /** The one-time code (`oobCode`), '' when missing. */
  oobCode: string;
  /** Where the person goes afterwards (set by whoever sent the e-mail), or null. */
  continueUrl: string | null;
  /** The language the e-mail was sent in, when it is one of ours. */
  lang: Locale | null;
}

/** Reads an action link's query (`location.search`). */
export function parseEmailAction(search: string): EmailAction {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  const lang = params.get('lang')?.toLowerCase().split(/[-_]/)[0];
  return {
    mode: ACTION_MODES.find((m) => m === mode) ?? null,
    oobCode: params.get('oobCode') ?? '',
    continueUrl: params.get('continueUrl') || null,
    lang: LOCALES.find((l) => l === lang) ?? null,
  };
}

/**
 * A path of this app from a continue URL: only its path and query, so a link can never send the
 * visitor to another site (the Auth emulator may also name another host of this machine).
 * `fallback` when the URL is missing, unreadable or this very page.
 */
export function continuePath(continueUrl: string | null, fallback: string): string {
  if (!continueUrl) return fallback;
  try {
    const url = new URL(continueUrl, 'http://app.invalid');
    if (url.pathname === '/auth/action') return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}

/**
 * Where a sign-in link (mode `signIn`) continues: the set-first-password form of /login
 * (LoginPage), at the continue URL the inviter gave (`/login?email=…`), with the link's own
 * parameters (mode, oobCode, apiKey, lang), which `isEmailSignInLink` reads there.
 */
export function signInLinkPath(search: string): string {
  const params = new URLSearchParams(search);
  const target = new URL(continuePath(params.get('continueUrl'), '/login'), 'http://app.invalid');
  params.delete('continueUrl');
  for (const [key, value] of params) target.searchParams.set(key, value);
  return `${target.pathname}${target.search}`;
}

/**
 * The catalogue id of why an action failed: 'Auth.actionExpired' for an expired code,
 * 'Auth.actionInvalid' for one that is unknown, malformed or already used (Firebase answers
 * `auth/invalid-action-code` for both), otherwise the error's own id (spec 8).
 */
export function actionFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'auth/expired-action-code') return 'Auth.actionExpired';
  if (code === 'auth/invalid-action-code') return 'Auth.actionInvalid';
  return toAppError(error).messageId;
}
