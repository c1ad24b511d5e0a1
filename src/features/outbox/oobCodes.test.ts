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

describe('local outbox links (issue 5)', () => {
  it('reads the Auth emulator listing of the project', () => {
    expect(oobCodesUrl('127.0.0.1', 'demo-tuition')).toBe(
      'http://127.0.0.1:9099/emulator/v1/projects/demo-tuition/oobCodes',
    );
  });

  it('turns a sign-in link into our /login on this origin with what the SDK expects', () => {
    const url = new URL(messageLink(signIn, 'http://127.0.0.1:5173', 'demo-api-key'));
    expect(url.origin).toBe('http://127.0.0.1:5173');
    expect(url.pathname).toBe('/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      email: 'ana@tuition.test',
      mode: 'signIn',
      oobCode: 'CODE1',
      apiKey: 'demo-api-key',
    });
  });

  it('adds the e-mail when the inviter did not put it in the continue URL', () => {
    const bare = {
      ...signIn,
      oobLink: 'http://127.0.0.1:9099/emulator/action?mode=signIn&oobCode=CODE1',
    };
    const url = new URL(messageLink(bare, 'http://127.0.0.1:5173', 'demo-api-key'));
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('email')).toBe('ana@tuition.test');
  });

  it("keeps the emulator's own page for password resets", () => {
    const reset = {
      ...signIn,
      requestType: 'PASSWORD_RESET',
      oobLink: 'http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=R',
    };
    expect(messageLink(reset, 'http://127.0.0.1:5173', 'demo-api-key')).toBe(reset.oobLink);
  });
});
