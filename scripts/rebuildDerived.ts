/**
 * Rebuilds the database's derived nodes from the records (docs/deploy.md, "Derived nodes"):
 *
 *   npm run rebuild-derived -- [--dry-run] [--project P] [--database-url D]
 *
 * The derived nodes (docs/performance.md): `lists/students`, `lists/tutors`,
 * `stats/counts/*`, `stats/totals/*`, `stats/months`, `stats/pendingQueue`, `stats/expiryQueue`,
 * `stats/expiryDays`
 * and `tutorsBySubject`, each defined once in src/shared/domain/derived (`rebuildDerived`). Every
 * write of the app keeps them, but a database that existed before a version adding one has
 * records and no node (the dashboard shows zeros, the lists are empty), and a node can end
 * unequal to its records (e.g. a counter off by one). This command reads
 * `students`, `tutors` and `orders` whole (one collection after the other: a one-off admin
 * operation), computes `rebuildDerived`, compares it with each stored
 * node and prints, per node, how many entries are added, changed and removed, and each counter's
 * stored and rebuilt values. Without --dry-run it then writes the differing entries only: first
 * the removals, then the added and changed entries, in multi-path updates of at most 5,000 paths
 * (`lists/students` is ~10 MB at 50,000 students), after which each node equals its rebuilt
 * value. Records and other nodes are never written. It holds the three collections in memory
 * (time and memory at 50,000 of each: docs/performance.md); past that size, raise Node's heap
 * (NODE_OPTIONS=--max-old-space-size=4096).
 *
 * Admin writes are not checked by database.rules.json (the Admin SDK bypasses the rules), and
 * the nodes are computed from one read of the records: run it while no admin is writing (e.g.
 * before announcing the new version), or run it twice; the second run must report
 * `0 differences`. A record saved between the read and the write can leave its list row,
 * index or queue entries and counters as they were before that save (its companions'
 * increments are overwritten by values computed without it).
 *
 * Backend: with FIREBASE_DATABASE_EMULATOR_HOST set (npm run emulators, or emulators/start.ts
 * --exec) the local backend, project `demo-tuition`; otherwise production through Application
 * Default Credentials (`gcloud auth application-default login`) or the service-account key file
 * named by GOOGLE_APPLICATION_CREDENTIALS, for an identity with the Firebase Realtime Database
 * Admin role. Project and database URL default to VITE_FIREBASE_PROJECT_ID and
 * VITE_FIREBASE_DATABASE_URL of .env.production (as scripts/createAdmin.ts).
 *
 * Exit codes: 0 compared (and with differences and no --dry-run, written); 1 failed (no project,
 * no credentials, a read or write refused); 2 wrong arguments.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { rebuildDerived, type DerivedCollection } from '../src/shared/domain/derived';
import { commandBackend } from './createAdmin';
import {
  DEFAULT_CHUNK_SIZE,
  diffNode,
  differences,
  entryDepth,
  reportLines,
  writeBatches,
  type NodeDiff,
} from './rebuildDerivedDiff';
import { parseCommandLine, runIfMain, type CommandOutput } from './runMain';

/** The collections the derived nodes follow, read in this order. */
const COLLECTIONS: readonly DerivedCollection[] = ['students', 'tutors', 'orders'];

/** What {@link rebuildDerivedNodes} needs. */
export interface RebuildOptions {
  /** Compare only; write nothing. */
  dryRun: boolean;
  /** Paths per multi-path update (default 5,000). */
  chunkSize?: number;
}

/** Result of {@link rebuildDerivedNodes}. */
export interface RebuildResult {
  /** Records read per collection (values that are not objects are left out and counted apart). */
  records: Record<DerivedCollection, number>;
  /** Record keys whose value is not an object (a malformed record has no derived entries). */
  skipped: string[];
  /** One per derived node, in rebuildDerived's order. */
  diffs: NodeDiff[];
  /** Differing entries over all nodes (0: the stored nodes equal the rebuilt ones). */
  differences: number;
  /** Paths written and multi-path updates made (0 and 0 for a dry run or no difference). */
  written: { paths: number; updates: number };
}

