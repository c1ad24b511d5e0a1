import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  getBytes,
  getDownloadURL,
  getMetadata,
  ref,
  uploadBytes,
  uploadBytesResumable,
} from 'firebase/storage';
import { startStorageEmulator } from './index';
import { BUCKET, startTestEmulator, webClient, writeRules } from './testing/support';

const RULES = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if request.auth != null; } } }`;

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'storage-export-'));
const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('persistence', () => {
  it('round-trips bytes, metadata and download tokens through export-on-exit and import', async () => {
    const dir = tempDir();
    const { emulator: first } = await startTestEmulator(RULES, {
      exportOnExitDir: dir,
      resizeConfigPath: '/nonexistent.env',
    });
    const client = webClient(first, { user_id: 'u1' });
    const big = new Uint8Array(700 * 1024).map((_, i) => i % 251);
    await uploadBytes(ref(client.storage, 'a/one.txt'), new TextEncoder().encode('one'), {
      contentType: 'text/plain',
      customMetadata: { k: 'v' },
    });
    await uploadBytesResumable(ref(client.storage, 'b/big.bin'), big);
    const before = await getMetadata(ref(client.storage, 'a/one.txt'));
    const url = await getDownloadURL(ref(client.storage, 'a/one.txt'));
    await client.close();
    await first.stop();
    expect(readdirSync(dir)).toEqual(['storage']);

    const { emulator: second } = await startTestEmulator(RULES, {
      importDir: dir,
      resizeConfigPath: '/nonexistent.env',
    });
    cleanups.push(() => second.stop());
    const again = webClient(second, { user_id: 'u1' });
    cleanups.push(() => again.close());
    const after = await getMetadata(ref(again.storage, 'a/one.txt'));
    expect(after).toMatchObject({
      generation: before.generation,
      md5Hash: before.md5Hash,
      contentType: 'text/plain',
      customMetadata: { k: 'v' },
      timeCreated: before.timeCreated,
    });
    expect(
      Buffer.from(await getBytes(ref(again.storage, 'b/big.bin'))).equals(Buffer.from(big)),
    ).toBe(true);
    const token = new URL(url).searchParams.get('token');
    const response = await fetch(
      `${second.url}/v0/b/${BUCKET}/o/a%2Fone.txt?alt=media&token=${token}`,
    );
    expect(await response.text()).toBe('one');
  });

  it('replaces an earlier export atomically, leaving no staging folders', async () => {
    const dir = tempDir();
    const { emulator } = await startTestEmulator(RULES, { resizeConfigPath: '/nonexistent.env' });
    const client = webClient(emulator, { user_id: 'u1' });
    await uploadBytes(ref(client.storage, 'x.txt'), new TextEncoder().encode('v1'));
    await emulator.exportTo(dir);
    await uploadBytes(ref(client.storage, 'x.txt'), new TextEncoder().encode('version 2'));
    await emulator.exportTo(dir);
    await client.close();
    await emulator.stop();
    expect(readdirSync(dir)).toEqual(['storage']);
    expect(readdirSync(join(dir, 'storage', 'blobs'))).toHaveLength(1);

    const { emulator: loaded } = await startTestEmulator(RULES, {
      importDir: dir,
      resizeConfigPath: '/nonexistent.env',
    });
    const reader = webClient(loaded, { user_id: 'u1' });
    expect(new TextDecoder().decode(await getBytes(ref(reader.storage, 'x.txt')))).toBe(
      'version 2',
    );
    await reader.close();
    await loaded.stop();
  });

  it('refuses a corrupt export and starts empty from a missing one', async () => {
    const corrupt = tempDir();
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(corrupt, 'storage'));
    writeFileSync(join(corrupt, 'storage', 'metadata.json'), '{"version": 99, "objects": []}');
    await expect(
      startStorageEmulator({
        port: 0,
        importDir: corrupt,
        rulesPath: writeRules(RULES),
        log: () => undefined,
      }),
    ).rejects.toThrow(/not a version 1/);
    const empty = await startStorageEmulator({
      port: 0,
      importDir: join(tempDir(), 'missing'),
      rulesPath: writeRules(RULES),
      log: () => undefined,
    });
    expect(
      (await fetch(`${empty.url}/v0/b/${BUCKET}/o?prefix=`, {
        headers: { Authorization: 'Firebase owner' },
      }).then((r) => r.json())) as unknown,
    ).toEqual({ prefixes: [], items: [] });
    await empty.stop();
  });
});

/** Runs the CLI as `npm run emulator:storage` does (tsx) and resolves with its ready URL. */
function runCli(
  args: string[],
): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: string[] }> {
  const child = spawn(join('node_modules', '.bin', 'tsx'), ['emulators/storage/cli.ts', ...args], {
    cwd: join(import.meta.dirname, '../..'),
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output.push(text);
      const match = /ready on (http:\/\/\S+)/.exec(text);
      if (match) resolve({ child, url: match[1]!, output });
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => output.push(text));
    child.on('exit', (code) => reject(new Error(`CLI exited with ${code}: ${output.join('')}`)));
  });
}

const exitCode = (child: ChildProcessWithoutNullStreams): Promise<number | null> =>
  new Promise((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code)),
  );

describe('CLI', () => {
  it('prints the ready line, stops cleanly on SIGINT exporting its data, and imports it again', async () => {
    const dir = tempDir();
    const rules = writeRules(RULES);
    const { child, url } = await runCli(['--port', '0', '--rules', rules, '--export-on-exit', dir]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const upload = await fetch(`${url}/v0/b/${BUCKET}/o?name=cli.txt`, {
      method: 'POST',
      headers: { Authorization: 'Firebase owner', 'Content-Type': 'text/plain' },
      body: 'from cli',
    });
    expect(upload.status).toBe(200);
    child.kill('SIGINT');
    expect(await exitCode(child)).toBe(0);
    expect(readdirSync(dir)).toEqual(['storage']);

    const second = await runCli(['--port', '0', '--rules', rules, '--import', dir]);
    const media = await fetch(`${second.url}/v0/b/${BUCKET}/o/cli.txt?alt=media`, {
      headers: { Authorization: 'Firebase owner' },
    });
    expect(await media.text()).toBe('from cli');
    second.child.kill('SIGTERM');
    expect(await exitCode(second.child)).toBe(0);
  });

  it('exits 1 on bad arguments', async () => {
    const child = spawn(
      join('node_modules', '.bin', 'tsx'),
      ['emulators/storage/cli.ts', '--port', 'abc'],
      { cwd: join(import.meta.dirname, '../..') },
    );
    expect(await exitCode(child as ChildProcessWithoutNullStreams)).toBe(1);
  });
});
