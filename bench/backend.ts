/**
 * Cold start of the whole local backend: from spawning `tsx emulators/start.ts --exec` (fresh,
 * empty data; functions build, firebase-tools Auth + Functions, Database, Storage, Vite) until it
 * prints "Local backend ready", with the moment each service's ready line appeared, and the time
 * it takes to stop. Figures in seconds; never fails for slowness.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST, PORTS } from '../emulators/config';
import { portIsFree } from '../emulators/wait';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Result of {@link measureBackendColdStart}; all durations in seconds. */
export interface BackendColdStart {
  /** Spawn to "Local backend ready". */
  readySeconds: number;
  /** Spawn to each service's ready line (`database`, `storage`, `auth`, `functions`, `app`). */
  services: Record<string, number>;
  /** "Local backend ready" to the process exit (the exec'd command is a no-op). */
  stopSeconds: number;
}

/**
 * Starts and stops the backend once and times it.
 *
 * @throws Error when the standard ports are taken or the backend exits with a non-zero code.
 */
export async function measureBackendColdStart(): Promise<BackendColdStart> {
  for (const [name, port] of Object.entries(PORTS)) {
    if (!(await portIsFree(HOST, port))) throw new Error(`port ${port} (${name}) is in use`);
  }
  const tsx = path.join(
    path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist/cli.mjs',
  );
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const child = spawn(process.execPath, [tsx, 'emulators/start.ts', '--exec', 'node -e 0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const services: Record<string, number> = {};
  let readySeconds = Number.NaN;
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    for (const line of chunk.split('\n')) {
      const service = /^✔ (\S+)/.exec(line)?.[1];
      if (service) services[service] = seconds();
      if (line.startsWith('Local backend ready')) readySeconds = seconds();
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0 || Number.isNaN(readySeconds)) {
    throw new Error(`backend exited with code ${code}:\n${output.slice(-2000)}`);
  }
  return {
    readySeconds,
    services,
    stopSeconds: Math.round((seconds() - readySeconds) * 1000) / 1000,
  };
}

/** `npm run bench` entry: prints the cold-start figures (or why they could not be taken). */
export async function runBackendBench(): Promise<void> {
  console.log('\n## Local backend cold start (emulators/start.ts --exec, empty data)');
  try {
    const result = await measureBackendColdStart();
    console.log(`  ready: ${result.readySeconds.toFixed(1)} s after spawn`);
    for (const [service, at] of Object.entries(result.services)) {
      console.log(`    ${service.padEnd(9)} ready at ${at.toFixed(1)} s`);
    }
    console.log(`  stop: ${result.stopSeconds.toFixed(1)} s`);
  } catch (error) {
    console.log(`  skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}
