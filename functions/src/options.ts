/**
 * Options shared by every function of this codebase, set before any function is defined (each
 * function module imports this one first).
 *
 * The region is a deploy-time parameter, FUNCTIONS_REGION, read by the Firebase CLI from
 * `functions/.env.<project-id>` (or `functions/.env`), and asked for at deploy time when neither
 * sets it. Default `us-central1`, the region the web SDK assumes; `asia-southeast1` (Singapore)
 * puts the functions next to a Singapore database. The app must call the same region: its
 * VITE_FIREBASE_FUNCTIONS_REGION (src/shared/firebase.ts). docs/deploy.md, "Functions region".
 */
import { defineString } from 'firebase-functions/params';
import { setGlobalOptions } from 'firebase-functions/v2';

/** Deploy-time parameter naming the Cloud Functions region of every function. */
export const FUNCTIONS_REGION = defineString('FUNCTIONS_REGION', {
  default: 'us-central1',
  label: 'Cloud Functions region',
  description:
    'Region of the callable functions, e.g. us-central1 or asia-southeast1 (Singapore). ' +
    'The app must use the same one: VITE_FIREBASE_FUNCTIONS_REGION.',
});

setGlobalOptions({ region: FUNCTIONS_REGION });
