import { describe, expect, it } from 'vitest';
import { messageLink, oobCodesUrl } from './oobCodes';

const signIn = {
  email: 'ana@tuition.test',
  requestType: 'EMAIL_SIGNIN',
  oobCode: 'CODE1',
  oobLink:
    'http://127.0.0.1:9099/emulator/action?mode=signIn&lang=en&oobCode=CODE1&apiKey=fake-api-key&continueUrl=' +
    encodeURIComponent('http://localhost:5173/login?email=ana%40tuition.test'),
};

describe('local outbox links', () => {
  it('reads the Auth emulator listing of the project', () => {
    expect(oobCodesUrl('127.0.0.1', 'demo-tuition')).toBe(
      'http://127.0.0.1:9099/emulator/v1/projects/demo-tuition/oobCodes',
    );
  });

  it("opens the app's /auth/action on this origin with the link's parameters but lang", () => {
    const url = new URL(messageLink(signIn, 'http://127.0.0.1:5173'));
    expect(url.origin).toBe('http://127.0.0.1:5173');
    expect(url.pathname).toBe('/auth/action');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      mode: 'signIn',
      oobCode: 'CODE1',
      apiKey: 'fake-api-key',
      continueUrl: 'http://localhost:5173/login?email=ana%40tuition.test',
    });
  });

  it('does the same for password resets and address verifications', () => {
    const modes = { PASSWORD_RESET: 'resetPassword', VERIFY_EMAIL: 'verifyEmail' };
    for (const [requestType, mode] of Object.entries(modes)) {
      const code = {
        ...signIn,
        requestType,
        oobCode: 'R',
        oobLink: `http://127.0.0.1:9099/emulator/action?mode=${mode}&lang=en&oobCode=R&apiKey=k`,
      };
      expect(messageLink(code, 'http://127.0.0.1:5173')).toBe(
        `http://127.0.0.1:5173/auth/action?mode=${mode}&oobCode=R&apiKey=k`,
      );
    }
  });
});
