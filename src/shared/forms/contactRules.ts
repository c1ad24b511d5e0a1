/**
 * Checks of contact fields typed in forms (phone numbers, postcodes), shared by the people and
 * schools forms. Form rules only: the stored records keep free text (database.rules.json), so
 * records written before these checks still load and show their error once edited.
 */

/**
 * A phone number as people write it: an optional leading '+', then digits with spaces, hyphens,
 * dots or parentheses between them, 6 to 15 digits in all (ITU-T E.164 allows at most 15).
 * '+65 9123 4567', '(021) 555-0100' pass; 'abc', '12', '+65 abc' do not.
 */
export function isPhoneNumber(text: string): boolean {
  const value = text.trim();
  if (!/^\+?[0-9(][0-9 ().-]*$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/**
 * A postcode of any country: 3 to 10 letters, digits, spaces or hyphens with at least one digit
 * (Singapore's '238823', the UK's 'SW1A 1AA', Canada's 'K1A 0B1', the US 'ZIP+4' '12345-6789').
 * 'ABCDEFGHIJKLMNOP' does not pass.
 */
export function isPostcode(text: string): boolean {
  const value = text.trim();
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(value) && /\d/.test(value);
}
