/**
 * Callable Cloud Function `httpsImportPeople`: the server half of importing students or tutors
 * from a spreadsheet (spec section 2, Students and tutors: "Import from a CSV file"). The browser parses and checks the file, then sends
 * it here a chunk of rows at a time; for each row this function checks it again with the same
 * schemas (src/features/people/import/personImport.ts), gives it a sign-in account as the form
 * does (httpsCreateUser: an unverified account without password, the `userType` claim), and writes
 * the record as the calling admin (databaseAs.ts: under the database rules, like the admin's own
 * writes). The record triggers (recordTriggers.ts) then write its list row, counters, index
 * entries and audit entry, as for any record; the audit entry names the admin who imported it. The sign-in links are e-mailed by the browser, as
 * the form does, only when the admin asks for invitations.
 *
 * One record per e-mail: students and tutors are keyed by their account's uid (spec section 7),
 * and Auth refuses a second account with an e-mail that has one (`auth/email-already-exists`), so
 * an e-mail always leads to the same uid; that account is reused, and the record is written in a
 * transaction only where none exists. Two calls importing the same e-mail at once therefore make
 * one account and one record: the second finds the account, and its transaction finds the record
 * (outcome 'skipped'). A re-imported or resumed file is skipped the same way.
 *
 * Quotas (Firebase docs, "Authentication limits"): new account creation is limited (100 accounts
 * an hour per IP address, raised for a while from the console), and e-mail link sign-in e-mails
 * to 5 a day on the Spark plan and 25,000 a day on Blaze. A call takes at most
 * {@link IMPORT_CHUNK_MAX} rows and works on {@link PARALLEL_ROWS} of them at a time, so one
 * caller's Auth requests stay a handful at once; the browser sends one chunk after the other.
 */
// First: the region (FUNCTIONS_REGION) must be set before onCall below reads the options.
import './options.js';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { getAuth } from 'firebase-admin/auth';
import { checkPersonRow, type ImportKind } from '../../src/features/people/import/personImport';
import type { ImportOutcome, MappedRow } from '../../src/shared/import/spec';
import { adminApp, adminErrorCode, errorKeys, isAdmin } from './common.js';
import { databaseAs, isPermissionDenied } from './databaseAs.js';

/** The most rows one call takes: about 10 s of Auth and Database work at most. */
export const IMPORT_CHUNK_MAX = 100;
/** Rows worked on at once within a call. */
const PARALLEL_ROWS = 10;
/** Bounds of a row's cells: the form's fields hold no more. */
const MAX_CELLS = 40;
const MAX_CELL_LENGTH = 1000;

/** What the function accepts. */
export interface ImportPeoplePayload {
  kind: ImportKind;
  rows: MappedRow[];
}

/** One row's outcome, in the order of the rows sent (shared/import/spec). */
export type ImportRowOutcome = ImportOutcome;

/** What the function returns. */
export interface ImportPeopleResult {
  outcomes: ImportRowOutcome[];
}

/** Catalogue ids of the refusals that are this function's own. */
const reasons = {
  alreadyImported: 'Import.alreadyImported',
  emailInUse: 'Import.emailInUse',
} as const;

/** A plain object whose values are all strings, within the bounds above. */
function isMappedRow(value: unknown): value is MappedRow {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= MAX_CELLS &&
    entries.every(([, cell]) => typeof cell === 'string' && cell.length <= MAX_CELL_LENGTH)
  );
}

/**
 * Checks the payload's shape: `{kind: 'students' | 'tutors', rows: [1..IMPORT_CHUNK_MAX rows]}`
 * and no other keys. The rows' contents are checked one by one (a bad row fails alone).
 * @throws HttpsError('invalid-argument', 'functions/invalid-argument') for a wrong shape.
 */
function parsePayload(data: unknown): ImportPeoplePayload {
  const bad = () => new HttpsError('invalid-argument', errorKeys.invalidArgument);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad();
  const { kind, rows, ...others } = data as Record<string, unknown>;
  if (Object.keys(others).length > 0) throw bad();
  if (kind !== 'students' && kind !== 'tutors') throw bad();
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > IMPORT_CHUNK_MAX) throw bad();
  if (!rows.every(isMappedRow)) throw bad();
  return { kind, rows };
}

/**
 * The account of `email` for a record of `kind`: a new one (unverified, no password, the
 * `userType` claim, as httpsCreateUser makes them), or the existing one when it is a
 * student's/tutor's account of this kind or one without any role. A staff account or one of the
 * other kind is refused: its e-mail is in use.
 */
