/**
 * Leaving a form with unsaved input asks first (spec section 4: nothing typed is lost silently).
 * One guard for the whole signed-in frame, because React Router honours one blocker at a time and a
 * page may hold several forms (the person page keeps each visited tab mounted). Forms report
 * themselves with `useUnsavedChanges`; a navigation to another path is held by react-router's
 * `useBlocker` while any reported form is unsaved, and the confirm dialog offers to leave or stay;
 * closing or reloading the tab triggers the browser's own `beforeunload` prompt. A form whose save
 * is in flight or done does not hold the navigation its success makes.
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { UnsavedChangesContext, type Register, type Unsaved } from './unsavedChanges';

/** Wraps the routes whose forms are guarded (the signed-in Layout's outlet). */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const forms = useRef(new Map<object, Unsaved>());
  const register = useCallback<Register>((key, unsaved) => {
    if (unsaved) forms.current.set(key, unsaved);
    else forms.current.delete(key);
  }, []);
  const anyUnsaved = useCallback(
    () => Array.from(forms.current.values()).some((unsaved) => unsaved()),
    [],
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && anyUnsaved(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyUnsaved()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyUnsaved]);

  return (
    <UnsavedChangesContext.Provider value={register}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={<FormattedMessage id="Common.unsavedTitle" />}
        body={<FormattedMessage id="Common.unsavedBody" />}
        confirmLabel={<FormattedMessage id="Common.leave" />}
        confirmClassName="is-warning"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </UnsavedChangesContext.Provider>
  );
}
