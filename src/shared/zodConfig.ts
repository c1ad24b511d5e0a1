/**
 * zod's global configuration, imported once before any schema is built (src/main.tsx first, and
 * shared/forms/useFormState for the forms' tests):
 * - `jitless`: no code from strings. zod otherwise probes `new Function` when it builds an object
 *   schema, and the hosting CSP (firebase.json: script-src without 'unsafe-eval') reports that
 *   probe as a violation even though zod catches it (zod docs, "z.config({ jitless: true })").
 * - `customError`: schema messages are catalogue ids; a rule written without one (e.g. a record
 *   schema's `.max(200)` length cap, shared with the database rules) still yields an id the forms
 *   can translate, never zod's English text (zod docs, "Customizing errors", global error map).
 */
import { z } from 'zod';

z.config({
  jitless: true,
  customError: (issue) =>
    issue.code === 'too_big' && issue.origin === 'string'
      ? 'Common.tooLong'
      : 'Common.invalidValue',
});
