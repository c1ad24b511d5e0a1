/**
 * What a bulk action of a list did, and the loop that works one out record by record: the part of
 * ./BulkActionButton that is not React, so that the actions (delete, approve) share it.
 */
import type { ReactNode } from 'react';

/** A record the action left alone: a key, how the summary names it, the catalogue id of why. */
export interface BulkSkip {
  id: string;
  label: ReactNode;
  reason: string;
}

/** What a bulk action did: how many records it acted on, and those it left alone, in order. */
export interface BulkOutcome {
  done: number;
  skipped: BulkSkip[];
}

/**
 * Reports progress: how many of the chosen records have been worked through so far (done or
 * skipped).
 */
export type BulkProgress = (worked: number) => void;

/**
 * Works through `records` one after the other (so that the server's follow-ups of each are those
 * of a single action), calling `act` on each: it resolves undefined when the record was done, else
 * the catalogue id of why not. `label` names a record left alone in the summary.
 */
export async function eachRecord<R extends { id: string }>(
  records: readonly R[],
  act: (record: R) => Promise<string | undefined> | string | undefined,
  label: (record: R) => ReactNode,
  onProgress: BulkProgress,
): Promise<BulkOutcome> {
  let done = 0;
  const skipped: BulkSkip[] = [];
  for (const [index, record] of records.entries()) {
    const reason = await act(record);
    if (reason === undefined) done += 1;
    else skipped.push({ id: record.id, label: label(record), reason });
    onProgress(index + 1);
  }
  return { done, skipped };
}
