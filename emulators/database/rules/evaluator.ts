/**
 * Evaluates a parsed rule expression. Semantics from
 * https://firebase.google.com/docs/reference/security/database (variables, RuleDataSnapshot
 * methods, string methods, operators). Any runtime error (method on null, wrong operand types,
 * unknown variable) makes the whole expression false, as the rules reference specifies; only a
 * literal `true` result grants.
 */
import type { NodeView } from '../tree/view.js';
import { isValidKey } from '../tree/path.js';
import type { Expr } from './parser.js';

/** The `auth` variable: null or `{ uid, provider, token }`. */
export type AuthVariable = { uid: string; provider: string; token: Record<string, unknown> } | null;

/** Everything an expression can refer to at one rule location. */
export interface EvalContext {
  auth: AuthVariable;
  now: number;
  /** Root before the operation. */
  root: NodeView;
  /** Root after the operation (write and validate rules only). */
  newRoot?: NodeView;
  /** The rule's location. */
  path: readonly string[];
  /** `$wildcard` bindings. */
  vars: Readonly<Record<string, string>>;
  /** The `query` variable for read rules. */
  query?: Record<string, unknown>;
}

class RuleError extends Error {}

/** `root`, `data`, `newData` and the snapshots their methods return. */
export class RuleSnapshot {
  private cached: NodeView | undefined;
  constructor(
    readonly top: NodeView,
    readonly path: readonly string[],
  ) {}
  view(): NodeView {
    if (!this.cached) {
      let v = this.top;
      for (const key of this.path) v = v.child(key);
      this.cached = v;
    }
    return this.cached;
  }
  at(rel: string): RuleSnapshot {
    const keys = rel.split('/').filter((k) => k !== '');
    for (const k of keys) if (!isValidKey(k)) throw new RuleError(`Invalid child path ${rel}`);
    return new RuleSnapshot(this.top, [...this.path, ...keys]);
  }
}

/** What `val()` returns for a node with children: compares unequal to everything. */
const BRANCH_VALUE = Object.freeze({ branch: true });

type Value =
  | null
  | boolean
  | number
  | string
  | RegExp
  | RuleSnapshot
  | typeof BRANCH_VALUE
  | Value[]
  | { [key: string]: unknown };

function isPrimitive(v: unknown): v is null | boolean | number | string {
  return v === null || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string';
}

function asString(v: unknown): string {
  if (typeof v !== 'string') throw new RuleError('Expected a string');
  return v;
}

function truthy(v: Value): boolean {
  if (v === null || v === false) return false;
  if (v === true) return true;
  throw new RuleError('Expected a boolean');
}

function snapshotMethod(snap: RuleSnapshot, name: string, args: Value[]): Value {
  const view = snap.view();
  switch (name) {
    case 'val': {
      if (view.hasChildren()) return BRANCH_VALUE;
      return view.value();
    }
    case 'child':
      return snap.at(asString(args[0]));
    case 'parent':
      if (snap.path.length === 0) throw new RuleError('parent() of the root');
      return new RuleSnapshot(snap.top, snap.path.slice(0, -1));
    case 'hasChild':
      return snap.at(asString(args[0])).view().exists();
    case 'hasChildren': {
      if (args.length === 0) return view.hasChildren();
      const list = args[0];
      if (!Array.isArray(list)) throw new RuleError('hasChildren expects an array');
      return list.every((k) => snap.at(asString(k)).view().exists());
    }
    case 'exists':
      return view.exists();
    case 'getPriority':
      return view.priority();
    case 'isNumber':
      return typeof view.value() === 'number';
    case 'isString':
      return typeof view.value() === 'string';
    case 'isBoolean':
      return typeof view.value() === 'boolean';
    default:
      throw new RuleError(`Unknown snapshot method ${name}`);
  }
}

function stringMethod(s: string, name: string, args: Value[]): Value {
  switch (name) {
    case 'contains':
      return s.includes(asString(args[0]));
    case 'beginsWith':
      return s.startsWith(asString(args[0]));
    case 'endsWith':
      return s.endsWith(asString(args[0]));
    case 'replace':
      // Rules replace every literal occurrence, unlike String.prototype.replace.
      return s.split(asString(args[0])).join(asString(args[1]));
    case 'toLowerCase':
      return s.toLowerCase();
    case 'toUpperCase':
      return s.toUpperCase();
    case 'matches': {
      const re = args[0];
      if (!(re instanceof RegExp)) throw new RuleError('matches expects a regex');
      return re.test(s);
    }
    default:
      throw new RuleError(`Unknown string method ${name}`);
  }
}

function equals(a: Value, b: Value): boolean {
  if (isPrimitive(a) && isPrimitive(b)) return a === b;
  return false;
}

