/**
 * zod's global configuration, set before any schema is built: shared/zod, the app's only way to
 * import zod (eslint.config.js), imports this first.
 * - `jitless`: no code from strings. zod otherwise probes `new Function` when it builds an object
 *   schema, and the hosting CSP (firebase.json: script-src without 'unsafe-eval') reports that
 *   probe as a violation even though zod catches it (zod docs, "z.config({ jitless: true })").
 * - `customError`: schema messages are catalogue ids; a rule written without one (e.g. a record
 *   schema's `z.maxLength(200)` length cap, shared with the database rules) still yields an id the
 *   forms can translate, never zod's English text (zod docs, "Customizing errors", global error
 *   map).
 */
// zod/mini, the app's one zod API (shared/zod): the configuration is zod core's.
import * as z from 'zod/mini';

z.config({
  jitless: true,
  customError: (issue) =>
    issue.code === 'too_big' && issue.origin === 'string'
      ? 'Common.tooLong'
      : 'Common.invalidValue',
});
