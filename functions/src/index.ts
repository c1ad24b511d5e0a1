/**
 * Entry point of the Cloud Functions codebase (firebase.json `functions[0]`, built to lib/).
 * One file per function (conventions.md); this module only re-exports them. Shared options (the
 * region) are in options.ts.
 */
import './options.js';
export { httpsCreateUser } from './httpsCreateUser.js';
export { httpsDeleteUser } from './httpsDeleteUser.js';
export { httpsSetAdmin } from './httpsSetAdmin.js';
