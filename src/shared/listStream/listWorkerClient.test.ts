/**
 * The page's side of the list worker: when the worker fails (a script that does not load, a
 * Content-Security-Policy that refuses it), every list it followed gets an error instead of
 * waiting for rows forever; its messages are handled one per task of background priority, in
 * order. Node has no Web Worker; a stand-in records what the page sends.
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

  it("handles the worker's messages one per background task, in the order they came", async () => {
    vi.stubGlobal('Worker', StandInWorker);
    const tasks: Array<{ run: () => void; priority: string }> = [];
    vi.stubGlobal('scheduler', {
      postTask: (run: () => void, options: { priority: string }) => {
        tasks.push({ run, priority: options.priority });
        return Promise.resolve();
      },
    });
    const { followInWorker } = await import('./listWorkerClient');
    const seen: string[] = [];
    followInWorker('http://db/lists/students.json', {
      onRows: (rows) => seen.push(...rows.upserts.map((row) => row.id)),
      onError: () => undefined,
      idToken: async () => 't',
    });
    const worker = StandInWorker.last!;
    const rows = (ids: string[]) => ({
      data: {
        type: 'rows',
        id: 0,
        upserts: ids.map((id) => ({ id })),
        removals: [],
        initial: true,
        complete: false,
      },
    });
    worker.onmessage!(rows(['a', 'b']));
    worker.onmessage!(rows(['c']));
    // Nothing handled in the message's own task: input and a paint may go first.
    expect(seen).toEqual([]);
    expect(tasks.map((task) => task.priority)).toEqual(['background']);
    tasks.shift()!.run();
    expect(seen).toEqual(['a', 'b']);
    tasks.shift()!.run();
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(tasks).toEqual([]);
  });
});
