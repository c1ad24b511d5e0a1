/**
 * One command for the whole local backend (README "Run the app"):
 *
 *   tsx emulators/start.ts                 backend + demo data + Vite app (npm start)
 *   tsx emulators/start.ts --backend-only  backend alone on the standard ports (npm run emulators)
 *   tsx emulators/start.ts --exec "<cmd>" [--seed]
 *                                          backend on fresh, empty data; runs <cmd> with the
 *                                          emulator env; stops everything; exits with <cmd>'s code
 *                                          (Vite too only with E2E_DEV_SERVER=1: the browser tests
 *                                          otherwise open a production build, tests/setup/app.ts)
 *
 * Services: firebase-tools' Auth and Functions emulators (child process group), our Database and
 * Storage servers (in process, emulators/database and emulators/storage), Vite (in process).
 * Persistent modes keep the database and Storage in durable data directories,
 * .local-data/database (snapshot + journal) and .local-data/storage (objects written atomically),
 * where every acknowledged write survives even a kill -9; Auth is imported from and exported to
 * .local-data/auth (firebase-tools). --exec never touches .local-data data. SIGINT/SIGTERM stop every service (exporting data first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer, type ViteDevServer } from 'vite';
import { startDatabaseEmulator } from './database/index';
import { startStorageEmulator } from './storage/index';
import {
  APP_URL,
  DATABASE_NAMESPACE,
  HOST,
  PORTS,
  PROJECT_ID,
  STORAGE_BUCKET,
  emulatorEnv,
} from './config';
import { closeLocalAdminApp } from './admin';
import { startFirebaseTools, type FirebaseToolsProcess } from './firebase-tools';
import { functionsBundleIsCurrent } from './functionsBundle';
import { describePortHolder, RunRecord, stopLeftovers } from './leftovers';
import { portIsFree, waitForHttp } from './wait';
import { DEMO_CREDENTIALS, databaseIsEmpty, seedDemoData } from './seed/index';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `LOCAL_DATA_DIR` moves it (tests of this script use a temporary one). */
const DATA_DIR = path.resolve(process.env.LOCAL_DATA_DIR ?? path.join(ROOT, '.local-data'));
const LOG_DIR = path.join(DATA_DIR, 'logs');
/** One file per running start.ts, naming the processes it spawned (leftovers.ts). */
const RUNS_DIR = path.join(DATA_DIR, 'runs');

type Mode = 'app' | 'backend' | 'exec';
type Stoppable = { name: string; stop: () => Promise<unknown> };

const { values } = parseArgs({
  options: {
    'backend-only': { type: 'boolean', default: false },
    exec: { type: 'string' },
    seed: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
  process.exit(0);
}
const mode: Mode = values.exec !== undefined ? 'exec' : values['backend-only'] ? 'backend' : 'app';
const persist = mode !== 'exec';

/** This run's pids, so that the next start can stop what a kill of this one leaves. */
let runRecord: RunRecord | undefined;
/** Services started so far, stopped in reverse order. */
const running: Stoppable[] = [];
let shuttingDown: Promise<void> | undefined;
let execChild: ChildProcess | undefined;

const say = (line: string) => console.log(line);
const ready = (name: string, detail: string) => say(`✔ ${name.padEnd(9)} ${detail}`);

/** Stops every started service (exports happen inside each stop()), children first. */
function shutdown(): Promise<void> {
  shuttingDown ??= (async () => {
    if (execChild?.pid && execChild.exitCode === null) {
      try {
        process.kill(-execChild.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await closeLocalAdminApp().catch(() => undefined);
    for (const service of running.reverse()) {
      try {
        await service.stop();
      } catch (error) {
        console.error(`! stopping ${service.name} failed:`, error);
      }
    }
  })();
  return shuttingDown;
}

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C reaches this process both directly and forwarded by npm: act once.
    if (signalled) return;
    signalled = true;
    say(`\n${signal}: stopping${persist ? ' and saving data to .local-data' : ''}…`);
    void shutdown().then(() => process.exit(mode === 'exec' ? 130 : 0));
  });
}

/**
 * Stops everything (saving data) when the parent process dies, e.g. `tsx` or npm killed with
 * SIGKILL: nothing would deliver Ctrl-C to this process any more, and it would keep the ports.
 */
function watchParent(): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent || signalled) return;
    signalled = true;
    clearInterval(timer);
    say(`\nparent process ${parent} is gone: stopping${persist ? ' and saving data' : ''}…`);
    void shutdown().then(() => process.exit(1));
  }, 1_000);
  timer.unref();
}