function evaluate(e: Expr, ctx: EvalContext): Value {
  switch (e.type) {
    case 'lit':
      return e.value;
    case 'array':
      return e.items.map((i) => evaluate(i, ctx));
    case 'var':
      return variable(e.name, ctx);
    case 'member': {
      const obj = evaluate(e.object, ctx);
      if (typeof obj === 'string' && e.name === 'length') return obj.length;
      if (obj !== null && typeof obj === 'object' && !(obj instanceof RuleSnapshot)) {
        if (obj instanceof RegExp || Array.isArray(obj) || obj === BRANCH_VALUE)
          throw new RuleError('No such property');
        const v = (obj as Record<string, unknown>)[e.name];
        return v === undefined ? null : (v as Value);
      }
      throw new RuleError(`Cannot read ${e.name}`);
    }
    case 'index': {
      const obj = evaluate(e.object, ctx);
      const key = evaluate(e.index, ctx);
      if (
        obj !== null &&
        typeof obj === 'object' &&
        !(obj instanceof RuleSnapshot) &&
        !Array.isArray(obj)
      ) {
        const v = (obj as Record<string, unknown>)[String(key)];
        return v === undefined ? null : (v as Value);
      }
      throw new RuleError('Cannot index');
    }
    case 'call': {
      if (e.callee.type !== 'member') throw new RuleError('Not callable');
      const target = evaluate(e.callee.object, ctx);
      const args = e.args.map((a) => evaluate(a, ctx));
      if (target instanceof RuleSnapshot) return snapshotMethod(target, e.callee.name, args);
      if (typeof target === 'string') return stringMethod(target, e.callee.name, args);
      throw new RuleError(`Cannot call ${e.callee.name}`);
    }
    case 'unary': {
      const v = evaluate(e.arg, ctx);
      if (e.op === '!') return !truthy(v);
      if (typeof v !== 'number') throw new RuleError('Expected a number');
      return -v;
    }
    case 'cond':
      return truthy(evaluate(e.test, ctx)) ? evaluate(e.then, ctx) : evaluate(e.else, ctx);
    case 'binary':
      return binary(e.op, e.left, e.right, ctx);
  }
}

function binary(op: string, l: Expr, r: Expr, ctx: EvalContext): Value {
  if (op === '&&') return truthy(evaluate(l, ctx)) ? truthy(evaluate(r, ctx)) : false;
  if (op === '||') return truthy(evaluate(l, ctx)) ? true : truthy(evaluate(r, ctx));
  const a = evaluate(l, ctx);
  const b = evaluate(r, ctx);
  switch (op) {
    case '==':
    case '===':
      return equals(a, b);
    case '!=':
    case '!==':
      return !equals(a, b);
    case '+':
      if (typeof a === 'number' && typeof b === 'number') return a + b;
      if ((typeof a === 'string' || typeof b === 'string') && isPrimitive(a) && isPrimitive(b))
        return String(a) + String(b);
      throw new RuleError('Invalid operands for +');
    case '<':
    case '<=':
    case '>':
    case '>=': {
      if (!(
        (typeof a === 'number' && typeof b === 'number') ||
        (typeof a === 'string' && typeof b === 'string')
      ))
        throw new RuleError('Invalid comparison');
      if (op === '<') return a < b;
      if (op === '<=') return a <= b;
      if (op === '>') return a > b;
      return a >= b;
    }
    default: {
      if (typeof a !== 'number' || typeof b !== 'number') throw new RuleError('Expected numbers');
      if (op === '-') return a - b;
      if (op === '*') return a * b;
      if (op === '/') return a / b;
      return a % b;
    }
  }
}

function variable(name: string, ctx: EvalContext): Value {
  switch (name) {
    case 'auth':
      return ctx.auth as Value;
    case 'now':
      return ctx.now;
    case 'root':
      return new RuleSnapshot(ctx.root, []);
    case 'data':
      return new RuleSnapshot(ctx.root, ctx.path);
    case 'newData':
      if (!ctx.newRoot) throw new RuleError('newData is only available in write rules');
      return new RuleSnapshot(ctx.newRoot, ctx.path);
    case 'query':
      return (ctx.query ?? null) as Value;
  }
  if (name.startsWith('$') && name in ctx.vars) return ctx.vars[name]!;
  throw new RuleError(`Unknown variable ${name}`);
}

/**
 * True only if `expr` evaluates to the boolean `true`; errors count as false.
 * @param onError receives the reason when evaluation failed (for debug output)
 */
export function evaluateRule(
  expr: Expr | boolean,
  ctx: EvalContext,
  onError?: (msg: string) => void,
): boolean {
  if (typeof expr === 'boolean') return expr;
  try {
    return evaluate(expr, ctx) === true;
  } catch (err) {
    onError?.((err as Error).message);
    return false;
  }
}
