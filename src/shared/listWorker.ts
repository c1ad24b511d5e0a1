/**
 * A Web Worker that follows list nodes of the Realtime Database for the page (shared/rtdb.ts
 * `watch`, through shared/listWorkerClient.ts). The Firebase SDK handles a listener's data as one
 * server message in one task: its JSON parse, its tree and 50,000 child events held the main
 * thread for hundreds of ms at 50,000 rows, and a keystroke or sort click typed meanwhile waited
 * for all of it (docs/performance.md, "How a list reads"). Here that work runs off the main
 * thread; the page receives the rows in messages of at most {@link CHUNK_ROWS} rows, each a
 * short task of its own.
 *
 * The worker signs in as the page's user by reading the user Firebase Auth persisted in
 * IndexedDB (shared/firebase.ts persists there; Auth supports that persistence in workers) and
 * refreshes its own ID token; the Database rules see the same user as the page's connection.
 *
 * Messages in: {@link ToListWorker}; out: {@link FromListWorker} (one listen per `id`).
 */
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
} from 'firebase/auth';
import {
  connectDatabaseEmulator,
  getDatabase,
  onChildAdded,
  onChildChanged,
  onChildRemoved,
  onValue,
  ref,
  type DataSnapshot,
  type Unsubscribe,
} from 'firebase/database';
import { emulatorHost, firebaseConfig, usesEmulators } from './firebaseConfig';
import type { FromListWorker, ListChange, ToListWorker } from './listWorkerProtocol';

/** Rows per message to the page: deserialising one costs the page a few ms at most. */
export const CHUNK_ROWS = 1_000;

/** The worker's global scope, as far as it is used (the app's TypeScript lib is the DOM's). */
interface WorkerScope {
  postMessage(message: FromListWorker): void;
  onmessage: ((event: MessageEvent<ToListWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;

const app = initializeApp(firebaseConfig);
const auth = initializeAuth(app, { persistence: indexedDBLocalPersistence });
if (usesEmulators)
  connectAuthEmulator(auth, `http://${emulatorHost}:9099`, { disableWarnings: true });
const db = getDatabase(app);
if (usesEmulators) connectDatabaseEmulator(db, emulatorHost, 9000);
/** The persisted user read back before the first listen (else it would be refused). */
const signedIn = auth.authStateReady();
// The connection opens with the database's first reference: now, so that it is up (and signed
// in) by the time the page asks for a list.
void signedIn.then(() => ref(db));

/**
 * Resolves once the worker's Auth has the page's user `uid` (null: nobody). The worker learns of
 * a sign-out or another sign-in from IndexedDB some time after the page does; a listen waits for
 * it, so that it never reads as the previous user.
 */
function userIs(uid: string | null): Promise<void> {
  return new Promise((resolve) => {
    const stop = onAuthStateChanged(auth, (user) => {
      if ((user?.uid ?? null) !== uid) return;
      // Called from inside onAuthStateChanged's first call too: unsubscribe after it returns.
      queueMicrotask(() => stop());
      resolve();
    });
  });
}

/** The listeners of each listen id, to detach on 'stop'. */
const listens = new Map<number, Unsubscribe[]>();

/**
 * Follows `path` for listen `id`: the rows before the value event go out in chunks, then
 * 'loaded'; later changes go out once per task (a server message's changes together).
 */
async function listen(id: number, path: string, uid: string | null): Promise<void> {
  await signedIn;
  await userIs(uid);
  if (!listens.has(id)) return;
  const target = ref(db, path);
  // In the order they came: a child removed then added again within a task stays.
  let changes: ListChange[] = [];
  let loaded = false;
  let queued = false;
  const send = () => {
    queued = false;
    for (let i = 0; i < changes.length; i += CHUNK_ROWS)
      scope.postMessage({ id, type: 'changes', changes: changes.slice(i, i + CHUNK_ROWS) });
    changes = [];
  };
  const queue = () => {
    if (!loaded || queued) return;
    queued = true;
    setTimeout(send, 0);
  };
  const put = (child: DataSnapshot) => {
    changes.push([child.key as string, child.val() as unknown]);
    queue();
  };
  const onError = (error: Error & { code?: string }) =>
    scope.postMessage({ id, type: 'error', message: error.message, code: error.code });
  listens.get(id)?.push(
    onChildAdded(target, put, onError),
    onChildChanged(target, put, onError),
    onChildRemoved(
      target,
      (child) => {
        changes.push([child.key as string]);
        queue();
      },
      onError,
    ),
    onValue(
      target,
      () => {
        if (loaded) return;
        loaded = true;
        send();
        scope.postMessage({ id, type: 'loaded' });
      },
      onError,
      { onlyOnce: true },
    ),
  );
}

scope.onmessage = ({ data }) => {
  if (data.type === 'listen') {
    listens.set(data.id, []);
    listen(data.id, data.path, data.uid).catch((error: unknown) =>
      scope.postMessage({ id: data.id, type: 'error', message: String(error) }),
    );
  } else {
    for (const off of listens.get(data.id) ?? []) off();
    listens.delete(data.id);
  }
};
