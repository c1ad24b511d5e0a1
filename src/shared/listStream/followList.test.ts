/**
 * followList against a stand-in server that sends what production sends and the local backend
 * does not (an expired token's `auth_revoked`, a `cancel`, a stream that ends): the events of
 * the REST streaming documentation (https://firebase.google.com/docs/reference/rest/database).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { followList, type ListStreamError } from './followList';
import type { RowChanges } from './eventStream';

let server: Server | undefined;

/** Stops the stand-in server and drops the streams still open. */
async function stopServer(): Promise<void> {
  const closed = new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server?.closeAllConnections();
  await closed;
  server = undefined;
}

afterEach(stopServer);

/**
 * A server whose n-th streaming request (0-based) is answered by `respond(n, res, auth)`; resolves
 * with its URL.
 */
async function serve(
  respond: (n: number, res: ServerResponse, auth: string | null) => void,
): Promise<string> {
  let n = 0;
  server = createServer((req, res) => {
    const auth = new URL(req.url ?? '/', 'http://x').searchParams.get('auth');
    respond(n++, res, auth);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/lists/students.json`;
}

function stream(res: ServerResponse, ...events: [string, unknown][]): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  for (const [name, data] of events) res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Follows `url` with tokens t0, t1…; records changes and errors until `stop`. */
function follow(url: string) {
  const changes: (RowChanges & { initial: boolean })[] = [];
  const errors: ListStreamError[] = [];
  const controller = new AbortController();
  let tokens = 0;
  const done = followList({
    url,
    idToken: async () => `t${tokens++}`,
    onChanges: (change) => changes.push(change),
    onError: (error) => errors.push(error),
    signal: controller.signal,
    retryDelayMs: () => 10,
  });
  return { changes, errors, done, stop: () => controller.abort() };
}

describe('followList', () => {
  it('reconnects with a fresh token after auth_revoked, and reports only what differs', async () => {
    const tokensSeen: (string | null)[] = [];
    const url = await serve((n, res, auth) => {
      tokensSeen.push(auth);
      if (n === 0)
        stream(
          res,
          ['put', { path: '/', data: { a: { name: 'A' }, b: { name: 'B' } } }],
          ['auth_revoked', 'credential is no longer valid'],
        );
      else stream(res, ['put', { path: '/', data: { a: { name: 'A' }, b: { name: 'B2' } } }]);
    });
    const f = follow(url);
    await expect.poll(() => f.changes.length).toBe(2);
    f.stop();
    await f.done;
    expect(tokensSeen).toEqual(['t0', 't1']);
    expect(f.changes).toEqual([
      {
        initial: true,
        upserts: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
        removals: [],
      },
      { initial: false, upserts: [{ id: 'b', name: 'B2' }], removals: [] },
    ]);
    expect(f.errors).toEqual([]);
  });

  it('reconnects when the stream ends', async () => {
    const url = await serve((n, res) => {
      stream(res, ['put', { path: '/', data: { a: { n } } }]);
      res.end();
    });
    const f = follow(url);
    await expect.poll(() => f.changes.length).toBeGreaterThanOrEqual(2);
    f.stop();
    await f.done;
    expect(f.changes[1]).toEqual({ initial: false, upserts: [{ id: 'a', n: 1 }], removals: [] });
  });

  it('ends with PERMISSION_DENIED on cancel (the rules no longer allow the read) or a 401', async () => {
    const cancelled = follow(
      await serve((_, res) => stream(res, ['put', { path: '/', data: null }], ['cancel', null])),
    );
    await cancelled.done;
    expect(cancelled.errors.map((e) => e.code)).toEqual(['PERMISSION_DENIED']);
    expect(cancelled.changes).toEqual([{ initial: true, upserts: [], removals: [] }]);
    await stopServer();

    const refused = follow(
      await serve((_, res) => {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end('{"error":"Permission denied"}');
      }),
    );
    await refused.done;
    expect(refused.errors.map((e) => e.message)).toEqual([
      "permission_denied at /lists/students: Client doesn't have permission to access the desired data.",
    ]);
  });
});