/**
 * Compares every derived node with `rebuildDerived` of the records and, unless `dryRun`, writes
 * the differing entries (see the module comment).
 *
 * @param app a firebase-admin app with Realtime Database rights (`databaseURL` set).
 * @throws firebase-admin errors of a read or a write (an update already made stays: re-run).
 */
export async function rebuildDerivedNodes(
  app: App,
  options: RebuildOptions,
): Promise<RebuildResult> {
  const db = getDatabase(app);
  const records = {} as Record<DerivedCollection, Record<string, object>>;
  const skipped: string[] = [];
  for (const collection of COLLECTIONS) {
    // One at a time: each whole collection is tens of MB at 50,000 records.
    const value = (await db.ref(collection).get()).val() as unknown;
    const valid: Record<string, object> = {};
    for (const [id, record] of Object.entries(value ?? {})) {
      if (record !== null && typeof record === 'object') valid[id] = record as object;
      else if (record != null) skipped.push(`${collection}/${id}`);
    }
    records[collection] = valid;
  }

  const diffs: NodeDiff[] = [];
  for (const [nodePath, rebuilt] of Object.entries(rebuildDerived(records))) {
    const stored = (await db.ref(nodePath).get()).val() as unknown;
    diffs.push(diffNode(nodePath, stored, rebuilt, entryDepth(nodePath, rebuilt)));
  }

  const written = { paths: 0, updates: 0 };
  if (!options.dryRun) {
    for (const batch of writeBatches(diffs, options.chunkSize ?? DEFAULT_CHUNK_SIZE)) {
      await db.ref().update(batch);
      written.paths += Object.keys(batch).length;
      written.updates++;
    }
  }
  return {
    records: {
      students: Object.keys(records.students).length,
      tutors: Object.keys(records.tutors).length,
      orders: Object.keys(records.orders).length,
    },
    skipped,
    diffs,
    differences: diffs.reduce((sum, diff) => sum + differences(diff), 0),
    written,
  };
}

const USAGE =
  'Usage: npm run rebuild-derived -- [--dry-run] [--project P] [--database-url D]\n' +
  '  --dry-run: compare and report only. Production unless FIREBASE_DATABASE_EMULATOR_HOST is set.';

/** Where {@link main} prints (the console by default; tests capture it). */
export type Output = CommandOutput;

/**
 * The command line (see the module comment for arguments and exit codes).
 * @returns the exit code.
 */
export async function main(argv: string[], out: Output = console): Promise<number> {
  const parsed = parseCommandLine(
    argv,
    {
      'dry-run': { type: 'boolean', default: false },
      project: { type: 'string' },
      'database-url': { type: 'string' },
    },
    USAGE,
    out,
  );
  if (parsed.exit !== undefined) return parsed.exit;
  const { values } = parsed;
  let app: App | undefined;
  try {
    // Only the Database is used: its emulator variable alone selects the local backend.
    const target = commandBackend(values, ['database']);
    out.log(
      `Backend: ${target.local ? 'local emulators' : 'production'}, project ${target.projectId}, ` +
        `database ${target.databaseURL}`,
    );
    // No credential given: GOOGLE_APPLICATION_CREDENTIALS or Application Default Credentials.
    app = initializeApp(
      { projectId: target.projectId, databaseURL: target.databaseURL },
      'rebuild-derived',
    );
    const dryRun = values['dry-run'];
    const result = await rebuildDerivedNodes(app, { dryRun });
    const { students, tutors, orders } = result.records;
    out.log(`Read ${students} students, ${tutors} tutors, ${orders} orders.`);
    if (result.skipped.length > 0) {
      out.log(
        `Left out ${result.skipped.length} values that are not records: ${result.skipped.join(', ')}`,
      );
    }
    for (const line of reportLines(result.diffs)) out.log(line);
    if (result.differences === 0) out.log('The derived nodes equal the records; nothing to write.');
    else if (dryRun) out.log('Dry run: nothing was written.');
    else {
      out.log(
        `Wrote ${result.written.paths} paths in ${result.written.updates} updates. ` +
          'Run again to check: it must report 0 differences.',
      );
    }
    return 0;
  } catch (error) {
    out.error(`Failed: ${String(error)}`);
    return 1;
  } finally {
    // Closes the Database socket so that the process can end.
    if (app) await deleteApp(app);
  }
}

runIfMain(import.meta.url, main);
