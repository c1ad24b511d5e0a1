/**
 * Runs firebase-tools' own Auth and Functions emulators (plain Node, no Java) as a child process in
 * its own process group, so that stopping it also stops the function worker processes it spawns.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Options for {@link startFirebaseTools}. */
export interface FirebaseToolsOptions {
  /** Project directory holding firebase.json (ports and functions source come from it). */
  cwd: string;
  /** Project id; a `demo-` id keeps firebase-tools offline and login-free. */
  projectId: string;
  /** Emulators to run, e.g. `['auth', 'functions']`. */
  only: string[];
  /** Directory from a previous `--export-on-exit`; ignored when it holds no export. */
  importDir?: string;
  /** Directory to export emulator data to when stopped with SIGINT. */
  exportOnExitDir?: string;
  /**
   * Extra environment for firebase-tools and, through it, for the function processes (the
   * Functions emulator spawns them with its own `process.env`; auth-emulator.md §4).
   */
  env: Record<string, string>;
  /** Receives every output line of firebase-tools, without the trailing newline. */
  onLine: (line: string) => void;
  /** Called with the pid (= process group id) as soon as the process is spawned. */
  onSpawn?: (pid: number) => void;
  /** Give up waiting for "All emulators ready" after this many milliseconds (default 300 000: a busy 2-core machine can take minutes). */
  readyTimeoutMs?: number;
  /**
   * The project's running Database server, registered as firebase-tools' Database emulator
   * (firebase-tools-launcher.cjs) so that the Functions emulator delivers database triggers.
   */
  database?: { host: string; port: number };
  /**
   * Runs the functions in firebase-tools' sequential mode (`--inspect-functions`): one worker
   * process serves every function, with the Node inspector on 127.0.0.1:9229 (or the next free
   * port), and a second one starts only while the first is busy. In the default mode each
   * function gets its own workers, and each worker costs seconds of CPU to start (firebase-tools'
   * runtime and its dependencies compile and load); function timeouts do not apply in this mode.
   */
  inspectFunctions?: boolean;
}

/** A running firebase-tools process. */
export interface FirebaseToolsProcess {
  /** Process id; also the id of its process group. */
  pid: number;
  /** Resolves with the exit code (or null when killed by a signal) when the process ends. */
  exited: Promise<number | null>;
  /**
   * Sends SIGINT to the whole group (firebase-tools then exports data and stops its emulators),
   * waits up to `graceMs` (default 30 000 ms), then SIGKILLs the group. Safe to call twice.
   */
  stop(graceMs?: number): Promise<void>;
}

/** Absolute path of firebase-tools' CLI entry point in node_modules. */
function firebaseCliPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('firebase-tools/package.json')),
    'lib/bin/firebase.js',
  );
}

/** True when `dir` holds a firebase-tools export (its metadata file). */
function hasFirebaseExport(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'firebase-export-metadata.json'));
}

/** Signals a process group, ignoring "no such process" (already gone). */
function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Starts `firebase emulators:start --only <only> --project <projectId>` and resolves once it prints
 * "All emulators ready" (functions loaded, ports open).
 *
 * @throws Error when the process exits or times out before it is ready (the group is killed).
 */
export async function startFirebaseTools(
  options: FirebaseToolsOptions,
): Promise<FirebaseToolsProcess> {
  // With a database, the CLI runs through the launcher that registers it (see that file).
  const launcher = fileURLToPath(new URL('./firebase-tools-launcher.cjs', import.meta.url));
  const args = [
    options.database ? launcher : firebaseCliPath(),
    'emulators:start',
    '--only',
    options.only.join(','),
    '--project',
    options.projectId,
  ];
  if (options.importDir && hasFirebaseExport(options.importDir)) {
    args.push('--import', options.importDir);
  }
  if (options.exportOnExitDir) args.push('--export-on-exit', options.exportOnExitDir);
  if (options.inspectFunctions) args.push('--inspect-functions');

  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.cwd,
    // A new process group: Ctrl-C in the terminal reaches only us, and we stop the group as a whole.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...options.env,
      ...(options.database
        ? { LOCAL_DATABASE_EMULATOR: `${options.database.host}:${options.database.port}` }
        : {}),
      // No update check or colour codes: keeps the run offline and the log readable.
      NO_UPDATE_NOTIFIER: '1',
      FORCE_COLOR: '0',
      // Loading the functions runs `npm show firebase-functions` synchronously (a version advice)
      // and blocks the Functions emulator until it answers or times out after 10 s; offline, npm
      // answers from its cache at once.
      npm_config_offline: 'true',
      // Loading the functions to find their triggers may take 10 s (firebase-tools' default) on
      // a busy 2-core machine; past it the emulator runs no function at all. Seconds.
      FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '60',
    },
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('firebase-tools could not be spawned');
  options.onSpawn?.(pid);

  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  // Last resort against orphans: if this process ends without stop() (a crash, process.exit
  // elsewhere), take the group down with it. 'exit' handlers must be synchronous; kill is.
  const killOnExit = () => killGroup(pid, 'SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  let ready = false;
  let resolveReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));
  const onData = (stream: NodeJS.ReadableStream) => {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        options.onLine(line);
        if (!ready && line.includes('All emulators ready')) {
          ready = true;
          resolveReady();
        }
      }
    });
  };
  if (child.stdout) onData(child.stdout);
  if (child.stderr) onData(child.stderr);

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 30_000): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(pid, 'SIGINT');
      const timer = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), graceMs).unref(),
      );
      if ((await Promise.race([exited, timer])) === 'timeout') killGroup(pid, 'SIGKILL');
      await exited;
      // Function workers share the group; make sure none outlives firebase-tools.
      killGroup(pid, 'SIGKILL');
    })();
    return stopping;
  };

  const timeoutMs = options.readyTimeoutMs ?? 300_000;
  const outcome = await Promise.race([
    readyPromise.then(() => 'ready' as const),
    exited.then(() => 'exited' as const),
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref()),
  ]);
  if (outcome !== 'ready') {
    await stop(5_000);
    throw new Error(
      outcome === 'exited'
        ? 'firebase-tools exited before the emulators were ready (see its log above)'
        : `firebase-tools was not ready within ${timeoutMs / 1000} s`,
    );
  }
  return { pid, exited, stop };
}