/**
 * Builds functions/ as a deploy does (its `npm run build`: typecheck, then one bundle
 * functions/lib/index.js with the shared derived-node and audit definitions of src/shared/domain),
 * so the Functions emulator loads current code; skipped when the bundle is newer than all its
 * inputs (`npm test` has just built it in its checks): the build costs seconds of CPU.
 */
async function buildFunctions(): Promise<void> {
  const functionsDir = path.join(ROOT, 'functions');
  if (!fs.existsSync(path.join(functionsDir, 'node_modules', 'firebase-functions'))) {
    throw new Error('functions/node_modules is missing: run `npm run setup` first');
  }
  if (functionsBundleIsCurrent(functionsDir)) {
    say('functions/lib is newer than its sources: not rebuilt');
    return;
  }
  const code = await new Promise<number | null>((resolve) =>
    spawn('npm', ['run', '--silent', 'build'], { cwd: functionsDir, stdio: 'inherit' }).once(
      'exit',
      resolve,
    ),
  );
  if (code !== 0) throw new Error('functions/ does not build (see the output above)');
}

/**
 * Stops what a killed earlier run left (leftovers.ts), then fails early, naming each port still
 * taken and, when it can be found out, the process holding it.
 */
async function assertPortsFree(): Promise<void> {
  const unstoppable = await stopLeftovers(RUNS_DIR, say);
  const wanted = Object.entries(PORTS).filter(([name]) => mode !== 'backend' || name !== 'app');
  const busy: string[] = [];
  for (const [name, port] of wanted) {
    if (await portIsFree(HOST, port)) continue;
    const holder = describePortHolder(port);
    busy.push(
      `  port ${port} (${name}) is in use by ${holder ?? 'a process that could not be identified'}` +
        (holder ? `; stop it with: kill ${/^pid (\d+)/.exec(holder)![1]}` : ''),
    );
  }
  if (busy.length > 0 || unstoppable.length > 0) {
    throw new Error(
      [
        'the local backend cannot start:',
        ...busy,
        ...unstoppable.map((line) => `  left by a killed run: ${line}`),
      ].join('\n'),
    );
  }
}

/** Starts firebase-tools; its chatter goes to .local-data/logs/firebase-tools.log. */
async function startAuthAndFunctions(): Promise<FirebaseToolsProcess> {
  const log = fs.createWriteStream(path.join(LOG_DIR, 'firebase-tools.log'));
  let isReady = false;
  const firebaseTools = await startFirebaseTools({
    cwd: ROOT,
    projectId: PROJECT_ID,
    only: ['auth', 'functions'],
    importDir: persist ? path.join(DATA_DIR, 'auth') : undefined,
    exportOnExitDir: persist ? path.join(DATA_DIR, 'auth') : undefined,
    env: emulatorEnv(),
    // Our Database server, so that the Functions emulator registers and receives its triggers.
    database: { host: HOST, port: PORTS.database },
    // One worker process for all functions instead of one per function: a worker takes ~6 s of
    // CPU to start, and the first event of each function waited for its own (docs/performance.md).
    inspectFunctions: true,
    onSpawn: (pid) => runRecord?.add('firebase-tools', pid, true),
    onLine: (line) => {
      log.write(line + '\n');
      // After start-up, show what the functions print and what goes wrong; the start-up banner
      // and the harmless "cannot fetch MOTD/remote config" warning (offline) stay in the log.
      if (isReady && /^\s*(>|⚠|✘|!)|error/i.test(line) && !/MOTD|remote config/.test(line)) {
        say(`[functions] ${line.trim()}`);
      }
    },
  });
  isReady = true;
  running.push({ name: 'firebase-tools', stop: () => firebaseTools.stop().then(() => log.end()) });
  // "All emulators ready" is printed once the ports are open; check anyway, it costs nothing.
  await waitForHttp(`http://${HOST}:${PORTS.auth}/`, { timeoutMs: 10_000 });
  ready('auth', `http://${HOST}:${PORTS.auth}`);
  ready('functions', `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/us-central1/httpsCreateUser`);
  void firebaseTools.exited.then((code) => {
    if (!shuttingDown) {
      console.error(`! firebase-tools exited unexpectedly (code ${code}); stopping`);
      void shutdown().then(() => process.exit(1));
    }
  });
  return firebaseTools;
}

