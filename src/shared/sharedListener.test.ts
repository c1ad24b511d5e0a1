import { afterEach, describe, expect, it, vi } from 'vitest';
import { followShared, sharedNow, SHARED_NOW_MS, type Attach } from './sharedListener';

/** An Attach that counts its starts and stops and lets the test emit values or an error. */
function source() {
  const state = { starts: 0, stops: 0, emit: (_v: number) => {}, fail: (_e: Error) => {} };
  const attach: Attach<number> = (emit, fail) => {
    state.starts += 1;
    state.emit = emit;
    state.fail = fail;
    return () => {
      state.stops += 1;
    };
  };
  return { state, attach };
}

const listener = () => ({ onValue: vi.fn<(v: number) => void>(), onError: vi.fn() });

describe('followShared', () => {
  it('starts one listener per key, gives a later follower the last value, stops with the last', () => {
    const { state, attach } = source();
    const a = listener();
    const b = listener();
    const stopA = followShared('k1', attach, a);
    state.emit(3);
    const stopB = followShared('k1', attach, b);
    expect(state.starts).toBe(1);
    expect(b.onValue).toHaveBeenCalledWith(3);
    state.emit(4);
    expect(a.onValue).toHaveBeenLastCalledWith(4);
    expect(b.onValue).toHaveBeenLastCalledWith(4);
    stopA();
    stopA();
    expect(state.stops).toBe(0);
    stopB();
    expect(state.stops).toBe(1);
    followShared('k1', attach, listener())();
    expect(state.starts).toBe(2);
  });

  it('keeps keys apart and reports an error to followers present and later', () => {
    const one = source();
    const two = source();
    const a = listener();
    const stopA = followShared('k2', one.attach, a);
    const stopOther = followShared('k3', two.attach, listener());
    expect(one.state.starts + two.state.starts).toBe(2);
    const error = new Error('PERMISSION_DENIED');
    one.state.fail(error);
    const b = listener();
    const stopB = followShared('k2', one.attach, b);
    expect(a.onError).toHaveBeenCalledWith(error);
    expect(b.onError).toHaveBeenCalledWith(error);
    [stopA, stopB, stopOther].forEach((stop) => stop());
  });
});

describe('sharedNow', () => {
  afterEach(() => vi.useRealTimers());

  it('gives callers within SHARED_NOW_MS one boundary, then a fresh one', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000_000_000);
    const first = sharedNow();
    vi.setSystemTime(first + 12);
    expect(sharedNow()).toBe(first);
    vi.setSystemTime(first + SHARED_NOW_MS);
    expect(sharedNow()).toBe(first + SHARED_NOW_MS);
  });
});
