/**
 * The local outbox (issue 5): what the Auth emulator would have e-mailed, read from its test
 * endpoint `GET http://<host>:9099/emulator/v1/projects/<projectId>/oobCodes` (firebase-tools
 * `src/emulator/auth/operations.ts` listOobCodesInProject; see shared/reference/auth-emulator.md
 * section 3). Local mode only: the route exists only when `usesEmulators`.
 */
import { firebaseConfig } from '@/shared/firebase';

/** One message as the emulator lists it. */
export interface OobCode {
  email: string;
  /** EMAIL_SIGNIN, PASSWORD_RESET, VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL. */
  requestType: string;
  oobCode: string;
  oobLink: string;
  newEmail?: string;
}

/** The emulator's listing URL for this app's project. */
export function oobCodesUrl(
  host: string = import.meta.env.VITE_EMULATOR_HOST || '127.0.0.1',
  projectId: string = firebaseConfig.projectId ?? '',
): string {
  return `http://${host}:9099/emulator/v1/projects/${encodeURIComponent(projectId)}/oobCodes`;
}

/** Fetches the codes, newest first (the emulator lists them oldest first). */
export async function fetchOobCodes(signal?: AbortSignal): Promise<OobCode[]> {
  const response = await fetch(oobCodesUrl(), { signal });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const body = (await response.json()) as { oobCodes?: OobCode[] };
  return [...(body.oobCodes ?? [])].reverse();
}

/**
 * The link a person would follow. For a sign-in link, our own /login finish page with the
 * parameters the SDK's `isSignInWithEmailLink` expects (mode, oobCode, apiKey), on top of the
 * continue URL the inviter gave (it carries `?email=`), so it works without the emulator's
 * redirect page and on whatever origin the app is served from. Other types keep the emulator's
 * own link (its page lets you choose a new password, verify an address…).
 */
export function messageLink(
  code: OobCode,
  origin: string,
  apiKey = firebaseConfig.apiKey ?? '',
): string {
  if (code.requestType !== 'EMAIL_SIGNIN') return code.oobLink;
  let target: URL;
  try {
    const continueUrl = new URL(code.oobLink).searchParams.get('continueUrl');
    target = new URL(continueUrl || '/login', origin);
  } catch {
    target = new URL('/login', origin);
  }
  // Same path and query on this origin: the emulator may have been given another host name.
  const url = new URL(`${target.pathname}${target.search}`, origin);
  if (!url.searchParams.has('email')) url.searchParams.set('email', code.email);
  url.searchParams.set('mode', 'signIn');
  url.searchParams.set('oobCode', code.oobCode);
  url.searchParams.set('apiKey', apiKey);
  return url.toString();
}
