/**
 * One database trigger per collection an admin edits (2nd generation `onValueWritten` on
 * `{collection}/{id}`): after every write of a record, whoever made it, the server records it in
 * the audit log (auditLog.ts) and, for students, tutors and orders, keeps the derived nodes
 * (derivedNodes.ts); a deleted student's or tutor's sign-in account is deleted with it
 * (accounts.ts). One trigger per collection rather than one per purpose: each is one worker and
 * one event to deliver per write.
 */
import { onValueWritten } from 'firebase-functions/v2/database';
import type { AuditedCollection } from '../../src/shared/domain/audit';
import { DERIVATIONS, type DerivedCollection } from '../../src/shared/domain/derived/index';
import { auditEntryUpdate } from './auditLog.js';
import { deleteAccountOfRecord } from './accounts.js';
import { keepDerivedNodes } from './derivedNodes.js';
import { triggerOptions } from './triggerOptions.js';

/** The trigger of `collection`. */
function recordWritten(collection: AuditedCollection) {
  return onValueWritten(triggerOptions(`${collection}/{id}`), async (event) => {
    const id = event.params.id;
    const before = event.data.before.val() as object | null;
    const after = event.data.after.val() as object | null;
    const change = { id: event.id, time: event.time, before, after };
    // The database the event comes from: an instance (or a local namespace) keeps its own books.
    const root = event.data.after.ref.root;
    // The audit entry goes in the same update as the first projections: one round trip.
    const audit = auditEntryUpdate(collection, id, {
      ...change,
      authType: event.authType,
      authId: event.authId,
    });
    await Promise.all([
      collection in DERIVATIONS
        ? keepDerivedNodes(root, collection as DerivedCollection, id, change, audit)
        : Object.keys(audit).length > 0
          ? root.update(audit)
          : undefined,
      (collection === 'students' || collection === 'tutors') && before && !after
        ? deleteAccountOfRecord(collection, id)
        : undefined,
    ]);
  });
}

export const usersWritten = recordWritten('users');
export const levelsWritten = recordWritten('levels');
export const countriesWritten = recordWritten('countries');
export const fieldLevelsWritten = recordWritten('fieldLevels');
export const schoolsWritten = recordWritten('schools');
export const subjectsWritten = recordWritten('subjects');
export const studentsWritten = recordWritten('students');
export const tutorsWritten = recordWritten('tutors');
export const ordersWritten = recordWritten('orders');
