/**
 * /login's test of a sign-in link, apart from the e-mail action page's helpers (emailAction.ts):
 * a module only /login imports is part of its own chunk, not one more file it downloads.
 */

/**
 * Whether a page's query is an e-mail sign-in link's: mode `signIn`, a code and an API key (the
 * action link's format, emailAction.ts). The test of Firebase Auth's `isSignInWithEmailLink` (its
 * `ActionCodeURL` requires those three) for the links this app receives, which carry them in the
 * query, without loading the Auth SDK: /login renders its form before the SDK has arrived.
 * `signInWithEmailLink` checks the code itself.
 */
export function isEmailSignInLink(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('mode') === 'signIn' && !!params.get('oobCode') && !!params.get('apiKey');
}
