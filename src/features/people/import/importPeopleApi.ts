/**
 * The browser's side of importing students and tutors: the callable `httpsImportPeople`
 * (functions/src/httpsImportPeople.ts) for a chunk of rows, the worker that checks the file, and
 * the invitations (the same e-mailed sign-in link as the form's, shared/accounts).
 */
import { sendInvitation } from '@/shared/accounts';
import { functions } from '@/shared/firebase';
import type { ImportOutcome, MappedRow } from '@/shared/import/spec';
import type { ImportKind } from './personImport';

/**
 * Imports rows of `kind` on the server (at most 100: the callable's limit).
 * @returns one outcome per row, in order.
 * @throws FunctionsError for a refused call (not an admin, a payload of the wrong shape).
 */
export async function importPeopleChunk(
  kind: ImportKind,
  rows: MappedRow[],
): Promise<ImportOutcome[]> {
  const { httpsCallable } = await import('firebase/functions');
  const call = httpsCallable<
    { kind: ImportKind; rows: MappedRow[] },
    { outcomes: ImportOutcome[] }
  >(await functions(), 'httpsImportPeople');
  return (await call({ kind, rows })).data.outcomes;
}

/** Invitations sent at once: Auth's e-mail quota is per day, this only spares the connection. */
const PARALLEL_INVITATIONS = 5;

/**
 * E-mails each imported person the sign-in link (as the form does after creating an account).
 * @returns how many could not be sent.
 */
export async function inviteImported(rows: MappedRow[]): Promise<number> {
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const email = rows[next++]?.email;
      if (!email) continue;
      await sendInvitation(email.trim().toLowerCase()).catch(() => {
        failed += 1;
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_INVITATIONS }, worker));
  return failed;
}

/** A new worker that parses and checks students and tutors files (people.worker.ts). */
export function createPeopleImportWorker(): Worker {
  return new Worker(new URL('./people.worker.ts', import.meta.url), { type: 'module' });
}
