import { describe, expect, it } from 'vitest';
import { nodeFromJSON } from '../tree/node.js';
import { overlayView, storedView } from '../tree/view.js';
import { type EvalContext, evaluateRule } from './evaluator.js';
import { RuleSyntaxError, parseExpression } from './parser.js';
import { Ruleset, RulesError } from './ruleset.js';

const data = nodeFromJSON({
  users: { alice: { isAdmin: true, name: 'Alice' }, bob: { name: 'Bob' } },
  items: { i1: { owner: 'bob', price: 3 } },
});

function ev(expr: string, extra: Partial<EvalContext> = {}): boolean {
  const ctx: EvalContext = {
    auth: {
      uid: 'alice',
      provider: 'password',
      token: {
        email: 'alice@example.com',
        admin: true,
        firebase: { sign_in_provider: 'password' },
      },
    },
    now: 1000,
    root: storedView(data),
    newRoot: storedView(data),
    path: ['users', 'alice'],
    vars: { $uid: 'alice' },
    ...extra,
  };
  return evaluateRule(parseExpression(expr), ctx);
}

describe('expression language', () => {
  it.each([
    "root.child('users').child(auth.uid).child('isAdmin').val() === true",
    "root.child('users/' + auth.uid + '/name').val() == 'Alice'",
    'auth.uid === $uid',
    "auth.token.email.endsWith('@example.com')",
    "auth.token.firebase.sign_in_provider == 'password'",
    'auth.token.admin === true',
    "data.child('name').isString() && data.hasChildren(['name', 'isAdmin'])",
    "data.hasChild('name') && !data.hasChild('missing')",
    "data.parent().child('bob').exists()",
    'now > 999 && now <= 1000',
    "'Hello'.toLowerCase() == 'hello' && 'a-b-a'.replace('a', 'x') == 'x-b-x'",
    "'abc'.contains('b') && 'abc'.beginsWith('ab') && 'abc'.length === 3",
    'auth.token.email.matches(/^[a-z]+@example\\.com$/)',
    "'ABC'.matches(/abc/i)",
    '(1 + 2) * 3 - 4 / 2 % 5 == 7',
    '-1 < 0 ? true : false',
    "data.child('name').val() != null",
    "root.child('items/i1/price').isNumber() && root.child('items/i1/price').val() >= 3",
  ])('true: %s', (expr) => expect(ev(expr)).toBe(true));

  it.each([
    "root.child('users').child('bob').child('isAdmin').val() === true",
    "1 == '1'",
    'auth.token.missing === true',
    // Errors make the expression false:
    'data.val().name == 1',
    'auth.uid.foo()',
    'unknownVariable == 1',
    "'a' < 1",
    "data.child('name').val()",
  ])('false: %s', (expr) => expect(ev(expr)).toBe(false));

  it('auth null: property access is an error (false), comparison works', () => {
    expect(ev('auth.uid == null', { auth: null })).toBe(false);
    expect(ev('auth == null', { auth: null })).toBe(true);
  });

  it('newData reflects the write, data the old value', () => {
    const newRoot = overlayView(data, [
      { path: ['users', 'alice', 'name'], node: nodeFromJSON('Ally') },
    ]);
    expect(
      ev("newData.child('name').val() == 'Ally' && data.child('name').val() == 'Alice'", {
        newRoot,
      }),
    ).toBe(true);
    expect(ev("newData.child('isAdmin').val() === true", { newRoot })).toBe(true);
  });

  it('rejects malformed expressions', () => {
    expect(() => parseExpression('auth.uid ==')).toThrow(RuleSyntaxError);
    expect(() => parseExpression("'open")).toThrow(RuleSyntaxError);
    expect(() => parseExpression('a b')).toThrow(RuleSyntaxError);
  });
});

describe('rules files', () => {
  it('accept comments and report unknown rule types and bad expressions with their location', () => {
    expect(() => Ruleset.parse('{ /* c */ "rules": { // x\n ".read": true } }')).not.toThrow();
    expect(() => Ruleset.parse('{"rules":{"a":{".reed":true}}}')).toThrow(/rules\/a\/\.reed/);
    expect(() => Ruleset.parse('{"rules":{"a":{".read":"auth.uid =="}}}')).toThrow(RulesError);
    expect(() => Ruleset.parse('{"rules":')).toThrow(RulesError);
  });

  it('cascade: a grant above cannot be revoked below; nothing cascades up', () => {
    const rs = Ruleset.fromJSON({
      rules: { a: { '.read': true, b: { '.read': false } }, c: { d: { '.read': true } } },
    });
    const s = { auth: null, now: 0 };
    const root = storedView(null);
    expect(rs.canRead(s, root, ['a', 'b'])).toBe(true);
    expect(rs.canRead(s, root, ['c'])).toBe(false);
    expect(rs.canRead(s, root, ['c', 'd', 'e'])).toBe(true);
  });

  it('validate applies at its location only, skips deletes, and wildcards bind $ variables', () => {
    const rs = Ruleset.fromJSON({
      rules: {
        '.write': true,
        things: {
          $id: {
            '.validate': "newData.hasChildren(['name']) && $id.beginsWith('t')",
            name: { '.validate': 'newData.isString()' },
            $other: { '.validate': false },
          },
        },
      },
    });
    const s = { auth: null, now: 0 };
    const check = (path: string[], value: unknown): boolean =>
      rs.canWrite(s, storedView(null), overlayView(null, [{ path, node: nodeFromJSON(value) }]), [
        path,
      ]);
    expect(check(['things', 't1'], { name: 'x' })).toBe(true);
    expect(check(['things', 'x1'], { name: 'x' })).toBe(false);
    expect(check(['things', 't1'], { name: 5 })).toBe(false);
    expect(check(['things', 't1'], { name: 'x', extra: 1 })).toBe(false);
    expect(check(['things', 't1'], null)).toBe(true);
    expect(check(['things'], { t1: { name: 'x' }, t2: { nope: 1 } })).toBe(false);
  });
});
