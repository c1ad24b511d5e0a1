/**
 * The one e-mail check of the client forms (spec section 5, Validation rules: the sign-in link,
 * the user form and the student/tutor form each require that "e-mail must match a general e-mail
 * pattern").
 */

/**
 * A general e-mail pattern: something@domain.tld, no spaces and one '@' (spec section 5).
 * Deliberately loose: the Auth service is the final judge ('auth/invalid-email'); this only
 * catches typos before a round trip.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
