/**
 * Durable data directory: acknowledged writes survive SIGKILL (journal fsynced before the
 * acknowledgement, replayed at start), a clean stop compacts into the export-format snapshot,
 * and a torn journal tail is ignored.
 */
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { get, ref, set, update } from 'firebase/database';
import {
  cliUrl,
  deleteClients,
  spawnCli,
  startTestServer,
  tempDir,
  webClient,
  writeRules,
} from './testing.js';

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await deleteClients();
});

function startCli(args: string[]): ReturnType<typeof spawnCli> {
  const run = spawnCli(args);
  children.push(run.child);
  return run;
}

const OPEN = writeRules({ rules: { '.read': true, '.write': true } });

describe('data directory', () => {
  it('keeps every acknowledged write of 1,000 through SIGKILL', async () => {
    const dataDir = tempDir('rtdb-journal-');
    const first = startCli(['--port', '0', '--rules', OPEN, '--data-dir', dataDir]);
    const url = await cliUrl(first.output);
    const exited = new Promise<void>((r) => first.child.on('exit', () => r()));
    const acked = new Set<number>();
    let next = 0;
    let killed = false;
    // 20 writers in parallel; the process is killed once 600 writes are acknowledged, with
    // others in flight.
    const writer = async (): Promise<void> => {
      while (next < 1000) {
        const i = next++;
        try {
          const res = await fetch(`${url}/w/k${i}.json?ns=durable`, {
            method: 'PUT',
            body: JSON.stringify({ i, at: { '.sv': 'timestamp' } }),
          });
          if (res.status === 200) {
            await res.arrayBuffer();
            if (!killed) acked.add(i);
          }
        } catch {
          // Refused or reset by the kill: not acknowledged.
        }
        if (acked.size >= 600 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, writer));
    await exited;
    expect(killed).toBe(true);
    expect(acked.size).toBeGreaterThanOrEqual(600);

    const second = startCli(['--port', '0', '--rules', OPEN, '--data-dir', dataDir]);
    const url2 = await cliUrl(second.output);
    const data = (await (await fetch(`${url2}/w.json?ns=durable`)).json()) as Record<
      string,
      { i: number; at: number }
    >;
    const missing = [...acked].filter((i) => data[`k${i}`]?.i !== i);
    expect(missing).toEqual([]);
    // Values are stored resolved (server timestamp), not re-resolved at replay.
    expect(typeof data[`k${[...acked][0]}`]!.at).toBe('number');
    second.child.kill('SIGKILL');
  }, 60_000);

  it('a clean stop compacts into the snapshot; a restart serves it', async () => {
    const dataDir = tempDir('rtdb-journal-');
    const emu = await startTestServer(undefined, { dataDir });
    const db = webClient(emu, { ns: 'snap' });
    await set(ref(db, 'a'), { b: 1, c: [1, 2] });
    await update(ref(db, 'a'), { b: 2, 'd/e': true });
    await set(ref(db, 'gone'), 'x');
    await set(ref(db, 'gone'), null);
    emu.clear('other');
    await emu.stop();
    expect(JSON.parse(readFileSync(join(dataDir, 'snap.json'), 'utf8'))).toEqual({
      a: { b: 2, c: { 0: 1, 1: 2 }, d: { e: true } },
    });
    const journals = readdirSync(dataDir).filter((n) => n.startsWith('journal-'));
    expect(journals).toHaveLength(1);
    expect(readFileSync(join(dataDir, journals[0]!), 'utf8')).toBe('');

    const again = await startTestServer(undefined, { dataDir });
    try {
      const db2 = webClient(again, { ns: 'snap' });
      expect((await get(ref(db2, 'a'))).val()).toEqual({ b: 2, c: [1, 2], d: { e: true } });
    } finally {
      await again.stop();
    }
  });

  it('compacts a journal once it is larger than the last snapshot, not every 16 MiB', async () => {
    const dataDir = tempDir('rtdb-journal-');
    const emu = await startTestServer(undefined, { dataDir });
    const seq = () => Number(readFileSync(join(dataDir, 'journal.seq'), 'utf8'));
    /** `count` children of 1 MB each, keyed from `from`. */
    const megabytes = (from: number, count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, i) => [`m${from + i}`, String(from + i).padEnd(1e6)]),
      );
    const patch = async (body: object) => {
      const res = await fetch(`${emu.url}/big.json?ns=compact&print=silent`, {
        method: 'PATCH',
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(204);
    };
    try {
      const started = seq();
      // 20 MB: past 16 MiB, so a compaction writes a 20 MB snapshot.
      await patch(megabytes(0, 20));
      await expect.poll(seq, { timeout: 20_000 }).toBe(started + 1);
      // 17 MB more: past 16 MiB but not past the snapshot's 20 MB; then 4 MB: past it.
      await patch(megabytes(20, 17));
      await patch(megabytes(37, 4));
      await expect.poll(seq, { timeout: 20_000 }).toBe(started + 2);
      // The one compaction since the first holds both writes.
      const snapshot = JSON.parse(readFileSync(join(dataDir, 'compact.json'), 'utf8')) as {
        big: Record<string, string>;
      };
      expect(Object.keys(snapshot.big)).toHaveLength(41);
    } finally {
      await emu.stop();
    }
  }, 60_000);

  it('replays the journal over the snapshot and ignores a torn last line', async () => {
    const dataDir = tempDir('rtdb-journal-');
    writeFileSync(join(dataDir, 'torn.json'), JSON.stringify({ base: 1 }));
    writeFileSync(join(dataDir, 'journal.seq'), '3');
    // An older journal (already in the snapshot) is not replayed.
    writeFileSync(join(dataDir, 'journal-2.log'), JSON.stringify({ ns: 'torn', w: [[[], null]] }));
    writeFileSync(
      join(dataDir, 'journal-3.log'),
      JSON.stringify({ ns: 'torn', w: [[['x'], { '.value': 5, '.priority': 2 }]] }) + '\n',
    );
    appendFileSync(join(dataDir, 'journal-3.log'), '{"ns":"torn","w":[[["y"],');
    const emu = await startTestServer(undefined, { dataDir });
    try {
      const res = await fetch(`${emu.url}/.json?ns=torn&format=export`);
      expect(await res.json()).toEqual({ base: 1, x: { '.value': 5, '.priority': 2 } });
      // Started from a fresh snapshot and journal; the older files are gone.
      expect(readdirSync(dataDir).sort()).toEqual(['journal-4.log', 'journal.seq', 'torn.json']);
    } finally {
      await emu.stop();
    }
  });
});
