/**
 * Storage emulator benchmark: upload/download throughput for 1 MB and 20 MB objects
 * (raw HTTP and the web SDK), resident memory of the server during a streamed 20 MB upload, time
 * to resize a 2000x2000 JPEG, and time to ready. Prints figures next to the targets;
 * never fails on a slow machine.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectStorageEmulator,
  getBytes,
  getStorage,
  ref,
  uploadBytes,
  uploadBytesResumable,
} from 'firebase/storage';
import sharp from 'sharp';
import { startStorageEmulator } from '../emulators/storage/index';

const ROOT = join(fileURLToPath(import.meta.url), '../..');
const BUCKET = 'demo-tuition.appspot.com';
const MB = 1024 * 1024;
const OPEN_RULES = join(ROOT, 'bench', '.storage-bench.rules');

const fmt = (n: number, digits = 0): string => n.toFixed(digits);
const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED');

/** Resident set size of a process in bytes (Linux /proc), or undefined elsewhere. */
function rssOf(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the CLI in its own Node process (no tsx relay), resolving with URL, pid and time to ready. */
async function startServerProcess(): Promise<{
  url: string;
  pid: number;
  readyMs: number;
  stop: () => Promise<void>;
}> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'emulators/storage/cli.ts', '--port', '0', '--rules', OPEN_RULES],
    { cwd: ROOT },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const match = /ready on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`storage CLI exited with ${code}: ${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    readyMs: performance.now() - started,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/** Raw upload: body streamed in 64 KiB writes, as a browser or SDK would send it. */
function rawUpload(url: string, name: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: {
        Authorization: 'Firebase owner',
        'Content-Type': 'application/octet-stream',
        'Content-Length': data.length,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`upload ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    let offset = 0;
    const pump = (): void => {
      while (offset < data.length) {
        const chunk = data.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/** Raw download with node:http (undici's fetch body iteration is the slower side on loopback). */
function rawDownload(url: string, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}?alt=media`,
      { headers: { Authorization: 'Firebase owner' } },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.length));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(size) : reject(new Error(`download ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Best of `runs` timings in ms. */
async function best(runs: number, fn: () => Promise<unknown>): Promise<number> {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

export async function runStorageBench(): Promise<void> {
  const { writeFileSync, rmSync } = await import('node:fs');
  writeFileSync(
    OPEN_RULES,
    "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if true; } } }\n",
  );
  console.log('\n== Storage emulator ==');
  try {
    // Ready time, in-process (what tests and emulators/start pay) and as a separate CLI process.
    const t0 = performance.now();
    const serverLog: string[] = [];
    const inProcess = await startStorageEmulator({
      port: 0,
      rulesPath: OPEN_RULES,
      log: (line) => serverLog.push(line),
    });
    const inProcessReady = performance.now() - t0;

    const server = await startServerProcess();
    console.log(
      `ready: startStorageEmulator ${fmt(inProcessReady)} ms; CLI process (node + tsx) ${fmt(server.readyMs)} ms  [target < 1000 ms: ${verdict(server.readyMs < 1000)}]`,
    );

    for (const size of [1 * MB, 20 * MB]) {
      const data = Buffer.alloc(size);
      for (let i = 0; i < size; i += 4096) data[i] = i & 0xff;
      const name = `bench/raw-${size}.bin`;
      const up = await best(5, () => rawUpload(server.url, name, data));
      const down = await best(5, () => rawDownload(server.url, name));
      const upRate = size / MB / (up / 1000);
      const downRate = size / MB / (down / 1000);
      const target =
        size === 20 * MB
          ? `  [target > 100 MB/s: up ${verdict(upRate > 100)}, down ${verdict(downRate > 100)}]`
          : '';
      console.log(
        `raw HTTP ${size / MB} MB: upload ${fmt(upRate)} MB/s (${fmt(up)} ms), download ${fmt(downRate)} MB/s (${fmt(down)} ms)${target}`,
      );
    }

    // Same sizes through the web SDK (multipart for uploadBytes, chunked resumable for uploadBytesResumable).
    const app = initializeApp(
      { projectId: 'demo-tuition', apiKey: 'fake', storageBucket: BUCKET },
      'storage-bench',
    );
    const storage = getStorage(app);
    const { port, hostname } = new URL(server.url);
    connectStorageEmulator(storage, hostname, Number(port), {
      mockUserToken: { user_id: 'bench' },
    });
    for (const size of [1 * MB, 20 * MB]) {
      const data = new Uint8Array(size);
      const multipart = await best(2, () =>
        uploadBytes(ref(storage, `bench/sdk-${size}.bin`), data),
      );
      const resumable = await best(2, () =>
        uploadBytesResumable(ref(storage, `bench/sdk-r-${size}.bin`), data).then(() => undefined),
      );
      const down = await best(2, () => getBytes(ref(storage, `bench/sdk-${size}.bin`)));
      const rate = (ms: number): string => fmt(size / MB / (ms / 1000));
      console.log(
        `web SDK ${size / MB} MB: uploadBytes ${rate(multipart)} MB/s, uploadBytesResumable ${rate(resumable)} MB/s, getBytes ${rate(down)} MB/s`,
      );
    }
    await deleteApp(app);

    // Server memory during a streamed 20 MB upload (separate process, so the client's buffer does not count).
    const data = Buffer.alloc(20 * MB, 1);
    await rawUpload(server.url, 'bench/warmup.bin', data);
    const baseline = rssOf(server.pid);
    if (baseline === undefined) {
      console.log('memory: /proc not available on this platform; skipped');
    } else {
      let peak = baseline;
      const timer = setInterval(() => (peak = Math.max(peak, rssOf(server.pid) ?? peak)), 2);
      await rawUpload(server.url, 'bench/memory.bin', data);
      clearInterval(timer);
      const growth = (peak - baseline) / MB;
      console.log(
        `memory: server RSS ${fmt(baseline / MB)} MB before, peak +${fmt(growth, 1)} MB during a 20 MB upload  [target < 30 MB: ${verdict(growth < 30)}]`,
      );
    }
    await server.stop();

    // Resize: a 2000x2000 JPEG; the resizer logs the time from reading the original to the
    // 200x200 copy being stored (decode, resize, encode, write).
    const jpeg = await sharp({
      create: { width: 2000, height: 2000, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${inProcess.url}/v0/b/${BUCKET}/o?name=logos%2Fimg-${i}.jpg`, {
        method: 'POST',
        headers: { Authorization: 'Firebase owner', 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(jpeg),
      });
      if (response.status !== 200) throw new Error(`image upload ${response.status}`);
      await inProcess.whenIdle();
    }
    const resizeTimes = serverLog
      .flatMap((line) => /Resize Images: .* in (\d+) ms/.exec(line)?.[1] ?? [])
      .map(Number);
    const median =
      [...resizeTimes].sort((a, b) => a - b)[Math.floor(resizeTimes.length / 2)] ?? NaN;
    console.log(
      `resize 2000x2000 JPEG → 200x200: median ${fmt(median)} ms (runs ${resizeTimes.map((t) => fmt(t)).join(', ')})  [target < 150 ms: ${verdict(median < 150)}]`,
    );
    await inProcess.stop();
  } finally {
    rmSync(OPEN_RULES, { force: true });
  }
}

// Run directly: `npx tsx bench/storage.ts`.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runStorageBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 0; // a benchmark never fails the build
  });
}
