/**
 * The user record, stored at `users/{uid}` where uid is the Firebase Auth account id (spec
 * section 3, User). The one source of the User type and of the user form's schema
 * (validation.ts); tests/integration/schema-rules.test.ts checks it against database.rules.json
 * (`users/$uid`). Messages are catalogue ids (src/app/i18n/<locale>/users.json).
 */
import * as z from '@/shared/zod';
import { EMAIL_PATTERN } from '@/shared/forms/email';

export const userRecordSchema = z.strictObject({
  /** The Auth uid, also the record's key. */
  id: z.string(),
  name: z.string().check(z.trim(), z.minLength(1, 'Users.nameRequired'), z.maxLength(200)),
  /** At most 320 characters (RFC 3696 limit, as the rules). */
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Users.emailRequired'),
      z.maxLength(320),
      z.regex(EMAIL_PATTERN, 'Users.invalidEmail'),
    ),
  /** '' until the user form asks for it (scripts/createAdmin.ts stores '' by default). */
  location: z.string().check(z.trim(), z.maxLength(200)),
  /**
   * Download URL of the 200x200 resized logo (spec 3, Files), or null when none. The rules also
   * require it to point at this user's own file in Storage.
   */
  logoUrl: z.nullable(z.url().check(z.maxLength(2000))),
  /** Epoch milliseconds, chosen in the form's dd/MM/yyyy date picker. */
  createdAt: z.number(),
  /** Changed only by httpsSetAdmin (spec section 6); the rules refuse any other change. */
  isAdmin: z.boolean(),
});

/** A back-office user as stored (spec section 3, User). */
export type User = z.infer<typeof userRecordSchema>;
