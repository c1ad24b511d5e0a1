/**
 * Credentials: the literal `owner` (admin, rules bypassed, as the official emulator and
 * firebase-admin's `FIREBASE_DATABASE_EMULATOR_HOST` mode use) or an ID token. Tokens are decoded
 * without checking signatures, like the official emulator: the Auth emulator signs nothing and
 * the web SDK's `mockUserToken` is an `alg: none` JWT (`@firebase/util` `createMockUserToken`).
 */
import type { AuthVariable } from './evaluator.js';

/** Who a connection or request acts as. `admin` bypasses rules. */
export type Principal = { admin: true } | { admin: false; auth: AuthVariable };

/** The unauthenticated principal. */
export const ANONYMOUS: Principal = { admin: false, auth: null };

/** Thrown for a credential that is neither `owner` nor a decodable JWT. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/** Builds the rules `auth` variable from decoded claims (rtdb-rules.md §3). */
export function authFromClaims(claims: Record<string, unknown>): AuthVariable {
  const uid = claims.user_id ?? claims.sub;
  if (typeof uid !== 'string' || uid === '')
    throw new InvalidTokenError('Token has no sub/user_id');
  const firebase = claims.firebase as { sign_in_provider?: unknown } | undefined;
  const provider =
    typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : 'custom';
  return { uid, provider, token: claims };
}

/**
 * Decodes a credential.
 * @throws InvalidTokenError when it is not `owner` and not a JWT with a JSON payload and a uid
 */
export function principalFromCredential(cred: unknown): Principal {
  if (cred === 'owner') return { admin: true };
  if (typeof cred !== 'string') throw new InvalidTokenError('Missing credential');
  const parts = cred.split('.');
  if (parts.length < 2) throw new InvalidTokenError('Malformed token');
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError('Malformed token payload');
  }
  if (claims === null || typeof claims !== 'object')
    throw new InvalidTokenError('Malformed token payload');
  // Expiry is not enforced: mock tokens carry iat 0 / exp 3600, and the official emulator is
  // equally lenient; the SDKs refresh real tokens on their own.
  return { admin: false, auth: authFromClaims(claims as Record<string, unknown>) };
}

/**
 * Applies firebase-admin's `databaseAuthVariableOverride` (`authvar` / `noauth` in the auth
 * request, PersistentConnection `tryAuth`) to an admin principal.
 */
export function applyOverride(p: Principal, authvar: unknown, noauth: unknown): Principal {
  if (!p.admin) return p;
  if (noauth === true) return ANONYMOUS;
  if (authvar && typeof authvar === 'object') {
    const a = authvar as Record<string, unknown>;
    const uid = typeof a.uid === 'string' ? a.uid : '';
    return { admin: false, auth: { uid, provider: 'custom', token: a } };
  }
  return p;
}