/** Resolves once the server listens (startDatabaseEmulator waits for that). */
async function startDatabase(): Promise<void> {
  const log = openLog('database.log');
  const database = await startDatabaseEmulator({
    host: HOST,
    port: PORTS.database,
    rulesPath: path.join(ROOT, 'database.rules.json'),
    // The durable data directory (journal.ts): its snapshot is the export format the earlier
    // import/export-on-exit wrote here, and acknowledged writes survive a crash or a kill -9.
    dataDir: persist ? path.join(DATA_DIR, 'database') : undefined,
    // Where database trigger events go (registered by the Functions emulator once it runs).
    functionsEmulator: { host: HOST, port: PORTS.functions },
    log: log.write,
  }).catch(async (error: unknown) => {
    await log.close();
    throw error;
  });
  running.push({ name: 'database', stop: () => database.stop().finally(log.close) });
  ready('database', `${database.url}/?ns=${DATABASE_NAMESPACE}`);
}

/** Resolves once the server listens (startStorageEmulator waits for that). */
async function startStorage(): Promise<void> {
  const log = openLog('storage.log');
  const storageDir = path.join(DATA_DIR, 'storage');
  const legacyExport =
    persist && fs.existsSync(path.join(storageDir, 'storage', 'metadata.json'))
      ? path.join(storageDir, 'storage')
      : undefined;
  const storage = await startStorageEmulator({
    host: HOST,
    port: PORTS.storage,
    rulesPath: path.join(ROOT, 'storage.rules'),
    // Resize Images extension settings (firebase.json "extensions"); logos get 200x200 copies.
    resizeConfigPath: path.join(ROOT, 'extensions', 'storage-resize-images.env'),
    // The durable data directory (store.ts): every acknowledged upload survives a kill -9.
    dataDir: persist ? storageDir : undefined,
    // Earlier versions exported to <dir>/storage at exit: imported once into the data directory.
    importDir: legacyExport ? storageDir : undefined,
    log: log.write,
  }).catch(async (error: unknown) => {
    await log.close();
    throw error;
  });
  if (legacyExport) fs.rmSync(legacyExport, { recursive: true, force: true });
  running.push({ name: 'storage', stop: () => storage.stop().finally(log.close) });
  ready('storage', `${storage.url} (bucket ${STORAGE_BUCKET})`);
}

