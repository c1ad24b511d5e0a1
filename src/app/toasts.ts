/**
 * Toasts (spec section 8) without react-toastify in /login's code (issue 16 item 6): the library
 * (about 6 KB gzipped, with its stylesheet) is downloaded when the first toast is shown, and its
 * container is mounted then (App's `Toasts`). react-toastify 11 keeps toasts shown before a
 * container mounts in a queue and shows them once it does, so none is lost.
 */
import { useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';

/** The library, downloaded once, on first use. */
export const loadToastify = () => import('react-toastify');

let requested = false;
const listeners = new Set<() => void>();

/**
 * Shows a toast: `kind` picks its style and role, `text` is already translated; `options.toastId`
 * keeps one toast per id (react-toastify's de-duplication).
 */
export function showToast(
  kind: 'success' | 'error',
  text: string,
  options?: Pick<ToastOptions, 'toastId'>,
): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  loadToastify().then(
    (m) => m.toast[kind](text, options),
    (error: unknown) => console.error('Toasts could not load:', text, error),
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast was ever shown (the container must then be mounted). */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested);
}
