import { toAppError } from './errors';

describe('toAppError (spec section 8)', () => {
  it.each([
    [{ code: 'auth/wrong-password', message: 'x' }, { messageId: 'auth/wrong-password' }],
    [{ code: 'storage/unauthorized', message: 'x' }, { messageId: 'storage/unauthorized' }],
    [
      { code: 'functions/already-exists', message: 'auth/email-already-exists [409]' },
      { messageId: 'auth/email-already-exists' },
    ],
    [
      { code: 'functions/permission-denied', message: 'functions/permission-denied [403]' },
      { messageId: 'functions/permission-denied' },
    ],
    [
      { code: 'functions/internal', message: 'INTERNAL [500]' },
      { messageId: 'functions/internal' },
    ],
    [
      { code: 'PERMISSION_DENIED', message: 'PERMISSION_DENIED: Permission denied' },
      { messageId: 'database/permission-denied', raw: 'PERMISSION_DENIED: Permission denied' },
    ],
    [
      { code: 'auth/odd', message: 'odd thing' },
      { messageId: 'errors/unknown', raw: 'odd thing' },
    ],
    ['plain', { messageId: 'errors/unknown', raw: 'plain' }],
  ])('%j -> %j', (input, expected) => {
    expect(toAppError(input)).toEqual(expected);
  });
});
