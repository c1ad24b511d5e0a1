/**
 * The Auth emulator of the local backend still validates every request against firebase-tools'
 * API description when its validators compile on first use (emulators/firebase-tools-
 * validators.cjs): a wrongly typed field is refused before the operation runs, with firebase-tools'
 * own message, and a well-formed request of the same operation succeeds.
 */
import { describe, expect, it } from 'vitest';
import { backend, deleteAccountByEmail, uniqueEmail } from '../support/backend';

/** POSTs `body` to the emulator's Identity Toolkit `operation`; resolves to status and JSON. */
async function identityToolkit(
  operation: string,
  body: unknown,
): Promise<{ status: number; json: { error?: { message: string; status?: string } } }> {
  const { host, port } = backend.auth;
  const response = await fetch(
    `http://${host}:${port}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=fake-api-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return { status: response.status, json: await response.json() };
}

describe('the Auth emulator validates requests', () => {
  it('refuses a wrongly typed field with INVALID_ARGUMENT and accepts the same request well formed', async () => {
    const email = uniqueEmail('validated');
    try {
      const refused = await identityToolkit('signUp', { email, password: ['not', 'a', 'string'] });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: 'Invalid JSON payload received. /password must be string',
      });
      const accepted = await identityToolkit('signUp', { email, password: 'secret-1' });
      expect(accepted.status).toBe(200);
      // Another operation's validator, compiled on its first use here.
      const again = await identityToolkit('signInWithPassword', { email, password: [7] });
      expect(again.json.error?.message).toBe(
        'Invalid JSON payload received. /password must be string',
      );
    } finally {
      await deleteAccountByEmail(email);
    }
  });
});
