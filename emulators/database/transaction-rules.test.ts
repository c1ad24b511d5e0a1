/**
 * A transaction under rules, through the web SDK's `runTransaction`: the order of the hash
 * comparison and the rules (namespace.ts `write`). A client that has not received the current
 * value yet runs its update function on null and proposes a value computed from it; under a
 * data-dependent rule (a counter that may only go up by one) that proposal would be refused for
 * the current data. It must get `datastale` and rerun on the current value (the SDK's documented
 * retry), not `permission_denied`. A client that may not read the location is judged at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, ref, runTransaction } from 'firebase/database';
import type { DatabaseEmulator } from './index.js';
import { deleteClients, startTestServer, webClient } from './testing.js';

/** Up by exactly one from the current value (0 when absent). */
const UP_BY_ONE = 'newData.isNumber() && newData.val() === (data.exists() ? data.val() : 0) + 1';

const RULES = {
  rules: {
    counter: { '.read': 'auth != null', '.write': 'auth != null', '.validate': UP_BY_ONE },
    // Writable but not readable: the caller never receives the current value.
    blindCounter: { '.write': 'auth != null', '.validate': UP_BY_ONE },
    frozen: { '.read': 'auth != null', '.write': false },
  },
};

let emu: DatabaseEmulator;

beforeAll(async () => {
  emu = await startTestServer(RULES);
  for (const [path, value] of Object.entries({ counter: 5, blindCounter: 5, frozen: 5 })) {
    const response = await fetch(`${emu.url}/${path}.json?ns=demo-test`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify(value),
    });
    expect(response.status).toBe(200);
  }
});

afterAll(async () => {
  await deleteClients();
  await emu.stop();
});

/** Runs an increment on a fresh client (nothing cached); records each input it was run on. */
async function increment(path: string): Promise<{ inputs: unknown[]; error?: string }> {
  const db = webClient(emu, { uid: `user-${path}` });
  const inputs: unknown[] = [];
  try {
    await runTransaction(ref(db, path), (value: number | null) => {
      inputs.push(value);
      return (value ?? 0) + 1;
    });
    return { inputs };
  } catch (error) {
    return { inputs, error: (error as Error).message };
  }
}

describe('a transaction proposed on stale data, under a rule that depends on the data', () => {
  it('gets datastale and commits on the current value instead of permission_denied', async () => {
    const { inputs, error } = await increment('counter');
    expect(error).toBeUndefined();
    // First run on nothing (1, which the rule refuses over 5), then on the server's 5.
    expect(inputs[0]).toBeNull();
    expect(inputs.at(-1)).toBe(5);
    const admin = webClient(emu, { uid: 'reader' });
    expect((await get(ref(admin, 'counter'))).val()).toBe(6);
  });

  it('is judged by the rules at once when the caller may not read the location', async () => {
    const { inputs, error } = await increment('blindCounter');
    // Not 25 stale answers ending in maxretry: the caller could never see the current value.
    expect(error).toMatch(/permission_denied/i);
    expect(inputs).toEqual([null]);
  });

  it('is still refused once rerun on the current value, when the rules refuse that too', async () => {
    const { inputs, error } = await increment('frozen');
    expect(error).toMatch(/permission_denied/i);
    expect(inputs).toEqual([null, 5]);
    const reader = webClient(emu, { uid: 'reader2' });
    expect((await get(ref(reader, 'frozen'))).val()).toBe(5);
  });
});
