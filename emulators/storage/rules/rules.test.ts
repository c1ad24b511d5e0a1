import { describe, expect, it } from 'vitest';
import type { StoredObject } from '../metadata';
import { writeRules } from '../testing/support';
import { RulesEngine, type AuthContext, type RulesMethod } from './index';
import { RulesSyntaxError } from './lexer';
import { parseRules } from './parser';

function engine(source: string): RulesEngine {
  const logs: string[] = [];
  const rules = new RulesEngine(writeRules(source), (line) => logs.push(line));
  if (!rules.load()) throw new Error(logs.join('\n'));
  return rules;
}

function object(name: string, overrides: Partial<StoredObject> = {}): StoredObject {
  return {
    bucket: 'bkt',
    name,
    blobId: 'x',
    size: 100,
    contentType: 'image/png',
    md5Hash: 'md5',
    crc32c: 'crc',
    generation: '1000',
    metageneration: 1,
    timeCreated: '2024-05-01T10:00:00.000Z',
    updated: '2024-05-01T10:00:00.000Z',
    metadata: { owner: 'u1' },
    ...overrides,
  };
}

const uid = (id: string, claims: Record<string, unknown> = {}): AuthContext => ({
  uid: id,
  token: { user_id: id, sub: id, ...claims },
});

/** Evaluates `expr` as the condition of `allow get` on /b/bkt/o/users/u1/pic.png. */
function holds(
  expr: string,
  auth: AuthContext | null = uid('u1'),
  resource: StoredObject | null = object('users/u1/pic.png'),
): boolean {
  const rules = engine(`rules_version = '2';
service firebase.storage {
  function double(x) { return x * 2; }
  match /b/{bucket}/o {
    match /users/{userId}/{file} {
      function isOwner() { let id = request.auth.uid; return id == userId; }
      allow get: if ${expr};
    }
  }
}`);
  return rules.check({
    method: 'get',
    bucket: 'bkt',
    path: 'users/u1/pic.png',
    auth,
    resource,
    requestResource: null,
  }).allowed;
}

describe('rules language', () => {
  it.each([
    '1 + 2 == 3',
    '5 / 2 == 2',
    '5.0 / 2 == 2.5',
    '7 % 3 == 1',
    '-3 < 0',
    '2 * 1024 * 1024 == 2097152',
    "'abc'.size() == 3",
    "'photo.PNG'.lower().matches('.*\\\\.png')",
    "'image/jpeg'.matches('image/.*')",
    "!'text/plain'.matches('image/.*')",
    "'(?i)IMAGE/PNG'.size() == 13 && 'IMAGE/PNG'.matches('(?i)image/png')",
    "'a-b-c'.split('-') == ['a', 'b', 'c']",
    "'a.b.c'.replace('\\\\.', '/') == 'a/b/c'",
    "'  x '.trim() == 'x' && 'ab'.upper() == 'AB'",
    "'hello'[1] == 'e' && 'hello'[1:3] == 'el' && 'hello'[:2] == 'he'",
    "'a' + 'b' == 'ab'",
    '[1, 2, 3].hasAll([1, 3]) && [1, 2].hasAny([2, 9]) && [1, 2].hasOnly([1, 2, 3])',
    '[1, 2].size() == 2 && 2 in [1, 2] && !(5 in [1, 2]) && [1] + [2] == [1, 2]',
    "{'a': 1}.keys() == ['a'] && {'a': 1}.values() == [1]",
    "{'a': 1}.get('b', 7) == 7 && {'a': {'b': 2}}.get(['a', 'b'], 0) == 2",
    "'a' in {'a': 1} && !('z' in {'a': 1})",
    "{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3, 'c': 4}).changedKeys().hasOnly(['b'])",
    "{'a': 1}.diff({'c': 4}).addedKeys().hasAll(['c']) && {'a': 1}.diff({}).removedKeys().size() == 1",
    '1 is int && 1.5 is float && 1 is number && "x" is string && [1] is list && {} is map && null is null && true is bool',
    '1 == 1.0 && 2 > 1.5',
    '(true ? 1 : 2) == 1 && (false ? 1 : 2) == 2',
    "int('42') == 42 && float(1) == 1.0 && string(5) == '5' && string(true) == 'true'",
    'math.abs(-3) == 3 && math.floor(2.7) == 2.0 && math.ceil(2.1) == 3.0',
    "duration.value(1, 'h') > duration.value(59, 'm')",
    'timestamp.date(2024, 3, 15).year() == 2024 && timestamp.date(2024, 3, 15).month() == 3',
    'request.time > timestamp.date(2020, 1, 1)',
    'request.time - duration.value(1, "d") < request.time',
    'double(21) == 42',
    'isOwner()',
    "userId == 'u1' && bucket == 'bkt'",
    "request.path == 'b/bkt/o/users/u1/pic.png' && request.method == 'get'",
    "resource.size == 100 && resource.contentType == 'image/png' && resource.metadata.owner == 'u1'",
    "resource.name == 'users/u1/pic.png' && resource.bucket == 'bkt' && resource.timeCreated.year() == 2024",
    'request.resource == null',
    "request.auth.token.user_id == 'u1' && request.auth.uid == 'u1'",
    '/* comment */ true /* another */',
  ])('%s', (expr) => {
    expect(holds(expr)).toBe(true);
  });

  it.each([
    'false',
    '1 == 2',
    "'text/plain'.matches('image/.*')",
    // Errors deny: missing key, type mismatch, division by zero, unknown variable.
    'resource.metadata.missing == null',
    "1 + 'a' == 2",
    '1 / 0 == 1',
    'nope == 1',
    "'hello'[10] == 'x'",
  ])('%s is false', (expr) => {
    expect(holds(expr)).toBe(false);
  });

  it('treats errors like Firebase inside || and &&', () => {
    // request.auth is null: request.auth.uid is an error.
    expect(holds("request.auth.uid == 'x' || true", null)).toBe(true);
    expect(holds("request.auth.uid == 'u1'", null)).toBe(false);
    expect(holds("request.auth.uid == 'u1' && false", null)).toBe(false);
    expect(holds("request.auth != null && request.auth.uid == 'u1'", null)).toBe(false);
  });

  it('reads contentDisposition; a missing one makes a match an error, which denies', () => {
    const attachment = "resource.contentDisposition.matches('attachment(;.*)?')";
    const stored = (contentDisposition?: string) =>
      object('users/u1/pic.png', contentDisposition === undefined ? {} : { contentDisposition });
    expect(holds(attachment, uid('u1'), stored("attachment; filename*=utf-8''pic.png"))).toBe(true);
    expect(holds(attachment, uid('u1'), stored('inline'))).toBe(false);
    expect(holds(attachment, uid('u1'), stored())).toBe(false);
    expect(holds('resource.contentDisposition == null', uid('u1'), stored())).toBe(true);
  });

  it('reads custom claims from the token', () => {
    expect(holds('request.auth.token.admin == true', uid('a1', { admin: true }))).toBe(true);
    expect(holds('request.auth.token.admin == true', uid('u2'))).toBe(false);
    expect(holds("request.auth.token.get('admin', false) == true", uid('u2'))).toBe(false);
  });
});

