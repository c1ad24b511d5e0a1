import { isSignInWithEmailLink, type Auth } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { actionFailure, continuePath, parseEmailAction, signInLinkPath } from './emailAction';
import { isEmailSignInLink } from './signInLink';

describe('e-mail action links (Firebase "custom email action handlers")', () => {
  it('reads mode, oobCode, continueUrl and a language of ours', () => {
    expect(
      parseEmailAction('?mode=resetPassword&oobCode=C&apiKey=k&continueUrl=%2Fx&lang=es-419'),
    ).toEqual({ mode: 'resetPassword', oobCode: 'C', continueUrl: '/x', lang: 'es' });
    expect(parseEmailAction('?mode=recoverEmail&lang=fr')).toEqual({
      mode: null,
      oobCode: '',
      continueUrl: null,
      lang: null,
    });
  });

  it('continues only to a path of this app', () => {
    expect(continuePath('https://evil.example/login?x=1', '/login')).toBe('/login?x=1');
    expect(continuePath(null, '/login?email=a')).toBe('/login?email=a');
    expect(continuePath('http://h/auth/action?mode=signIn', '/login')).toBe('/login');
  });

  it("sends a sign-in link to the inviter's /login?email=… with the link's parameters", () => {
    const search =
      '?mode=signIn&oobCode=C&apiKey=k&lang=en&continueUrl=' +
      encodeURIComponent('http://localhost:5173/login?email=ana%40tuition.test');
    expect(signInLinkPath(search)).toBe(
      '/login?email=ana%40tuition.test&mode=signIn&oobCode=C&apiKey=k&lang=en',
    );
    expect(signInLinkPath('?mode=signIn&oobCode=C&apiKey=k')).toBe(
      '/login?mode=signIn&oobCode=C&apiKey=k',
    );
  });

  it('names expired and invalid (or used) codes, and passes other errors through', () => {
    expect(actionFailure({ code: 'auth/expired-action-code' })).toBe('Auth.actionExpired');
    expect(actionFailure({ code: 'auth/invalid-action-code' })).toBe('Auth.actionInvalid');
    expect(actionFailure({ code: 'auth/network-request-failed' })).toBe(
      'auth/network-request-failed',
    );
  });
});

describe('isEmailSignInLink', () => {
  it.each([
    'https://app.test/login?email=a%40b.c&mode=signIn&oobCode=C&apiKey=k&lang=en',
    'https://app.test/login?mode=signIn&oobCode=C&apiKey=k',
    'https://app.test/login?mode=signIn&oobCode=C',
    'https://app.test/login?mode=signIn&apiKey=k',
    'https://app.test/login?mode=resetPassword&oobCode=C&apiKey=k',
    'https://app.test/login?email=a%40b.c',
    'https://app.test/login',
  ])('answers as Firebase Auth does for %s', (link) => {
    // The SDK's test reads the link only (its Auth argument is not used).
    expect(isEmailSignInLink(new URL(link).search)).toBe(isSignInWithEmailLink({} as Auth, link));
  });
});
