import {
  canSetPassword,
  changePasswordSchema,
  failedRules,
  isSafePassword,
  isValidEmail,
  loginSchema,
  MIN_PASSWORD_LENGTH,
  newPasswordSchema,
  recoverSchema,
  setPasswordSchema,
} from './validation';

describe('isValidEmail (spec 5)', () => {
  it.each(['ana@example.com', 'a.b+c@sub.example.org', '  ana@example.com  '])('accepts %s', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  it.each(['', 'ana', 'ana@', '@example.com', 'ana@example', 'an a@example.com', 'ana@@x.com'])(
    'rejects %j',
    (e) => expect(isValidEmail(e)).toBe(false),
  );
});

describe('isSafePassword (spec 5 and 9: at least 6 characters)', () => {
  it('needs six characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(isSafePassword('12345')).toBe(false);
    expect(isSafePassword('123456')).toBe(true);
    expect(isSafePassword('')).toBe(false);
  });
});

describe('canSetPassword (spec 5: Set Password enabled only when both hold)', () => {
  it('needs a valid e-mail and a safe password', () => {
    expect(canSetPassword('ana@example.com', 'secret1', 'secret1')).toBe(true);
    expect(canSetPassword('ana@example', 'secret1', 'secret1')).toBe(false);
    expect(canSetPassword('ana@example.com', 'short', 'short')).toBe(false);
    expect(canSetPassword('ana@example.com', 'secret1', 'secret2')).toBe(false);
  });
});

describe('changePasswordSchema: the rules of spec 5 (Change password), each reported', () => {
  const failed = (current: string, next: string, confirmation: string) => [
    ...failedRules(changePasswordSchema, { current, next, confirmation }),
  ];
  it('holds when safe, confirmed, different and a current password is typed', () => {
    expect(failed('old-one', 'new-one', 'new-one')).toEqual([]);
  });
  it('flags an insecure new password', () => {
    expect(failed('old-one', 'abc', 'abc')).toEqual(['Auth.insecurePassword']);
  });
  it('flags a confirmation that does not match', () => {
    expect(failed('old-one', 'new-one', 'new-onf')).toEqual(['Auth.passwordsDoNotMatch']);
  });
  it('flags a new password equal to the current one', () => {
    expect(failed('same-one', 'same-one', 'same-one')).toEqual(['Auth.samePassword']);
  });
  it('needs the current password', () => {
    expect(failed('', 'new-one', 'new-one')).toEqual(['Auth.currentPasswordRequired']);
  });
  it('reports every broken rule at once, for the hints', () => {
    expect(failed('abc', 'abc', 'abd').sort()).toEqual([
      'Auth.insecurePassword',
      'Auth.passwordsDoNotMatch',
      'Auth.samePassword',
    ]);
  });
});

describe('the auth form schemas (one form system; messages are catalogue ids)', () => {
  it('loginSchema: both fields required, the e-mail trimmed, no other check (spec 5)', () => {
    expect(loginSchema.parse({ email: ' ana@x ', password: 'p' })).toEqual({
      email: 'ana@x',
      password: 'p',
    });
    expect([...failedRules(loginSchema, { email: ' ', password: '' })]).toEqual([
      'Auth.emailRequired',
      'Auth.passwordRequired',
    ]);
  });

  it('setPasswordSchema: a general e-mail pattern, six characters, confirmed', () => {
    expect([
      ...failedRules(setPasswordSchema, {
        email: 'ana@example',
        password: 'abc',
        confirmation: 'abd',
      }),
    ]).toEqual(['Auth.invalidEmail', 'Auth.unsafePassword', 'Auth.passwordsDoNotMatch']);
    expect(
      setPasswordSchema.safeParse({
        email: 'ana@example.com',
        password: 'secret1',
        confirmation: 'secret1',
      }).success,
    ).toBe(true);
  });

  it('recoverSchema: an e-mail is required, its format is left to sendResetLink', () => {
    expect(recoverSchema.safeParse({ email: 'ana' }).success).toBe(true);
    expect([...failedRules(recoverSchema, { email: '  ' })]).toEqual(['Auth.emailRequired']);
  });

  it('newPasswordSchema (reset link): the profile rules but the current-password one', () => {
    expect(newPasswordSchema.safeParse({ next: 'new-one', confirmation: 'new-one' }).success).toBe(
      true,
    );
    expect([...failedRules(newPasswordSchema, { next: 'abc', confirmation: 'abd' })]).toEqual([
      'Auth.insecurePassword',
      'Auth.passwordsDoNotMatch',
    ]);
  });

  it('changePasswordSchema reports every broken rule, not only the first per field', () => {
    expect([
      ...failedRules(changePasswordSchema, { current: 'abc', next: 'abc', confirmation: '' }),
    ]).toEqual(['Auth.insecurePassword', 'Auth.passwordsDoNotMatch', 'Auth.samePassword']);
  });
});
