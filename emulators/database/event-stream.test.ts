/**
 * REST streaming (eventStream.ts): a streaming GET gets the location's value, then the changes of
 * every write path (REST, WebSocket clients) as `put` and `patch` events, under the same rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ref, set, update } from 'firebase/database';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { DatabaseEmulator } from './index.js';
import type { Namespace } from './namespace.js';
import { deleteClients, startTestServer, webClient } from './testing.js';

const RULES = {
  rules: {
    open: { '.read': true, '.write': true, q: { '.indexOn': ['n'] } },
    private: { '.read': 'auth != null', '.write': true },
  },
};

let emu: DatabaseEmulator;

beforeAll(async () => {
  emu = await startTestServer(RULES);
});
afterAll(async () => {
  await deleteClients();
  await emu.stop();
});

/** An open stream: its events as they come, and a way to wait for the next ones. */
async function openStream(path: string, query = '') {
  const controller = new AbortController();
  const response = await fetch(`${emu.url}/${path}.json?ns=es${query}`, {
    headers: { Accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  let wake: (() => void) | undefined;
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: '' }));
      if (done) return;
      parser.feed(value);
      wake?.();
    }
  })();
  return {
    response,
    events,
    /** Resolves with the events once at least `count` have arrived (5 s at most). */
    async next(count: number) {
      const deadline = Date.now() + 5_000;
      while (events.length < count && Date.now() < deadline)
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      return events.slice(0, count).map((e) => ({ event: e.event, data: JSON.parse(e.data) }));
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

const rest = (method: string, path: string, body: unknown) =>
  fetch(`${emu.url}/${path}.json?ns=es`, { method, body: JSON.stringify(body) });

describe('REST streaming', () => {
  it('sends the value, then each write as put or patch relative to the location', async () => {
    await rest('PUT', 'open/list', { a: { n: 1, name: 'A' }, b: { n: 2, name: 'B' } });
    const stream = await openStream('open/list');
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await rest('PATCH', 'open/list/a', { name: 'A2' });
    await rest('DELETE', 'open/list/b', null);
    const db = webClient(emu, { ns: 'es' });
    await set(ref(db, 'open/list/c'), { n: 3, name: 'C' });
    await update(ref(db, 'open/list'), { 'a/n': 10, 'c/name': 'C2' });
    await update(ref(db, 'open'), { 'list/a/name': 'A3', other: 1 });
    expect(await stream.next(6)).toEqual([
      {
        event: 'put',
        data: { path: '/', data: { a: { n: 1, name: 'A' }, b: { n: 2, name: 'B' } } },
      },
      { event: 'patch', data: { path: '/a', data: { name: 'A2' } } },
      { event: 'put', data: { path: '/b', data: null } },
      { event: 'put', data: { path: '/c', data: { n: 3, name: 'C' } } },
      { event: 'patch', data: { path: '/', data: { 'a/n': 10, 'c/name': 'C2' } } },
      { event: 'patch', data: { path: '/', data: { 'a/name': 'A3' } } },
    ]);
    await stream.close();
  });

  it('a filtering query gets its result again when it changes', async () => {
    await rest('PUT', 'open/q', { a: { n: 1 }, b: { n: 5 } });
    const stream = await openStream('open/q', '&orderBy="n"&startAt=3');
    await rest('PUT', 'open/q/c', { n: 7 });
    expect(await stream.next(2)).toEqual([
      { event: 'put', data: { path: '/', data: { b: { n: 5 } } } },
      { event: 'put', data: { path: '/', data: { b: { n: 5 }, c: { n: 7 } } } },
    ]);
    await stream.close();
  });

  it('two streams of one location with different queries each get their own result', async () => {
    await rest('PUT', 'open/q', { a: { n: 1 }, b: { n: 5 } });
    const high = await openStream('open/q', '&orderBy="n"&startAt=3');
    const low = await openStream('open/q', '&orderBy="n"&endAt=3');
    await rest('PUT', 'open/q/c', { n: 2 });
    await rest('PUT', 'open/q/d', { n: 9 });
    expect((await high.next(2)).map((e) => e.data)).toEqual([
      { path: '/', data: { b: { n: 5 } } },
      { path: '/', data: { b: { n: 5 }, d: { n: 9 } } },
    ]);
    expect((await low.next(2)).map((e) => e.data)).toEqual([
      { path: '/', data: { a: { n: 1 } } },
      { path: '/', data: { a: { n: 1 }, c: { n: 2 } } },
    ]);
    await Promise.all([high.close(), low.close()]);
  });

  it('refuses a location the rules do not let the caller read, as a GET is refused', async () => {
    const response = await fetch(`${emu.url}/private.json?ns=es`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Permission denied' });
  });

  it('stops sending to a client that disconnected', async () => {
    // The server object behind the handle (server.ts) holds the namespaces and their listens.
    const listens = () =>
      (emu as unknown as { namespace(name: string): Namespace }).namespace('es').subs.size;
    const stream = await openStream('open/gone');
    await stream.next(1);
    expect(listens()).toBe(1);
    await stream.close();
    await expect.poll(listens).toBe(0);
    expect((await rest('PUT', 'open/gone/x', 1)).status).toBe(200);
  });
});
