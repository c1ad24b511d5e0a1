import { describe, expect, it } from 'vitest';
import { isPhoneNumber, isPostcode } from './contactRules';

describe('isPhoneNumber', () => {
  it.each(['+65 9123 4567', '91234567', '(021) 555-0100', '+44 20 7946 0958', '555.0100.12'])(
    'accepts %j',
    (text) => expect(isPhoneNumber(text)).toBe(true),
  );
  it.each(['abc', '12', '+65 abc', '+', '1234567890123456', '++65 9123 4567', ''])(
    'refuses %j',
    (text) => expect(isPhoneNumber(text)).toBe(false),
  );
});

describe('isPostcode', () => {
  it.each(['238823', 'SW1A 1AA', 'K1A 0B1', '12345-6789', '1010'])('accepts %j', (text) =>
    expect(isPostcode(text)).toBe(true),
  );
  it.each(['ABCDEFGHIJKLMNOP', 'ABCDE', '12', '12345678901', '-1234', '12 34!'])(
    'refuses %j',
    (text) => expect(isPostcode(text)).toBe(false),
  );
});
