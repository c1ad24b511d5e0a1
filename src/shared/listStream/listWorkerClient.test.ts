/**
 * The page's side of the list worker when the worker fails (a script that does not load, a
 * Content-Security-Policy that refuses it): every list it followed gets an error instead of
 * waiting for rows forever. Node has no Web Worker; a stand-in records what the page sends.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListStreamError } from './followList';

class StandInWorker {
  static last: StandInWorker | undefined;
  sent: unknown[] = [];
  terminated = false;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor() {
    StandInWorker.last = this;
  }
  postMessage(message: unknown): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('followInWorker', () => {
  it('gives every followed list an error when the worker fails, and starts a new one after', async () => {
    vi.stubGlobal('Worker', StandInWorker);
    const { followInWorker } = await import('./listWorkerClient');
    const errors: ListStreamError[] = [];
    const follower = {
      onRows: () => undefined,
      onError: (error: ListStreamError) => errors.push(error),
      idToken: async () => 't',
    };
    followInWorker('http://db/lists/students.json', follower);
    followInWorker('http://db/lists/tutors.json', follower);
    const first = StandInWorker.last!;
    expect(first.sent).toEqual([
      { type: 'follow', id: 0, url: 'http://db/lists/students.json' },
      { type: 'follow', id: 1, url: 'http://db/lists/tutors.json' },
    ]);
    first.onerror!({ message: 'Script error', preventDefault: () => undefined });
    expect(errors.map((e) => e.code)).toEqual(['WORKER_FAILED', 'WORKER_FAILED']);
    expect(first.terminated).toBe(true);
    followInWorker('http://db/lists/orders.json', follower);
    expect(StandInWorker.last).not.toBe(first);
  });
});
