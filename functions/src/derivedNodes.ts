/**
 * The server keeps the books: after every write of a student, tutor or order (recordTriggers.ts),
 * its list rows, index entries, queues and counters are written, whoever made the write (the app, the Admin SDK, an import, the console). The nodes are defined once,
 * in src/shared/domain/derived (`DERIVATIONS`), which the demo data, `npm run rebuild-derived` and
 * the tests share.
 *
 * Exact when events come twice, late or out of order, and when admins write at once:
 * - projections (rows, index entries, queue entries) are written from the record as stored
 *   when the trigger runs, then the record is read again: if it changed meanwhile, they are
 *   written again. Whichever trigger writes last has checked that the record still equals what
 *   it wrote, so the entries end equal to the record;
 * - counters move by the event's difference (after - before) exactly once: the event's id is
 *   claimed in `derivedEvents/{day}/{hash}` by a transaction, and the increments are written in
 *   ONE update together with the claim's `done` mark. A second delivery finds `done` and does
 *   nothing; a delivery that died after claiming is taken over once its lease has run out.
 *   Marks older than 8 days (Cloud Functions retries an event for up to 7 days) are removed.
 */
import { createHash } from 'node:crypto';
import { ServerValue, type Reference } from 'firebase-admin/database';
import { DERIVATIONS, type DerivedCollection } from '../../src/shared/domain/derived/index';
import { counterDeltas, sameValue } from '../../src/shared/domain/derived/derivation';

/** Where the handled events are marked. */
export const DERIVED_EVENTS_PATH = 'derivedEvents';

/** How long a claimed, unfinished event is left to the delivery that claimed it (ms). */
const LEASE_MS = 60_000;
/** How long handled events stay marked (days): longer than Cloud Functions' 7 days of retries. */
const KEEP_DAYS = 8;
/** Rounds of write-and-check before giving up (the event is then retried). */
const MAX_ROUNDS = 10;

/**
 * Writes the projection entries of `collection/id` until the stored record equals the value
 * they were made from (see the module comment). The first round starts from the event's value
 * and carries `alongside` (the event's audit entry) in the same update, so an event whose record
 * has not changed since costs one update and one read.
 * @param seen the event's before and after values, whose entries must not outlive them
 * @throws Error when the record changed at every one of MAX_ROUNDS rounds (retried)
 */
export async function writeProjections(
  root: Reference,
  collection: DerivedCollection,
  id: string,
  seen: (object | null)[],
  start: object | null,
  alongside: Record<string, unknown> = {},
): Promise<void> {
  const project = DERIVATIONS[collection].project;
  if (!project) {
    if (Object.keys(alongside).length > 0) await root.update(alongside);
    return;
  }
  const record = root.child(`${collection}/${id}`);
  let current = start;
  let extra = alongside;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await root.update({ ...project(id, current, seen), ...extra });
    extra = {};
    const now = (await record.get()).val() as object | null;
    if (sameValue(now, current)) return;
    seen.push(current);
    current = now;
  }
  throw new Error(`${collection}/${id} kept changing; its derived entries will be written again`);
}

/** The agency-independent UTC day 'yyyy-MM-dd' of an ISO time. */
const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * Adds `deltas` to their counters once for the event `eventId` (see the module comment).
 * @throws Error while another delivery of the same event holds its lease (retried later)
 */
export async function addCountersOnce(
  root: Reference,
  eventId: string,
  eventTime: string,
  deltas: Record<string, number>,
): Promise<'added' | 'already'> {
  if (Object.keys(deltas).length === 0) return 'added';
  const mark = `${DERIVED_EVENTS_PATH}/${dayOf(eventTime)}/${createHash('sha256').update(eventId).digest('hex').slice(0, 40)}`;
  const claimedAt = Date.now();
  const claim = await root.child(mark).transaction(
    (value: { state?: string; at?: number } | null) => {
      if (value === null) return { state: 'claimed', at: claimedAt };
      if (value.state === 'claimed' && (value.at ?? 0) < Date.now() - LEASE_MS)
        return { state: 'claimed', at: claimedAt };
      return undefined;
    },
    undefined,
    false,
  );
  if (!claim.committed) {
    if ((claim.snapshot.val() as { state?: string } | null)?.state === 'done') return 'already';
    throw new Error(`event ${eventId} is being handled by another delivery`);
  }
  const updates: Record<string, unknown> = {
    [mark]: { state: 'done', at: ServerValue.TIMESTAMP },
  };
  for (const [path, n] of Object.entries(deltas)) updates[path] = ServerValue.increment(n);
  await root.update(updates);
  return 'added';
}

let prunedDay = '';

/** Removes the marks of days older than KEEP_DAYS, once a day per instance. */
async function pruneMarks(root: Reference, eventTime: string): Promise<void> {
  const today = dayOf(eventTime);
  if (today === prunedDay) return;
  prunedDay = today;
  const cutoff = new Date(Date.parse(eventTime) - KEEP_DAYS * 86_400_000).toISOString();
  const old = await root
    .child(DERIVED_EVENTS_PATH)
    .orderByKey()
    .endBefore(dayOf(cutoff))
    .limitToFirst(10)
    .get();
  const removals: Record<string, null> = {};
  old.forEach((day) => {
    removals[`${DERIVED_EVENTS_PATH}/${day.key}`] = null;
  });
  if (Object.keys(removals).length > 0) await root.update(removals);
}

/**
 * Keeps the derived nodes of `collection` after one write event of its record `id`: its
 * projections from the stored record, its counters by the event's difference, once. `root` is
 * the root of the database the event comes from (each instance keeps its own books);
 * `alongside` is written with the first projections (the event's audit entry).
 */
export async function keepDerivedNodes(
  root: Reference,
  collection: DerivedCollection,
  id: string,
  event: { id: string; time: string; before: object | null; after: object | null },
  alongside: Record<string, unknown> = {},
): Promise<void> {
  await writeProjections(root, collection, id, [event.before, event.after], event.after, alongside);
  await addCountersOnce(
    root,
    event.id,
    event.time,
    counterDeltas(DERIVATIONS[collection], event.before, event.after),
  );
  await pruneMarks(root, event.time);
}