describe('match paths and methods', () => {
  const rules = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /one/{name} { allow read: if name.matches('.*\\\\.png'); }
    match /deep/{path=**} { allow get: if path == '' || path.split('/').size() >= 1; allow list: if true; }
    match /split {
      match /{a}/{b} { allow create: if a == b; }
    }
    match /w/{name} { allow write: if true; }
    match /folder/{file} { allow read: if request.auth == null; }
  }
}`;
  const check = (method: RulesMethod, path: string, source = rules): boolean =>
    engine(source).check({
      method,
      bucket: 'bkt',
      path,
      auth: null,
      resource: null,
      requestResource: null,
    }).allowed;

  it('matches {name} against exactly one segment', () => {
    expect(check('get', 'one/a.png')).toBe(true);
    expect(check('get', 'one/a.jpg')).toBe(false);
    expect(check('get', 'one/sub/a.png')).toBe(false);
  });

  it('matches {path=**} against zero or more segments in version 2, one or more in version 1', () => {
    expect(check('get', 'deep/a/b/c.txt')).toBe(true);
    expect(check('get', 'deep')).toBe(true);
    const v1 = rules.replace("rules_version = '2';", '');
    expect(check('get', 'deep/a/b/c.txt', v1)).toBe(true);
    expect(check('get', 'deep', v1)).toBe(false);
  });

  it('concatenates nested match paths and binds every wildcard', () => {
    expect(check('create', 'split/x/x')).toBe(true);
    expect(check('create', 'split/x/y')).toBe(false);
  });

  it('expands read and write to their methods, nothing else', () => {
    expect(check('list', 'one/a.png')).toBe(true);
    expect(check('create', 'one/a.png')).toBe(false);
    for (const method of ['create', 'update', 'delete'] as const)
      expect(check(method, 'w/file')).toBe(true);
    expect(check('get', 'w/file')).toBe(false);
    expect(check('get', 'elsewhere/file')).toBe(false);
  });

  it('authorizes list() of a folder with a rule written for its children', () => {
    expect(check('list', 'folder')).toBe(true);
    expect(check('list', 'deep/x')).toBe(true);
    expect(check('list', 'w')).toBe(false);
  });

  it('denies list() under rules_version 1 and everything without a ruleset', () => {
    expect(check('list', 'deep/x', rules.replace("rules_version = '2';", ''))).toBe(false);
    const empty = new RulesEngine('/nonexistent/storage.rules', () => undefined);
    expect(empty.load()).toBe(false);
    expect(
      empty.check({
        method: 'get',
        bucket: 'b',
        path: 'x',
        auth: null,
        resource: null,
        requestResource: null,
      }).allowed,
    ).toBe(false);
  });
});

describe('parser errors', () => {
  it('reports the line of a syntax error', () => {
    expect(() =>
      parseRules(
        "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if ;\n  }\n}",
      ),
    ).toThrow(RulesSyntaxError);
    let error: unknown;
    try {
      parseRules('service firebase.storage {\n match /a {\n  allow reed;\n }\n}');
    } catch (caught) {
      error = caught;
    }
    // Outside the catch, so the test fails if parseRules stops throwing.
    expect(error).toBeInstanceOf(RulesSyntaxError);
    expect((error as RulesSyntaxError).line).toBe(3);
    expect((error as Error).message).toContain('Unknown method "reed"');
  });

  it('rejects a {x=**} wildcard that is not last', () => {
    expect(() =>
      parseRules('service firebase.storage { match /a/{x=**}/b { allow read; } }'),
    ).toThrow(/must be the last segment/);
  });
});