async function accountFor(
  callerUid: string,
  kind: ImportKind,
  email: string,
): Promise<{ uid: string; created: boolean } | { refused: string }> {
  const auth = getAuth(adminApp());
  const userType = kind === 'students' ? 'student' : 'tutor';
  try {
    const { uid } = await auth.createUser({ email, emailVerified: false });
    try {
      await auth.setCustomUserClaims(uid, { userType });
    } catch (error) {
      // An account without its claim would lack its role: remove it so a retry starts clean.
      await auth.deleteUser(uid).catch(() => undefined);
      throw error;
    }
    return { uid, created: true };
  } catch (error) {
    const code = adminErrorCode(error);
    if (code === 'auth/invalid-email') return { refused: errorKeys.invalidEmail };
    if (code !== 'auth/email-already-exists') throw error;
  }
  const user = await auth.getUserByEmail(email);
  const claims = user.customClaims ?? {};
  const staff = (await databaseAs(callerUid).ref(`users/${user.uid}`).get()).exists();
  if (staff || claims.staff || claims.admin || (claims.userType && claims.userType !== userType)) {
    return { refused: reasons.emailInUse };
  }
  // An account of this kind (made by a concurrent call or an earlier attempt) or without a role.
  if (claims.userType !== userType)
    await auth.setCustomUserClaims(user.uid, { ...claims, userType });
  return { uid: user.uid, created: false };
}

/**
 * Imports one row for the admin `callerUid`: see {@link ImportRowOutcome}. Never throws; a record
 * the rules refuse (the caller is no longer an admin) fails with 'functions/permission-denied'.
 */
async function importRow(
  callerUid: string,
  kind: ImportKind,
  row: MappedRow,
): Promise<ImportRowOutcome> {
  const check = checkPersonRow(kind, row);
  if (!check.ok) {
    const [field, reason] = Object.entries(check.errors)[0] ?? ['', errorKeys.invalidArgument];
    return { status: 'failed', reason, ...(field ? { field } : {}) };
  }
  try {
    const account = await accountFor(callerUid, kind, check.value.email);
    if ('refused' in account) return { status: 'failed', reason: account.refused, field: 'email' };
    const { uid, created } = account;
    const record = { ...check.value, id: uid, createdAt: Date.now() };
    // Only where no record exists: a record already there (imported before, or by a concurrent
    // call) is left as it is. The first run may see an empty local cache; the server's hash check
    // then runs it again on the stored value.
    const { committed } = await databaseAs(callerUid)
      .ref(`${kind}/${uid}`)
      .transaction((current: unknown) => (current === null ? record : undefined), undefined, false);
    if (!committed) return { status: 'skipped', uid, reason: reasons.alreadyImported };
    return { status: created ? 'created' : 'reused', uid };
  } catch (error) {
    if (isPermissionDenied(error)) return { status: 'failed', reason: errorKeys.permissionDenied };
    return { status: 'failed', reason: errorKeys.internal };
  }
}

/**
 * The request handler.
 * @param request.data {@link ImportPeoplePayload}.
 * @returns {@link ImportPeopleResult}: one outcome per row, in order.
 * @throws HttpsError('unauthenticated') when signed out; ('permission-denied') unless
 *   `users/{callerUid}/isAdmin === true` (the same check as httpsCreateUser);
 *   ('invalid-argument') for a payload of the wrong shape.
 */
async function handleImportPeople(request: CallableRequest<unknown>): Promise<ImportPeopleResult> {
  if (!request.auth) throw new HttpsError('unauthenticated', errorKeys.unauthenticated);
  if (!(await isAdmin(request.auth.uid))) {
    throw new HttpsError('permission-denied', errorKeys.permissionDenied);
  }
  const { kind, rows } = parsePayload(request.data);
  const callerUid = request.auth.uid;
  const outcomes: ImportRowOutcome[] = new Array<ImportRowOutcome>(rows.length);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const index = next++;
      outcomes[index] = await importRow(callerUid, kind, rows[index] as MappedRow);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_ROWS, rows.length) }, worker));
  return { outcomes };
}

/** Callable `httpsImportPeople` (region: FUNCTIONS_REGION). See {@link handleImportPeople}. */
export const httpsImportPeople = onCall<unknown, Promise<ImportPeopleResult>>(
  { timeoutSeconds: 120 },
  handleImportPeople,
);
