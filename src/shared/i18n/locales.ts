/** The languages of the product (spec section 1): English and Spanish. */
export type Locale = 'en' | 'es';

/** The languages in the order the language switch shows them. */
export const LOCALES: readonly Locale[] = ['en', 'es'];
