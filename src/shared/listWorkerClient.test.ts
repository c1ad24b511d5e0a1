import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromListWorker, ToListWorker } from './listWorkerProtocol';

/** A Worker stand-in: records what the page posts and lets the test answer as the worker. */
class FakeWorker {
  static started: FakeWorker[] = [];
  posted: ToListWorker[] = [];
  onmessage: ((event: { data: FromListWorker }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.started.push(this);
  }
  postMessage(message: ToListWorker) {
    this.posted.push(message);
  }
  answer(data: FromListWorker) {
    this.onmessage?.({ data });
  }
}

const handlers = () => ({ changes: vi.fn(), loaded: vi.fn(), error: vi.fn() });

/** The client module fresh (its worker is a module-level singleton). */
const client = () => import('./listWorkerClient');

beforeEach(() => {
  vi.resetModules();
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('followInWorker', () => {
  it('is not available without workers (Node, jsdom)', async () => {
    vi.unstubAllGlobals();
    expect((await client()).listWorkerAvailable()).toBe(typeof Worker === 'function');
    vi.stubGlobal('Worker', undefined);
    expect((await client()).listWorkerAvailable()).toBe(false);
  });

  it('starts one module worker for every list and routes its answers by listen id', async () => {
    const { followInWorker } = await client();
    const students = handlers();
    const tutors = handlers();
    followInWorker('lists/students', 'u1', students);
    followInWorker('lists/tutors', 'u1', tutors);
    expect(FakeWorker.started).toHaveLength(1);
    const [worker] = FakeWorker.started as [FakeWorker];
    expect(worker.options).toEqual({ type: 'module' });
    expect(worker.posted).toEqual([
      { type: 'listen', id: 1, path: 'lists/students', uid: 'u1' },
      { type: 'listen', id: 2, path: 'lists/tutors', uid: 'u1' },
    ]);
    worker.answer({ id: 2, type: 'changes', changes: [['t1', { name: 'T' }], ['t0']] });
    worker.answer({ id: 1, type: 'loaded' });
    expect(tutors.changes).toHaveBeenCalledWith([['t1', { name: 'T' }], ['t0']]);
    expect(tutors.loaded).not.toHaveBeenCalled();
    expect(students.loaded).toHaveBeenCalledOnce();
    expect(students.changes).not.toHaveBeenCalled();
  });

  it('stops a listen once, and ignores its later answers', async () => {
    const { followInWorker } = await client();
    const students = handlers();
    const stop = followInWorker('lists/students', 'u1', students);
    const [worker] = FakeWorker.started as [FakeWorker];
    stop();
    stop();
    worker.answer({ id: 1, type: 'changes', changes: [['s1', {}]] });
    expect(worker.posted.filter((m) => m.type === 'stop')).toEqual([{ type: 'stop', id: 1 }]);
    expect(students.changes).not.toHaveBeenCalled();
  });

  it("reports a listen's error with the SDK's code, then nothing more", async () => {
    const { followInWorker } = await client();
    const students = handlers();
    followInWorker('lists/students', 'u1', students);
    const [worker] = FakeWorker.started as [FakeWorker];
    worker.answer({
      id: 1,
      type: 'error',
      message: 'permission_denied at /lists/students',
      code: 'PERMISSION_DENIED',
    });
    worker.answer({ id: 1, type: 'loaded' });
    expect(students.error).toHaveBeenCalledOnce();
    const [error] = students.error.mock.calls[0] as [Error & { code?: string }];
    expect(error.message).toBe('permission_denied at /lists/students');
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(students.loaded).not.toHaveBeenCalled();
  });

  it('fails every list when the worker fails, and starts a new worker for the next list', async () => {
    const { followInWorker } = await client();
    const students = handlers();
    const orders = handlers();
    followInWorker('lists/students', 'u1', students);
    followInWorker('orders', 'u1', orders);
    const [worker] = FakeWorker.started as [FakeWorker];
    worker.onerror?.({ message: 'script error' });
    expect(students.error).toHaveBeenCalledOnce();
    expect(orders.error).toHaveBeenCalledOnce();
    followInWorker('lists/tutors', 'u1', handlers());
    expect(FakeWorker.started).toHaveLength(2);
  });
});
