/**
 * The default Realtime Database access of an entity list: records live under `<path>/{id}`
 * (spec section 7). Functions here are the only place lists touch the SDK, through the lazily
 * loaded database from shared/firebase.
 */
import type { Database } from 'firebase/database';
import { signedInIdToken } from './appAuth';
import { database } from './firebase';
import { emulatorHost, usesEmulators } from './firebaseConfig';
import { restUrl } from './listStream/followList';
import {
  canFollowInWorker,
  followInThisThread,
  followInWorker,
} from './listStream/listWorkerClient';
import type { FileChanges, OwnedFile } from './ownedFiles';
import type { ProgressHandler } from './upload';

/** What a create takes: the record without its key, or with a given key (an Auth uid). */
export type RecordCreate<T> = Omit<T, 'id'> & { id?: string };

/**
 * What a modify takes: the changed fields and, for records that own files (OwnedFile), new files
 * by URL field with the upload's progress (0..100).
 */
export interface RecordModify<T> {
  id: string;
  changes: Partial<Omit<T, 'id'>>;
  files?: FileChanges;
  onProgress?: ProgressHandler;
}

/**
 * A child snapshot as a record: its value with its key as `id` (the key is the truth). `val()`
 * builds a new object on every call (the SDK exports its tree), so the key is set on it rather
 * than on a copy: a list's first batch makes 50,000 of them in one task.
 */
function recordOf<T>(child: { key: string | null; val(): unknown }): T {
  const value = child.val();
  if (value === null || typeof value !== 'object') return { id: child.key } as T;
  if (Array.isArray(value)) return { ...value, id: child.key } as T;
  (value as { id: string | null }).id = child.key;
  return value as T;
}

/** Options of rtdbEntityApi. */
export interface RtdbEntityOptions {
  /** `list` reads ordered by this child (spec 7: fieldLevels, subjects, schools, orders). */
  orderBy?: string;
  /** The database to use; default the app's (tests pass a signed-in web SDK's). */
  connect?: () => Promise<Database>;
  /**
   * The node a list follows (`watch`), when not `path` itself: a list node of compact rows kept
   * by the server, e.g. 'lists/students' (shared/domain/derived).
   */
  listPath?: string;
  /**
   * The list's first page, read by an indexed query before the whole list (so that the first
   * page of a 50,000-row list shows in under a second): the newest `size` rows by the child
   * `orderBy` (the lists' default sort, newest first; `.indexOn` in the rules).
   */
  firstPage?: { orderBy: string; size: number };
  /**
   * Follow the list (`watch`) through the database's REST streaming instead of the SDK's
   * listeners: in a browser in the list worker (shared/listStream), elsewhere in this thread.
   * Default: for the large lists (those with a `firstPage`) where Web Workers exist (the app in
   * a browser); the SDK's listeners elsewhere. A stream holds one HTTP connection to the
   * database while the list is open (browsers allow six per host over HTTP/1.1), so the small
   * lists, which the SDK handles in a few milliseconds, stay on its socket.
   */
  stream?: boolean;
  /** The Database emulator's `host:port`, when the database is the local one (the app's). */
  emulator?: string;
}

/**
 * What changed in a followed list since the last batch: rows added or changed (whole rows, each
 * replacing the one held), ids removed; `initial` for the first batch, which holds every row.
 */
export interface WatchBatch<T> {
  upserts: T[];
  removals: string[];
  initial: boolean;
}

/**
 * The shortest time between two batches of a followed list (ms): at most one store update per
 * frame during a burst (an import, a seed). The first change after a quiet spell is not held
 * that long: it goes out after the task that delivered it (with whatever that server message
 * also held), since each batch waited up to 16 ms before, a remote change must show in < 300 ms.
 * When a batch held the main thread longer (a slice update of 50,000 rows under load), the next
 * waits twice that long: a stream of changes leaves input and paints two thirds of the time.
 */
export const WATCH_BATCH_MS = 16;

/** The longest wait between two batches of a stream of changes (ms), however costly they are. */
const MAX_BATCH_GAP_MS = 200;

/** Stops following a list (detaches its listeners). */
export type Unsubscribe = () => void;

/** The operations an entity slice needs from its backend; features may replace any of them. */
export interface EntityApi<T extends { id: string }, C, M extends { id: string }> {
  /** All records, in the order the database returns them. */
  list(): Promise<T[]>;
  /** One record, or rejects with code 'not-found'. */
  get(id: string): Promise<T>;
  /** Stores a new record; resolves with it as stored. */
  create(input: C): Promise<T>;
  /** Updates the given fields; resolves with the whole record as stored afterwards. */
  modify(input: M): Promise<T>;
  /** Removes the record. */
  remove(id: string): Promise<void>;
  /**
   * Follows the list: `onBatch` gets every row first (`initial`), then each
   * change by anyone, gathered per WATCH_BATCH_MS; `onError` gets a failed listen (e.g.
   * PERMISSION_DENIED). Optional: a list without it is read once with `list`.
   * @returns the function that detaches the listeners.
   */
  watch?(onBatch: (batch: WatchBatch<T>) => void, onError: (error: Error) => void): Unsubscribe;
  /**
   * Starts reading the list's first page now (a list screen opened directly: a reload, a link),
   * before the screen's code has loaded and rendered; the next `watch` within
   * {@link EARLY_FIRST_PAGE_MS} shows those rows instead of sending the same query again.
   * Optional: only lists with a first page have it.
   * @returns a promise that settles when the read is done; it never rejects (a failure is left to
   *   `watch`, which reads again).
   */
  readFirstPageEarly?(): Promise<void>;
}

