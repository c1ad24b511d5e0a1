/** STUB (lead). */
export function NotFoundPage() {
  return null;
}
