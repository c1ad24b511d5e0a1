import { describe, expect, it, vi } from 'vitest';
import { inNextTask } from './inNextTask';

describe('inNextTask', () => {
  it('calls the load in a later task, not in the caller’s task or its microtasks', async () => {
    const load = vi.fn(async () => 'page');
    const loading = inNextTask(load)();
    // Every microtask queued by the call has run: the load has not.
    await Promise.resolve();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    // A timer set after the call fires after the load's timer.
    const afterLoadTask = new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(load.mock.calls.length === 1)),
    );
    expect(await afterLoadTask).toBe(true);
    await expect(loading).resolves.toBe('page');
  });

  it('passes a failed load on to the caller', async () => {
    const failure = new Error('chunk failed');
    await expect(inNextTask(() => Promise.reject(failure))()).rejects.toBe(failure);
  });
});