/** Serves the app from source with Vite's dev server (vite.config.ts: 127.0.0.1:5173). */
async function startVite(): Promise<ViteDevServer> {
  const sigtermBefore = new Set(process.listeners('SIGTERM'));
  const stdinEndBefore = new Set(process.stdin.listeners('end'));
  const server = await createServer({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    // .env.test for test runs, .env.development otherwise; both point at the local backend.
    mode: mode === 'exec' ? 'test' : 'development',
    clearScreen: false,
    logLevel: 'warn',
    server: { host: HOST, port: PORTS.app, strictPort: true, open: false },
  });
  // Vite's dev server exits the process by itself on SIGTERM and when stdin ends
  // (setupSIGTERMListener in vite/dist/node): that would skip the data export and orphan
  // firebase-tools. This script owns the process lifecycle and closes Vite in shutdown().
  for (const listener of process.listeners('SIGTERM')) {
    if (!sigtermBefore.has(listener)) process.off('SIGTERM', listener);
  }
  for (const listener of process.stdin.listeners('end')) {
    if (!stdinEndBefore.has(listener)) process.stdin.off('end', listener as () => void);
  }
  await server.listen();
  running.push({ name: 'vite', stop: () => server.close() });
  await waitForHttp(APP_URL, { timeoutMs: 30_000 });
  ready('app', APP_URL);
  return server;
}

/**
 * Appends a service's lines to .local-data/logs/<file> through one stream. `close` flushes and
 * ends it (after the service has stopped, so its export message is kept); later lines are dropped.
 */
function openLog(file: string): { write: (line: string) => void; close: () => Promise<void> } {
  const stream = fs.createWriteStream(path.join(LOG_DIR, file), { flags: 'a' });
  return {
    write: (line) => {
      if (!stream.writableEnded) stream.write(line.endsWith('\n') ? line : line + '\n');
    },
    close: () => new Promise<void>((resolve) => stream.end(() => resolve())),
  };
}

/** Runs the --exec command in its own process group with the emulator env; resolves its code. */
function runCommand(command: string): Promise<number> {
  return new Promise((resolve) => {
    execChild = spawn(command, {
      cwd: ROOT,
      shell: true,
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, ...emulatorEnv(), APP_URL },
    });
    if (execChild.pid) runRecord?.add('--exec command', execChild.pid, true);
    execChild.once('error', (error) => {
      console.error(`! could not run "${command}":`, error);
      resolve(127);
    });
    // A command killed by a signal exits like a shell would report it: 128 + signal number.
    execChild.once('exit', (code, signal) =>
      resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0)),
    );
  });
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  // The seed and anything else in this process use firebase-admin against the local backend.
  Object.assign(process.env, emulatorEnv());
  await assertPortsFree();
  runRecord = new RunRecord(RUNS_DIR);
  watchParent();
  fs.mkdirSync(LOG_DIR, { recursive: true });
  // firebase-tools (after the functions build) takes ~15 s of CPU; our servers start meanwhile.
  // The database listens first: the Functions emulator registers its triggers there as it loads.
  await Promise.all([
    Promise.all([buildFunctions(), startDatabase()]).then(startAuthAndFunctions),
    startStorage(),
  ]);

  if (mode === 'exec' ? values.seed : await databaseIsEmpty()) {
    const counts = await seedDemoData();
    ready('seed', `${counts.students} students, ${counts.tutors} tutors, ${counts.orders} orders`);
  }
  // A test run's browser tests open the run's production build instead of the dev server, whose
  // start and dependency scan would cost the run CPU for nothing.
  if (mode === 'app' || (mode === 'exec' && process.env.E2E_DEV_SERVER === '1')) await startVite();
  say(`Local backend ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);

  if (mode === 'exec') {
    const code = await runCommand(values.exec ?? '');
    await shutdown();
    return code;
  }
  if (mode === 'app') {
    say(`\n  Open ${APP_URL}`);
    for (const { email, password, role } of DEMO_CREDENTIALS) {
      say(`  ${role.padEnd(9)} ${email} / ${password}`);
    }
  }
  say(
    `\nData is kept in ${path.relative(ROOT, DATA_DIR) || DATA_DIR} (logs in its logs/). Ctrl-C stops everything.`,
  );
  return new Promise<number>(() => undefined); // runs until a signal
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(`! ${error instanceof Error ? error.message : String(error)}`);
    await shutdown();
    process.exit(1);
  },
);
