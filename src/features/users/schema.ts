/**
 * The user record, stored at `users/{uid}` where uid is the Firebase Auth account id (spec
 * section 3, User). The one source of the User type and of the user form's schema
 * (validation.ts); tests/integration/schema-rules.test.ts checks it against database.rules.json
 * (`users/$uid`). Messages are catalogue ids (src/app/i18n/<locale>/users.json).
 */
import { z } from '@/shared/zod';
import { EMAIL_PATTERN } from '@/shared/forms/email';

export const userRecordSchema = z.strictObject({
  /** The Auth uid, also the record's key. */
  id: z.string(),
  name: z.string().trim().min(1, 'Users.nameRequired').max(200),
  /** At most 320 characters (RFC 3696 limit, as the rules). */
  email: z
    .string()
    .trim()
    .min(1, 'Users.emailRequired')
    .max(320)
    .regex(EMAIL_PATTERN, 'Users.invalidEmail'),
  /** '' until the user form asks for it (scripts/createAdmin.ts stores '' by default). */
  location: z.string().trim().max(200),
  /**
   * Download URL of the 200x200 resized logo (spec 3, Files), or null when none. The rules also
   * require it to point at this user's own file in Storage.
   */
  logoUrl: z.url().max(2000).nullable(),
  /** Epoch milliseconds, chosen in the form's dd/MM/yyyy date picker. */
  createdAt: z.number(),
  /** Changed only by httpsSetAdmin (spec section 6); the rules refuse any other change. */
  isAdmin: z.boolean(),
});

/** A back-office user as stored (spec section 3, User). */
export type User = z.infer<typeof userRecordSchema>;
