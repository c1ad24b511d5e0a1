/**
 * Entry point of the Cloud Functions codebase (firebase.json `functions[0]`, bundled to
 * lib/index.js by `npm run build`). One file per function or family of triggers, and the modules they use
 * (conventions.md); this module only re-exports them. Shared options (the region) are in
 * options.ts and triggerOptions.ts.
 */
import './options.js';
export { httpsCreateUser } from './httpsCreateUser.js';
export { httpsDeleteUser } from './httpsDeleteUser.js';
export { httpsImportPeople } from './httpsImportPeople.js';
export { httpsSetAdmin } from './httpsSetAdmin.js';
export {
  countriesWritten,
  fieldLevelsWritten,
  levelsWritten,
  ordersWritten,
  schoolsWritten,
  studentsWritten,
  subjectsWritten,
  tutorsWritten,
  usersWritten,
} from './recordTriggers.js';
