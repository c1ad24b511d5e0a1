/**
 * zod's global configuration, set before any schema is built: shared/zod and shared/zodMini, the
 * app's only ways to import zod (eslint.config.js), import this first.
 * - `jitless`: no code from strings. zod otherwise probes `new Function` when it builds an object
 *   schema, and the hosting CSP (firebase.json: script-src without 'unsafe-eval') reports that
 *   probe as a violation even though zod catches it (zod docs, "z.config({ jitless: true })").
 * - `customError`: schema messages are catalogue ids; a rule written without one (e.g. a record
 *   schema's `.max(200)` length cap, shared with the database rules) still yields an id the forms
 *   can translate, never zod's English text (zod docs, "Customizing errors", global error map).
 */
// zod/mini: the configuration is zod core's, shared by both APIs; the method API (`zod`) would
// put its 20 KB gzipped into the entry chunk (issue 16 item 6).
import * as z from 'zod/mini';

z.config({
  jitless: true,
  customError: (issue) =>
    issue.code === 'too_big' && issue.origin === 'string'
      ? 'Common.tooLong'
      : 'Common.invalidValue',
});
