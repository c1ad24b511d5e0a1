/** The link between forms and the one UnsavedChangesGuard (see there). */
import { createContext, useContext, useEffect } from 'react';

/** Tells whether a form holds input that would be lost; read at navigation time. */
export type Unsaved = () => boolean;
/** Adds (`unsaved` set) or removes (null) the form known by `key`. */
export type Register = (key: object, unsaved: Unsaved | null) => void;

export const UnsavedChangesContext = createContext<Register | null>(null);

/**
 * Reports a form to the enclosing UnsavedChangesGuard while `dirty` (its values differ from those
 * it started with); `saving()` true lets the navigation of a save pass. Outside a guard (unit
 * tests, public pages) it does nothing.
 */
export function useUnsavedChanges(dirty: boolean, saving: () => boolean) {
  const register = useContext(UnsavedChangesContext);
  useEffect(() => {
    if (!register) return;
    const key = {};
    register(key, dirty ? () => !saving() : null);
    return () => register(key, null);
  }, [register, dirty, saving]);
}
