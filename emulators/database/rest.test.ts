/** The REST API with fetch, under the same rules and data as realtime clients. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onValue, ref } from 'firebase/database';
import type { DatabaseEmulator } from './index.js';
import { deleteClients, startTestServer, waitFor, webClient } from './testing.js';

const RULES = {
  rules: {
    public: { '.read': true, '.write': true },
    private: { '.read': 'auth != null', '.write': "auth.uid === 'alice'" },
    items: { '.read': true, '.write': true, '.indexOn': ['n'] },
  },
};

let emu: DatabaseEmulator;
const mock = (uid: string): string =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: uid, user_id: uid })).toString('base64url')}.`;

/** A body sent as is (not JSON-encoded), for malformed-input cases. */
class Raw {
  constructor(readonly text: string) {}
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : body instanceof Raw ? body.text : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    json: text ? (JSON.parse(text) as unknown) : undefined,
    headers: res.headers,
  };
}

beforeAll(async () => {
  emu = await startTestServer(RULES);
});
afterAll(async () => {
  await deleteClients();
  await emu.stop();
});

describe('REST API', () => {
  it('PUT, GET, PATCH, POST, DELETE', async () => {
    expect((await call('PUT', '/public/a.json?ns=r1', { x: 1, y: [1, 2] })).json).toEqual({
      x: 1,
      y: [1, 2],
    });
    expect((await call('GET', '/public/a/y.json?ns=r1')).json).toEqual([1, 2]);
    expect((await call('PATCH', '/public/a.json?ns=r1', { x: 2, 'z/deep': true })).json).toEqual({
      x: 2,
      'z/deep': true,
    });
    expect((await call('GET', '/public/a.json?ns=r1')).json).toEqual({
      x: 2,
      y: [1, 2],
      z: { deep: true },
    });
    const posted = await call('POST', '/public/list.json?ns=r1', { n: 1 });
    const name = (posted.json as { name: string }).name;
    expect(name).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect((await call('GET', `/public/list/${name}.json?ns=r1`)).json).toEqual({ n: 1 });
    expect((await call('DELETE', '/public/a.json?ns=r1')).json).toBeNull();
    expect((await call('GET', '/public/a.json?ns=r1')).json).toBeNull();
    expect((await call('GET', '/public/a.json?ns=other')).json).toBeNull();
  });

  it('print=pretty, print=silent, shallow, format=export, server values', async () => {
    await call('PUT', '/public/s.json?ns=r2', { a: { b: 1 }, c: 'x', t: { '.sv': 'timestamp' } });
    expect((await call('GET', '/public/s.json?ns=r2&print=pretty')).text).toContain('\n  "a": {\n');
    expect((await call('PUT', '/public/q.json?ns=r2&print=silent', 1)).status).toBe(204);
    expect((await call('GET', '/public/s.json?ns=r2&shallow=true')).json).toEqual({
      a: true,
      c: true,
      t: true,
    });
    expect(typeof ((await call('GET', '/public/s/t.json?ns=r2')).json as number)).toBe('number');
    await call('PUT', '/public/p.json?ns=r2', { '.value': 5, '.priority': 2 });
    expect((await call('GET', '/public/p.json?ns=r2&format=export')).json).toEqual({
      '.value': 5,
      '.priority': 2,
    });
  });

  it('queries: orderBy with ranges and limits', async () => {
    await call('PUT', '/items.json?ns=r3', { a: { n: 3 }, b: { n: 1 }, c: { n: 2 }, d: { n: 5 } });
    const q = (s: string) =>
      call('GET', `/items.json?ns=r3&${s}`).then((r) => Object.keys(r.json as object).sort());
    expect(await q('orderBy="n"&startAt=2&endAt=3')).toEqual(['a', 'c']);
    expect(await q('orderBy="n"&limitToLast=2')).toEqual(['a', 'd']);
    expect(await q('orderBy="n"&equalTo=1')).toEqual(['b']);
    expect(await q('orderBy="$key"&startAfter="a"&limitToFirst=2')).toEqual(['b', 'c']);
    expect(await q('orderBy="n"&endBefore=3')).toEqual(['b', 'c']);
    expect((await call('GET', '/items.json?ns=r3&limitToFirst=1')).status).toBe(400);
    expect((await call('GET', '/items.json?ns=r3&orderBy=n')).json).toEqual({
      error: expect.stringMatching(/orderBy/),
    });
  });

  it('refuses to order by a child or value that .indexOn does not declare, as production does', async () => {
    await call('PUT', '/items.json?ns=r3b', { a: { n: 3, m: 1 }, b: { n: 1, m: 2 } });
    expect(await call('GET', '/items.json?ns=r3b&orderBy="m"&limitToFirst=1')).toMatchObject({
      status: 400,
      json: { error: 'Index not defined, add ".indexOn": "m", for path "/items", to the rules' },
    });
    expect((await call('GET', '/items.json?ns=r3b&orderBy="$value"')).json).toEqual({
      error: 'Index not defined, add ".indexOn": ".value", for path "/items", to the rules',
    });
    // Declared (n), key and priority order need no index; nor does a read without orderBy.
    for (const q of ['orderBy="n"', 'orderBy="$key"', 'orderBy="$priority"', 'shallow=true'])
      expect((await call('GET', `/items.json?ns=r3b&${q}`)).status, q).toBe(200);
  });

  it('enforces rules with auth= and Authorization: Bearer; owner is admin', async () => {
    expect(await call('GET', '/private.json?ns=r4')).toMatchObject({
      status: 401,
      json: { error: 'Permission denied' },
    });
    expect((await call('GET', `/private.json?ns=r4&auth=${mock('bob')}`)).status).toBe(200);
    expect((await call('PUT', `/private/x.json?ns=r4&auth=${mock('bob')}`, 1)).status).toBe(401);
    expect(
      (await call('PUT', '/private/x.json?ns=r4', 1, { Authorization: `Bearer ${mock('alice')}` }))
        .status,
    ).toBe(200);
    expect(
      (await call('PUT', '/secret.json?ns=r4', 1, { Authorization: 'Bearer owner' })).status,
    ).toBe(200);
    expect(
      (await call('GET', '/secret.json?ns=r4', undefined, { Authorization: 'Bearer owner' })).json,
    ).toBe(1);
    expect((await call('GET', '/secret.json?ns=r4&auth=garbage')).status).toBe(401);
    // A denied PATCH with one forbidden path changes nothing.
    const bad = await call('PATCH', `/.json?ns=r4&auth=${mock('bob')}`, {
      'public/ok': 1,
      'private/x': 2,
    });
    expect(bad.status).toBe(401);
    expect((await call('GET', '/public/ok.json?ns=r4')).json).toBeNull();
  });

  it('accepts access_token= like Authorization: Bearer: owner is admin, an ID token is its user', async () => {
    expect((await call('PUT', '/secret.json?ns=r4b&access_token=owner', 'top')).status).toBe(200);
    expect((await call('GET', '/secret.json?ns=r4b&access_token=owner')).json).toBe('top');
    expect((await call('GET', '/secret.json?ns=r4b')).status).toBe(401);
    // Rules see the token's user: alice may write /private, bob may only read it.
    const alice = `access_token=${mock('alice')}`;
    const bob = `access_token=${mock('bob')}`;
    expect((await call('PUT', `/private/y.json?ns=r4b&${alice}`, 2)).status).toBe(200);
    expect((await call('GET', `/private/y.json?ns=r4b&${bob}`)).json).toBe(2);
    expect((await call('PUT', `/private/y.json?ns=r4b&${bob}`, 3)).status).toBe(401);
    expect((await call('GET', '/private/y.json?ns=r4b')).status).toBe(401);
    expect(await call('GET', '/private.json?ns=r4b&access_token=garbage')).toMatchObject({
      status: 401,
      json: { error: 'Could not parse auth token.' },
    });
    // Rules through the settings endpoint, as firebase-tools deploys them.
    const rules = await call('GET', '/.settings/rules.json?ns=r4b&access_token=owner');
    expect(rules.status).toBe(200);
    expect((await call('GET', `/.settings/rules.json?ns=r4b&${alice}`)).status).toBe(401);
    expect((await call('GET', '/private/y.json?ns=r4b&access_token=owner')).json).toBe(2);
  });

  it('JSON errors for bad input, and data unchanged', async () => {
    await call('PUT', '/public/keep.json?ns=r5', 'kept');
    expect(await call('PUT', '/public/keep.json?ns=r5', new Raw('{not json'))).toMatchObject({
      status: 400,
      json: { error: expect.any(String) },
    });
    expect((await call('PUT', '/public/keep.json?ns=r5', { 'a.b': 1 })).status).toBe(400);
    expect((await call('GET', '/public/a[b.json?ns=r5')).status).toBe(400);
    expect((await call('GET', '/public/keep?ns=r5')).status).toBe(404);
    expect((await call('GET', '/public/keep.json?ns=r5')).json).toBe('kept');
  });

  it('ETags: X-Firebase-ETag and if-match (412 on mismatch)', async () => {
    await call('PUT', '/public/e.json?ns=r6', 1);
    const etag = (
      await call('GET', '/public/e.json?ns=r6', undefined, { 'X-Firebase-ETag': 'true' })
    ).headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await call('PUT', '/public/e.json?ns=r6', 2, { 'if-match': 'wrong' })).status).toBe(
      412,
    );
    expect((await call('PUT', '/public/e.json?ns=r6', 2, { 'if-match': etag })).status).toBe(200);
  });

  it('REST writes reach realtime listeners; rules can be replaced via /.settings/rules.json', async () => {
    const db = webClient(emu, { ns: 'r7' });
    const seen: unknown[] = [];
    onValue(ref(db, 'public/live'), (s) => seen.push(s.val()));
    await call('PUT', '/public/live.json?ns=r7', 'from rest');
    await waitFor(() => seen.includes('from rest'), 'REST write at the listener');
    expect((await call('GET', '/.settings/rules.json?ns=r7')).status).toBe(401);
    const rules = await call('GET', '/.settings/rules.json?ns=r7', undefined, {
      Authorization: 'Bearer owner',
    });
    expect(rules.json).toEqual(RULES);
    const put = await call(
      'PUT',
      '/.settings/rules.json',
      { rules: { '.read': true, '.write': true } },
      { Authorization: 'Bearer owner' },
    );
    expect(put.status).toBe(200);
    expect((await call('GET', '/private.json?ns=r4')).status).toBe(200);
    expect(
      (
        await call(
          'PUT',
          '/.settings/rules.json',
          { rules: { '.reed': 1 } },
          { Authorization: 'Bearer owner' },
        )
      ).status,
    ).toBe(400);
  });
});
