import { HttpError } from './errors';
import type { AuthContext } from './rules';

/** Who is calling: the admin (rules bypassed), a user, or nobody. */
export type Caller =
  { kind: 'admin' } | { kind: 'user'; auth: AuthContext } | { kind: 'anonymous' };

/**
 * Reads `Authorization: Firebase <ID token>` (or `Bearer`), as the web SDK sends it.
 *
 * Like firebase-tools and the Auth emulator (reference notes, auth-emulator.md §2): the literal
 * token `owner` is the admin; other tokens are decoded without checking signature, `alg` or expiry
 * (the Auth emulator's tokens are unsigned and `mockUserToken`s are expired by construction);
 * `uid` is `user_id`, else `sub`.
 *
 * @throws HttpError 401 (→ `storage/unauthenticated`) for a header that is present but not a
 * decodable JWT with a user id: a broken credential is an authentication failure, not "signed out".
 */
export function callerFromHeader(header: string | undefined): Caller {
  if (!header) return { kind: 'anonymous' };
  const match = /^(?:Firebase|Bearer)\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new HttpError(401, 'Malformed Authorization header.');
  const token = match[1]!;
  if (token === 'owner') return { kind: 'admin' };
  const payload = token.split('.')[1];
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(401, 'Invalid ID token.');
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims))
    throw new HttpError(401, 'Invalid ID token.');
  const record = claims as Record<string, unknown>;
  const uid = typeof record.user_id === 'string' && record.user_id ? record.user_id : record.sub;
  if (typeof uid !== 'string' || uid === '') throw new HttpError(401, 'ID token has no user id.');
  return { kind: 'user', auth: { uid, token: record } };
}
