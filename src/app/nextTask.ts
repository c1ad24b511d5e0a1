/**
 * Ends the current task: resolves in a later one (a timer of 0 ms), so the browser can render and
 * handle input in between (promises alone resolve within the task). `mark` names the point in the
 * browser's performance timeline (a User Timing mark, shown in traces and in Lighthouse's "User
 * Timing marks").
 */
export function nextTask(mark: string): Promise<void> {
  performance.mark(mark);
  return new Promise((resolve) => setTimeout(resolve, 0));
}