/**
 * How long a first page read early (`readFirstPageEarly`) stays good for the next `watch` (ms):
 * it is meant for the screen that is loading while it is read, not for a later visit, which
 * reads again (the whole list follows anyway and replaces those rows).
 */
export const EARLY_FIRST_PAGE_MS = 10_000;

/** Thrown by `get` for a missing record. */
export class NotFoundError extends Error {
  readonly code = 'not-found';
  constructor(path: string) {
    super(`No record at ${path}`);
  }
}

/**
 * The plain RTDB implementation of EntityApi.
 * - `list` reads `path` once, ordered by the child `orderBy` when given (spec 7: fieldLevels,
 *   subjects, schools and orders are read ordered by `order`).
 * - `create` uses `input.id` as the key when present (users, students and tutors are keyed by
 *   their Auth uid), otherwise a push id generated by the database (spec 7); either way the key
 *   is stored as the record's `id` child too.
 * - `modify` writes only the changed fields, so concurrent edits of other fields survive.
 * - Only the record is written: the server keeps what derives from it (list rows, counters,
 *   indexes) and records the change in the audit log (functions/src: database triggers).
 */
export function rtdbEntityApi<T extends { id: string }>(
  path: string,
  options: RtdbEntityOptions = {},
): EntityApi<T, RecordCreate<T>, RecordModify<T>> {
  const {
    orderBy,
    connect = database,
    listPath = path,
    firstPage,
    stream = firstPage !== undefined && canFollowInWorker(),
    // The production build has no emulator wiring (usesEmulators is false there).
    emulator = usesEmulators ? `${emulatorHost}:9000` : undefined,
  } = options;
  const load = async () => {
    const db = await connect();
    const m = await import('firebase/database');
    return { db, m };
  };
  /** The newest `firstPage.size` rows by an indexed query (the first page, see the options). */
  const readFirstPage = async (page: NonNullable<RtdbEntityOptions['firstPage']>) => {
    const { db, m } = await load();
    const newest = m.query(
      m.ref(db, listPath),
      m.orderByChild(page.orderBy),
      m.limitToLast(page.size),
    );
    const rows: T[] = [];
    (await m.get(newest)).forEach((child) => {
      rows.push(recordOf<T>(child));
    });
    return rows;
  };
  /** A first page read by `readFirstPageEarly`, for the next `watch` (taken once). */
  let early: { at: number; rows: Promise<T[]> } | undefined;
  const takeEarly = (page: NonNullable<RtdbEntityOptions['firstPage']>) => {
    const read = early;
    early = undefined;
    // A failed early read (e.g. before Auth had the user) is read again.
    return read && performance.now() - read.at < EARLY_FIRST_PAGE_MS
      ? read.rows.catch(() => readFirstPage(page))
      : readFirstPage(page);
  };
  return {
    async list() {
      const { db, m } = await load();
      const base = m.ref(db, path);
      const snap = await m.get(orderBy ? m.query(base, m.orderByChild(orderBy)) : base);
      const items: T[] = [];
      snap.forEach((child) => {
        items.push(recordOf<T>(child));
      });
      return items;
    },
    watch(onBatch, onError) {
      let detach: Unsubscribe[] = [];
      let stopped = false;
      void load().then(
        async ({ db, m }) => {
          if (stopped) return;
          const target = m.ref(db, listPath);
          const upserts = new Map<string, T>();
          const removals = new Set<string>();
          let initial = true;
          let timer: ReturnType<typeof setTimeout> | undefined;
          let lastFlush = Number.NEGATIVE_INFINITY;
          // How long the last batch held the main thread in `onBatch` (the store's update and
          // the synchronous renders it caused), ms.
          let lastCost = 0;
          const flush = () => {
            timer = undefined;
            const start = performance.now();
            const batch = { upserts: [...upserts.values()], removals: [...removals], initial };
            upserts.clear();
            removals.clear();
            initial = false;
            onBatch(batch);
            lastFlush = performance.now();
            // The whole list's first batch says nothing about a change's cost.
            lastCost = batch.initial ? 0 : lastFlush - start;
          };
          // The first rows arrive as one burst of child_added before the value event; later
          // changes go out after the task that brought them, and at most once per
          // WATCH_BATCH_MS, so a burst (an import, a seed) is one store update per frame.
          const schedule = () => {
            if (initial || timer !== undefined) return;
            // During a stream of changes (an import, the server's triggers after a bulk write)
            // batches at most a third of the main thread: each one costs O(n) at 50,000 rows.
            const gap = Math.min(MAX_BATCH_GAP_MS, Math.max(WATCH_BATCH_MS, 2 * lastCost));
            const wait = Math.max(0, lastFlush + gap - performance.now());
            timer = setTimeout(flush, wait);
          };
          const putRow = (key: string, row: T) => {
            upserts.set(key, row);
            removals.delete(key);
            schedule();
          };
          const removeRow = (key: string) => {
            upserts.delete(key);
            removals.add(key);
            schedule();
          };
          if (firstPage) {
            // The newest rows by an indexed query first (read early when the screen was opened
            // directly), shown while the whole list loads; the listeners start after it, so its
            // few rows never queue behind the whole list.
            try {
              const rows = await takeEarly(firstPage);
              if (stopped) return;
              onBatch({ upserts: rows, removals: [], initial: false });
            } catch {
              // The listeners below report a failed read.
            }
          }
          const databaseURL = db.app.options.databaseURL;
          if (stream && databaseURL) {
            // The list's rows come from REST streaming, in a browser through the list worker
            // (parsed off the main thread, given in parts of a few thousand rows): the SDK would
            // handle the whole list's message, child events and tree in one long task.
            const follow = canFollowInWorker() ? followInWorker : followInThisThread;
            detach = [
              follow(restUrl(databaseURL, listPath, emulator), {
                idToken: () => signedInIdToken(db.app),
                onRows(rows) {
                  for (const row of rows.upserts) putRow(row.id, row as unknown as T);
                  for (const key of rows.removals) removeRow(key);
                  if (rows.initial && rows.complete) flush();
                },
                onError,
              }),
              () => clearTimeout(timer),
            ];
            return;
          }
          const put = (child: { key: string | null; val(): unknown }) =>
            putRow(child.key as string, recordOf<T>(child));
          detach = [
            m.onChildAdded(target, put, onError),
            m.onChildChanged(target, put, onError),
            m.onChildRemoved(target, (child) => removeRow(child.key as string), onError),
            m.onValue(target, () => initial && flush(), onError, { onlyOnce: true }),
            () => clearTimeout(timer),
          ];
        },
        (error: unknown) => onError(error as Error),
      );
      return () => {
        stopped = true;
        for (const off of detach) off();
      };
    },
    ...(firstPage && {
      readFirstPageEarly() {
        const rows = readFirstPage(firstPage);
        early = { at: performance.now(), rows };
        // `watch` reports a failure; an early read nobody takes must not be an unhandled one.
        return rows.then(
          () => undefined,
          () => undefined,
        );
      },
    }),
    async get(id) {
      const { db, m } = await load();
      const snap = await m.get(m.ref(db, `${path}/${id}`));
      if (!snap.exists()) throw new NotFoundError(`${path}/${id}`);
      return { ...(snap.val() as Omit<T, 'id'>), id } as T;
    },
    async create(input) {
      const { db, m } = await load();
      const { id: givenId, ...data } = input;
      const key = givenId ?? (m.push(m.ref(db, path)).key as string);
      // The key is also stored as the record's `id` child (spec section 3 lists it; the demo data
      // has it), so an exported or copied record still says which it is.
      await m.set(m.ref(db, `${path}/${key}`), stripUndefined({ ...data, id: key }));
      return { ...data, id: key } as unknown as T;
    },
    async modify({ id, changes }) {
      const { db, m } = await load();
      const target = m.ref(db, `${path}/${id}`);
      const fields = stripUndefined(changes as Record<string, unknown>);
      if (Object.keys(fields).length > 0) await m.update(target, fields);
      const snap = await m.get(target);
      return { ...(snap.val() as Omit<T, 'id'>), id } as T;
    },
    async remove(id) {
      const { db, m } = await load();
      await m.remove(m.ref(db, `${path}/${id}`));
    },
  };
}

/** RTDB rejects `undefined`; an absent field is the same thing, so drop them. */
export function stripUndefined<V extends object>(value: V): V {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as V;
}

/**
 * An EntityApi whose records own files (OwnedFile: a logo, a photo, a CV): `modify` stores the
 * given `files` first (the old ones deleted, shared/ownedFiles) and saves their new URLs with the
 * changed fields. Users, students and tutors use it.
 */
export function withOwnedFiles<T extends { id: string }, C>(
  base: EntityApi<T, C, RecordModify<T>>,
  owned: readonly OwnedFile[],
): EntityApi<T, C, RecordModify<T>> {
  return {
    ...base,
    async modify({ id, changes, files, onProgress }) {
      if (!files || !owned.some((o) => files[o.field])) return base.modify({ id, changes });
      const { storeOwnedFiles } = await import('./ownedFiles');
      const current = (await base.get(id)) as unknown as Record<string, unknown>;
      const urls = await storeOwnedFiles(owned, id, current, files, onProgress);
      return base.modify({ id, changes: { ...changes, ...urls } });
    },
  };
}
