import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched on logout (and when a session ends because the user record is missing): every
 * entity slice returns to its initial state (spec section 4: "Logout clears all lists").
 * Lives in shared/ so the entity-slice factory can react to it without knowing the auth feature.
 */
export const sessionCleared = createAction('session/cleared');
