import {
  canSetPassword,
  changePasswordSchema,
  checkChangePassword,
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
    expect(canSetPassword('ana@example.com', 'secret1')).toBe(true);
    expect(canSetPassword('ana@example', 'secret1')).toBe(false);
    expect(canSetPassword('ana@example.com', 'short')).toBe(false);
  });
});

describe('checkChangePassword (spec 5, Change password)', () => {
  it('is valid when safe, confirmed, different and a current password is typed', () => {
    expect(
      checkChangePassword({ current: 'old-one', next: 'new-one', confirmation: 'new-one' }),
    ).toEqual({
      safe: true,
      matches: true,
      differs: true,
      valid: true,
    });
  });
  it('flags an insecure new password', () => {
    const c = checkChangePassword({ current: 'old-one', next: 'abc', confirmation: 'abc' });
    expect(c.safe).toBe(false);
    expect(c.valid).toBe(false);
  });
  it('flags a confirmation that does not match', () => {
    const c = checkChangePassword({ current: 'old-one', next: 'new-one', confirmation: 'new-onf' });
    expect(c.matches).toBe(false);
    expect(c.valid).toBe(false);
  });
  it('flags a new password equal to the current one', () => {
    const c = checkChangePassword({
      current: 'same-one',
      next: 'same-one',
      confirmation: 'same-one',
    });
    expect(c.differs).toBe(false);
    expect(c.valid).toBe(false);
  });
  it('needs the current password', () => {
    expect(
      checkChangePassword({ current: '', next: 'new-one', confirmation: 'new-one' }).valid,
    ).toBe(false);
  });
});

describe('the auth form schemas (issue 14: one form system; messages are catalogue ids)', () => {
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

  it('setPasswordSchema: a general e-mail pattern and six characters', () => {
    expect([...failedRules(setPasswordSchema, { email: 'ana@example', password: 'abc' })]).toEqual([
      'Auth.invalidEmail',
      'Auth.unsafePassword',
    ]);
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
