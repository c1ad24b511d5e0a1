/** Import/export round trip, atomic export files, and the CLI (ready line, signals, export on exit). */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { get, ref, set, setWithPriority } from 'firebase/database';
import { startDatabaseEmulator } from './index.js';
import {
  deleteClients,
  spawnCli,
  startTestServer,
  tempDir,
  waitFor,
  webClient,
  writeRules,
} from './testing.js';

afterAll(async () => {
  await deleteClients();
});

describe('import / export', () => {
  it('round-trips every namespace with priorities through export-on-exit and import', async () => {
    const dir = tempDir('rtdb-export-');
    const first = await startTestServer(undefined, { exportOnExitDir: dir });
    const a = webClient(first, { ns: 'alpha' });
    const b = webClient(first, { ns: 'beta' });
    await set(ref(a, 'users/u1'), { name: 'Ann', tags: ['x', 'y'] });
    await setWithPriority(ref(a, 'ordered'), 'p', 7);
    await set(ref(b, 'x'), 1);
    await first.stop();
    expect(readdirSync(dir).sort()).toEqual(['alpha.json', 'beta.json']);
    expect(JSON.parse(readFileSync(join(dir, 'alpha.json'), 'utf8'))).toEqual({
      users: { u1: { name: 'Ann', tags: { 0: 'x', 1: 'y' } } },
      ordered: { '.value': 'p', '.priority': 7 },
    });
    const second = await startTestServer(undefined, { importDir: dir });
    try {
      const a2 = webClient(second, { ns: 'alpha' });
      expect((await get(ref(a2, 'users/u1'))).val()).toEqual({ name: 'Ann', tags: ['x', 'y'] });
      expect((await get(ref(a2, 'ordered'))).exportVal()).toEqual({
        '.value': 'p',
        '.priority': 7,
      });
      expect((await get(ref(webClient(second, { ns: 'beta' }), 'x'))).val()).toBe(1);
      // exportTo writes via temp file + rename: no temp files are left behind.
      const again = tempDir('rtdb-export2-');
      await second.exportTo(again);
      expect(readdirSync(again).sort()).toEqual(['alpha.json', 'beta.json']);
    } finally {
      await second.stop();
    }
  });

  it('clear() empties one namespace or all of them', async () => {
    const emu = await startTestServer();
    try {
      const a = webClient(emu, { ns: 'c1' });
      const b = webClient(emu, { ns: 'c2' });
      await set(ref(a, 'v'), 1);
      await set(ref(b, 'v'), 2);
      emu.clear('c1');
      expect((await get(ref(a, 'v'))).val()).toBeNull();
      expect((await get(ref(b, 'v'))).val()).toBe(2);
      emu.clear();
      expect((await get(ref(b, 'v'))).val()).toBeNull();
    } finally {
      await emu.stop();
    }
  });

  it('refuses to start on an invalid import file, naming it', async () => {
    const dir = tempDir('rtdb-badimport-');
    writeFileSync(join(dir, 'bad.json'), '{"a": ');
    await expect(
      startDatabaseEmulator({ port: 0, importDir: dir, rulesPath: writeRules({ rules: {} }) }),
    ).rejects.toThrow(/bad\.json/);
  });
});

describe('CLI', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });

  function startCli(args: string[]): ReturnType<typeof spawnCli> {
    const run = spawnCli(args);
    children.push(run.child);
    return run;
  }

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints one ready line with the URL, serves, and on %s stops cleanly writing the export',
    async (signal) => {
      const exportDir = tempDir('rtdb-cli-export-');
      const rules = writeRules({ rules: { '.read': true, '.write': true } });
      const { child, output } = startCli([
        '--port',
        '0',
        '--rules',
        rules,
        '--export-on-exit',
        exportDir,
      ]);
      await waitFor(
        () => /ready on http:\/\/127\.0\.0\.1:\d+/.test(output()),
        'ready line',
        20_000,
      );
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output())![1]!;
      expect(
        output()
          .split('\n')
          .filter((l) => l.includes('ready')),
      ).toHaveLength(1);
      const put = await fetch(`${url}/x.json?ns=cli`, { method: 'PUT', body: '"saved"' });
      expect(put.status).toBe(200);
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(JSON.parse(readFileSync(join(exportDir, 'cli.json'), 'utf8'))).toEqual({ x: 'saved' });
    },
    30_000,
  );

  it('rejects unknown options with a usage message and exit code 2', async () => {
    const { child, cwd, output } = startCli(['--bogus']);
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(2);
    expect(output()).toMatch(/Unknown option --bogus[\s\S]*Usage/);
    // It exits before starting: nothing is written to its working directory.
    expect(readdirSync(cwd)).toEqual([]);
  }, 20_000);
});
