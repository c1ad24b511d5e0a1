/** STUB (lead). */
export function RouteError() {
  return null;
}
