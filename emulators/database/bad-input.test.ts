/**
 * Malformed and hostile input over the raw WebSocket protocol: every bad request gets a clear
 * error, the connection and server stay up, and no data changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DatabaseEmulator } from './index.js';
import { FrameAssembler } from './protocol/frames.js';
import { startTestServer, waitFor } from './testing.js';

let emu: DatabaseEmulator;
beforeAll(async () => {
  emu = await startTestServer();
});
afterAll(async () => {
  await emu.stop();
});

interface Msg {
  t: string;
  d: { t?: string; d?: unknown; r?: number; b?: { s: string; d: unknown }; a?: string };
}

/** A bare protocol client that records every message. */
async function rawClient(): Promise<{
  ws: WebSocket;
  msgs: Msg[];
  request: (a: string, b: unknown) => Promise<{ s: string; d: unknown }>;
}> {
  const ws = new WebSocket(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=bad`);
  const msgs: Msg[] = [];
  // The server splits long messages like the SDK does; reassemble them the same way.
  const assembler = new FrameAssembler();
  ws.on('message', (data) => {
    const text = assembler.push(String(data));
    if (text !== null) msgs.push(JSON.parse(text) as Msg);
  });
  await waitFor(() => msgs.length > 0, 'handshake');
  let r = 0;
  const request = async (a: string, b: unknown) => {
    const id = ++r;
    ws.send(JSON.stringify({ t: 'd', d: { r: id, a, b } }));
    await waitFor(() => msgs.some((m) => m.d.r === id), `response ${id}`);
    return msgs.find((m) => m.d.r === id)!.d.b!;
  };
  return { ws, msgs, request };
}

describe('bad input', () => {
  it('handshake comes first, with version, session and timestamp', async () => {
    const { ws, msgs } = await rawClient();
    expect(msgs[0]).toMatchObject({
      t: 'c',
      d: { t: 'h', d: { v: '5', h: `127.0.0.1:${emu.port}` } },
    });
    ws.close();
  });

  it('answers malformed frames and requests without closing, and changes nothing', async () => {
    const { ws, msgs, request } = await rawClient();
    expect(await request('p', { p: '/keep', d: 'original' })).toEqual({ s: 'ok', d: '' });
    ws.send('{not json');
    ws.send(JSON.stringify({ nope: 1 }));
    ws.send(JSON.stringify({ t: 'd', d: { a: 'p', b: {} } }));
    await waitFor(
      () => msgs.filter((m) => m.t === 'c' && m.d.t === 'e').length === 3,
      'three error notices',
    );
    const cases: Array<[string, unknown, string]> = [
      ['zz', {}, 'invalid_action'],
      ['p', { p: '/a.b', d: 1 }, 'invalid_data'],
      ['p', { p: '/keep', d: { 'bad#key': 1 } }, 'invalid_data'],
      ['p', { p: '/keep', d: { ['ctl\u0001']: 1 } }, 'invalid_data'],
      ['p', { p: '/keep', d: { x: { '.sv': 'bogus' } } }, 'invalid_data'],
      ['p', { p: '/keep' }, 'invalid_data'],
      ['p', { d: 1 }, 'invalid_data'],
      ['m', { p: '/', d: { keep: 'changed', 'x/$y': 1 } }, 'invalid_data'],
      ['m', { p: '/', d: { keep: 'changed', 'keep/deeper': 1 } }, 'invalid_data'],
      ['m', { p: '/', d: 'not an object' }, 'invalid_data'],
      ['q', { p: '/keep', q: { l: -1 }, t: 1, h: '' }, 'invalid_data'],
      ['g', { p: '/keep', q: { i: 'a[b' } }, 'invalid_data'],
    ];
    for (const [a, b, status] of cases) {
      expect({ a, b, res: (await request(a, b)).s }).toEqual({ a, b, res: status });
    }
    let deep: unknown = 'leaf';
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect((await request('p', { p: '/keep', d: deep })).s).toBe('invalid_data');
    expect(ws.readyState).toBe(WebSocket.OPEN);
    expect(await request('g', { p: '/keep', q: {} })).toEqual({ s: 'ok', d: 'original' });
    expect(await request('g', { p: '/', q: {} })).toEqual({ s: 'ok', d: { keep: 'original' } });
    ws.close();
  });

  it('reassembles split messages and ignores keep-alive frames', async () => {
    const { ws, msgs } = await rawClient();
    ws.send('0');
    const text = JSON.stringify({
      t: 'd',
      d: { r: 1, a: 'p', b: { p: '/split', d: 'y'.repeat(20_000) } },
    });
    ws.send('2');
    ws.send(text.slice(0, 16384));
    ws.send(text.slice(16384));
    await waitFor(() => msgs.some((m) => m.d.r === 1), 'response to split put');
    expect(msgs.find((m) => m.d.r === 1)!.d.b).toEqual({ s: 'ok', d: '' });
    ws.send(JSON.stringify({ t: 'c', d: { t: 'p', d: {} } }));
    await waitFor(() => msgs.some((m) => m.t === 'c' && m.d.t === 'o'), 'pong');
    ws.close();
  });

  it('rejects invalid auth tokens with invalid_token and keeps the connection', async () => {
    const { ws, request } = await rawClient();
    expect(await request('p', { p: '/tokens/big', d: 'z'.repeat(20_000) })).toEqual({
      s: 'ok',
      d: '',
    });
    expect((await request('auth', { cred: 'not-a-jwt' })).s).toBe('invalid_token');
    expect((await request('auth', { cred: 'a.!!!.b' })).s).toBe('invalid_token');
    const tokens = await request('g', { p: '/tokens', q: {} });
    expect(tokens.s).toBe('ok');
    // Answered in several frames (the value exceeds 16384 chars) and reassembled intact.
    expect(tokens.d).toEqual({ big: 'z'.repeat(20_000) });
    ws.close();
  });

  it('survives invalid UTF-8 on a socket upgraded from long polling and keeps serving', async () => {
    // Open a long-poll session; the start answer carries its id and password.
    const start = await (await fetch(`${emu.url}/.lp?start=t&ser=1&cb=1&v=5&ns=bad`)).text();
    const [, id, pw] = /c\("start","([0-9a-f]+)","([0-9a-f]+)"\)/.exec(start) ?? [];
    expect(id && pw).toBeTruthy();
    // Upgrade: a WebSocket with `s=<id>`, then end transmission (`n`) on the poll.
    const ws = new WebSocket(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=bad&s=${id}`);
    const msgs: Msg[] = [];
    ws.on('message', (data) => msgs.push(JSON.parse(String(data)) as Msg));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const n = Buffer.from(JSON.stringify({ t: 'c', d: { t: 'n', d: {} } }))
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=/g, '.');
    const poll = await fetch(`${emu.url}/.lp?id=${id}&pw=${pw}&ser=2&seg0=0&ts0=1&d0=${n}&ns=bad`);
    expect(await poll.text()).toContain('{"t":"c","d":{"t":"n","d":{}}}');
    // The connection now answers on the socket.
    ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'p', b: { p: '/upgraded', d: 'yes' } } }));
    await waitFor(() => msgs.some((m) => m.d.r === 1), 'response on the upgraded socket');
    expect(msgs.find((m) => m.d.r === 1)!.d.b).toEqual({ s: 'ok', d: '' });
    // A text frame that is not UTF-8: the socket is dropped, the process stays up.
    const closed = new Promise((r) => ws.once('close', r));
    ws.send(Buffer.from([0xff, 0xfe]), { binary: false });
    await closed;
    const fresh = await rawClient();
    expect(await fresh.request('g', { p: '/upgraded', q: {} })).toEqual({ s: 'ok', d: 'yes' });
    fresh.ws.close();
  });

  it('refuses too deeply nested REST values with 400; the server keeps serving', async () => {
    const put = await fetch(`${emu.url}/rest-keep.json?ns=bad`, {
      method: 'PUT',
      body: '"original"',
    });
    expect(put.status).toBe(200);
    let deep: Record<string, unknown> = { v: 1 };
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const res = await fetch(`${emu.url}/deep.json?ns=bad`, {
      method: 'PUT',
      body: JSON.stringify(deep),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/deeper than 32/) });
    const ok = await fetch(`${emu.url}/rest-keep.json?ns=bad`);
    expect(await ok.json()).toBe('original');
  });
});
