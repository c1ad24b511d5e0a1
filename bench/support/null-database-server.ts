/**
 * The floor of bench/database.ts: a realtime-protocol server that keeps no data. It accepts
 * WebSockets on the same HTTP + `ws` stack as emulators/database (same `ws` options, the same
 * transport that sends every frame of an event-loop turn in one writev), parses every frame, and
 * answers each request at once without a tree, rules or listens: `g` gets a fixed small value, `q`
 * a push of that value then `ok`, every other action `ok`. The server's CPU time per operation
 * is then what the sockets, framing and JSON cost; the emulator's figure over it is what its
 * tree, rules, subscriptions and journal add.
 *
 * With `--data-dir DIR`, every write request (`p`, `m`) is durable as the emulator's journal
 * makes it (emulators/database/journal.ts): the raw request texts of one event-loop turn are
 * appended to `DIR/null.log` with one write and one fdatasync, and the `ok`s wait for it.
 *
 * Run: `node --import tsx bench/support/null-database-server.ts --port 0 [--data-dir DIR]`;
 * prints `ready on http://127.0.0.1:<port>` and stops on SIGTERM or SIGINT.
 */
import { mkdirSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { MAX_FRAME_BYTES } from '../../emulators/database/protocol/frames.js';
import { wsTransport } from '../../emulators/database/server.js';

/** The value every read gets: about the size of one child of the bench's read fixture. */
const VALUE = '{"v":0}';

/**
 * Group commit of raw request texts, as the emulator's journal does it: what arrives while a
 * write + fdatasync is running waits and goes in the next one, together.
 */
class RawJournal {
  private pending: string[] = [];
  private waiters: Array<() => void> = [];
  private busy = false;

  constructor(private readonly fh: FileHandle) {}

  /** Appends `text`; `then` runs once it is fsynced. */
  append(text: string, then: () => void): void {
    if (this.pending.length === 0 && !this.busy) setImmediate(() => void this.flush());
    this.pending.push(text + '\n');
    this.waiters.push(then);
  }

  private async flush(): Promise<void> {
    this.busy = true;
    while (this.pending.length) {
      const text = this.pending.join('');
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      await this.fh.write(text);
      await this.fh.datasync();
      for (const w of waiters) w();
    }
    this.busy = false;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dataDir = option('--data-dir');
  let journal: RawJournal | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    journal = new RawJournal(await open(join(dataDir, 'null.log'), 'a'));
  }

  const http = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
  });
  let sessions = 0;
  http.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      const transport = wsTransport(ws, req.socket);
      const respond = (r: number, d: string): void =>
        transport.send(`{"t":"d","d":{"r":${r},"b":{"s":"ok","d":${d}}}}`);
      transport.send(
        JSON.stringify({
          t: 'c',
          d: { t: 'h', d: { ts: Date.now(), v: '5', h: req.headers.host, s: `s${++sessions}` } },
        }),
      );
      ws.on('message', (data) => {
        const text = String(data);
        if (text.length <= 6 && /^\d+$/.test(text)) return; // keep-alive (no split messages here)
        const msg = JSON.parse(text) as {
          t?: string;
          d?: { t?: string; r?: number; a?: string; b?: { p?: string } };
        };
        const d = msg.d;
        if (!d) return;
        if (msg.t === 'c') {
          if (d.t === 'p') transport.send('{"t":"c","d":{"t":"o","d":{}}}');
          return;
        }
        if (typeof d.r !== 'number') return;
        const r = d.r;
        switch (d.a) {
          case 'g':
            return respond(r, VALUE);
          case 'q':
          case 'l': {
            const path = JSON.stringify(String(d.b?.p ?? '').replace(/^\/+/, ''));
            transport.send(`{"t":"d","d":{"a":"d","b":{"p":${path},"d":${VALUE}}}}`);
            return respond(r, '{}');
          }
          case 'p':
          case 'm':
            if (journal) return journal.append(text, () => respond(r, '""'));
            return respond(r, '""');
          default:
            return respond(r, '""');
        }
      });
    });
  });
  await new Promise<void>((resolve) =>
    http.listen(Number(option('--port') ?? 0), '127.0.0.1', resolve),
  );
  console.log(
    `null database server ready on http://127.0.0.1:${(http.address() as AddressInfo).port}`,
  );
  const stop = (): void => {
    for (const ws of wss.clients) ws.terminate();
    http.close(() => process.exit(0));
    http.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

await main();
