/**
 * Work done in steps, so that a large computation (a 50,000-row list's order, its search texts,
 * the slice state of its first whole batch) runs between keystrokes instead of holding one back:
 * a keystroke or a sort click must paint in under 50 ms, also while a large list arrives
 * (docs/performance.md, "How a list reads").
 */

/**
 * A computation in steps: each `next()` does a bounded amount of work (a few thousand elements or
 * comparisons, well under 1 ms at 50,000 rows on a 2-core machine) and the last one returns the
 * result.
 */
export type Steps<R> = Generator<void, R, void>;

/** Elements handled between two yields of a Steps computation. */
export const STEP = 2048;
/** Length of the runs sorted by insertion before the merges. */
const RUN = 32;

/** Runs `steps` to the end at once and returns the result. */
export function runSteps<R>(steps: Steps<R>): R {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs `steps` one after the other in slices of at most `sliceMs`, each slice started by
 * `schedule`; stops when `cancelled()` says so; calls `done` after the last step.
 */
export function runInSlices(
  steps: Array<Steps<unknown>>,
  schedule: (slice: (deadline?: IdleDeadline) => void) => void,
  sliceMs: number,
  cancelled: () => boolean,
  done?: () => void,
): void {
  const slice = (deadline?: IdleDeadline) => {
    if (cancelled()) return;
    const end = performance.now() + Math.min(deadline?.timeRemaining() ?? sliceMs, sliceMs);
    while (steps.length > 0 && performance.now() < end) {
      if (steps[0]?.next().done) steps.shift();
    }
    if (steps.length > 0) schedule(slice);
    else done?.();
  };
  schedule(slice);
}

/** Starts `slice` as the next task: after pending input and a paint, before idle time. */
export function soon(slice: () => void): void {
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => slice();
    channel.port2.postMessage(null);
  } else setTimeout(slice, 0);
}

/**
 * Starts `task` at background priority: after pending input and rendering
 * (`scheduler.postTask`, Prioritized Task Scheduling; Chromium, Firefox), else as a timer.
 */
export function inBackground(task: () => void): void {
  const scheduler = (
    globalThis as {
      scheduler?: { postTask?(task: () => void, options: { priority: string }): Promise<void> };
    }
  ).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(task, { priority: 'background' });
  else setTimeout(task, 0);
}

/** Starts `slice` when the browser is idle (a timeout where requestIdleCallback is missing). */
export function whenIdle(slice: (deadline?: IdleDeadline) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(slice);
  else setTimeout(slice, 50);
}

/**
 * The indexes 0..n-1 sorted by `before` (a strict total order on indexes: ties must be broken,
 * e.g. by index, for a stable result), in steps: insertion-sorted runs of RUN, then bottom-up
 * merges, a yield every STEP comparisons.
 */
export function* sortIndexesSteps(
  n: number,
  before: (a: number, b: number) => boolean,
): Steps<Int32Array> {
  let order = new Int32Array(n);
  let spare = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let work = 0;
  for (let low = 0; low < n; low += RUN) {
    const high = Math.min(low + RUN, n);
    for (let i = low + 1; i < high; i++) {
      const row = order[i] as number;
      let j = i - 1;
      for (; j >= low && before(row, order[j] as number); j--) order[j + 1] = order[j] as number;
      order[j + 1] = row;
    }
    // An insertion sort of a run: about RUN * 4 element moves and comparisons on average.
    if ((work += RUN * 4) >= STEP) {
      work = 0;
      yield;
    }
  }
  for (let width = RUN; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n);
      const high = Math.min(low + 2 * width, n);
      let i = low;
      let j = middle;
      for (let k = low; k < high; k++) {
        if (i < middle && (j >= high || before(order[i] as number, order[j] as number))) {
          spare[k] = order[i++] as number;
        } else spare[k] = order[j++] as number;
        if (++work >= STEP) {
          work = 0;
          yield;
        }
      }
    }
    [order, spare] = [spare, order];
  }
  return order;
}

/**
 * A stable sort of `items` by `compare` (as Array.prototype.sort), in steps.
 * @returns a new array; `items` is not changed.
 */
export function* sortSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const order = yield* sortIndexesSteps(items.length, (a, b) => {
    const c = compare(items[a] as T, items[b] as T);
    return c < 0 || (c === 0 && a < b);
  });
  const out = new Array<T>(items.length);
  for (let p = 0; p < order.length; p++) {
    out[p] = items[order[p] as number] as T;
    if (p % STEP === STEP - 1) yield;
  }
  return out;
}
