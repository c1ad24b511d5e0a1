/**
 * bench/support/runBench.ts, how a bench finds the local backend (no vitest project includes
 * bench/, so its test stands with the other tooling tests). Starting a backend is not tried here:
 * the benches' own runs do that.
 */
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backendUp, isCommand, withBackend } from '../../bench/support/runBench';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('runBench', () => {
  it('inside emulators/start.ts --exec (APP_URL set) measures at once, without starting a backend', async () => {
    vi.stubEnv('APP_URL', 'http://127.0.0.1:1');
    expect(await backendUp()).toBe(true);
    const measure = vi.fn(async () => undefined);
    await withBackend(import.meta.url, measure);
    expect(measure).toHaveBeenCalledOnce();
  });

  it('knows the command being run from a module imported by it', () => {
    expect(isCommand(import.meta.url)).toBe(false);
    expect(isCommand(pathToFileURL(process.argv[1]!).href)).toBe(true);
  });
});
