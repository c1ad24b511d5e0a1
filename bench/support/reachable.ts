/**
 * Whether something answers at `url` within 1.5 s (any HTTP status counts): how a bench that
 * needs the local backend tells whether it runs.
 */
export async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}
