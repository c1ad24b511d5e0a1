/**
 * Toasts (spec section 8) without react-toastify in /login's code: the library (about 6 KB gzipped,
 * with its stylesheet) is downloaded when the first toast is shown, and its container is mounted
 * then (App's `Toasts`). Toasts shown before the container is mounted wait here until it is
 * (`toastContainerMounted`): react-toastify 11's own queue hands them to the first container store
 * that subscribes, which React's StrictMode unsubscribes at once in development, and they were
 * lost.
 */
import { useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';

/** The library, downloaded once, on first use. */
export const loadToastify = () => import('react-toastify');

let requested = false;
let mounted = false;
let waiting: Array<() => void> = [];
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
  const show = () =>
    void loadToastify().then(
      (m) => m.toast[kind](text, options),
      (error: unknown) => console.error('Toasts could not load:', text, error),
    );
  if (mounted) return show();
  waiting.push(show);
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
}

/** Called once the toast container is mounted and subscribed: shows the toasts that waited. */
export function toastContainerMounted(): void {
  mounted = true;
  const shown = waiting;
  waiting = [];
  shown.forEach((show) => show());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast was ever shown (the container must then be mounted). */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested);
}
