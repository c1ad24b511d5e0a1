/**
 * The local outbox: what the Auth emulator would have e-mailed, read from its test endpoint
 * `GET http://<host>:9099/emulator/v1/projects/<projectId>/oobCodes` (firebase-tools
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
 * The link a person would follow: the app's own e-mail action page, `/auth/action` on this origin
 * (as the project's e-mail templates point there in production), with the emulator's link
 * parameters (mode, oobCode, apiKey, continueUrl). Its `lang` is left out: the emulator always
 * writes `lang=en` (firebase-tools `createOobRecord`), whatever the language of the request, so the
 * page follows the visitor's own language instead.
 */
export function messageLink(code: OobCode, origin: string): string {
  const url = new URL('/auth/action', origin);
  try {
    new URL(code.oobLink).searchParams.forEach((value, key) => {
      if (key !== 'lang') url.searchParams.set(key, value);
    });
  } catch {
    // Not a URL: the page then says the link is not valid.
  }
  url.searchParams.set('oobCode', code.oobCode);
  return url.toString();
}
