/**
 * Options of the database triggers (derivedNodes.ts, auditLog.ts).
 *
 * Region: a Realtime Database trigger runs in the region of the database instance it listens to
 * (Firebase docs, "Extend Realtime Database with Cloud Functions": a function in another region
 * is not triggered); the default instance of a project created with the default location lives
 * in us-central1. DATABASE_REGION is read by the Firebase CLI at deploy time like
 * FUNCTIONS_REGION (options.ts); docs/deploy.md, "Database triggers".
 *
 * `retry: true`: an event whose function fails (a transaction that could not commit, the
 * database unreachable) is delivered again; both triggers are written to be exact when an event
 * comes twice or late.
 */
import { defineString } from 'firebase-functions/params';

/** Deploy-time parameter: the region of the database instance, where its triggers must run. */
export const DATABASE_REGION = defineString('DATABASE_REGION', {
  default: 'us-central1',
  label: 'Realtime Database location',
  description:
    'Location of the default Realtime Database instance (us-central1, europe-west1 or ' +
    'asia-southeast1); database triggers run there.',
});

/** The options of a trigger on `ref` (a path pattern such as `students/{id}`). */
export function triggerOptions(ref: string) {
  return { ref, region: DATABASE_REGION, retry: true };
}
