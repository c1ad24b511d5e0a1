import type { Expr, FunctionDecl, MatchBlock, PathSegment, RulesMethod, Ruleset } from './ast';
import {
  arithmetic,
  callGlobal,
  callMethod,
  compare,
  contains,
  isType,
  RulesEvalError,
  typeName,
  valuesEqual,
  type Value,
} from './values';

/** Calls nested deeper than this fail, as Firebase limits function-call depth (to 20). */
const MAX_CALL_DEPTH = 20;

/** Names of built-in namespaces reachable as `math.abs(…)`, `timestamp.date(…)`, … */
const NAMESPACES = new Set(['math', 'timestamp', 'duration']);

/** Input of one rules decision. */
export interface RulesEvaluation {
  method: RulesMethod;
  /** Path segments after the service root, e.g. `['b', 'my-bucket', 'o', 'users', 'u1', 'a.png']`. */
  segments: string[];
  /** Globals visible to every expression: `request` and `resource` (maps or null). */
  globals: Record<'request' | 'resource', Value>;
}

/** Outcome of one rules decision. */
export interface RulesDecision {
  allowed: boolean;
  /** Evaluation errors met on the way (each made its `allow` false). */
  errors: string[];
}

interface Scope {
  variables: Map<string, Value>;
  functions: Map<string, { decl: FunctionDecl; scope: Scope }>;
  parent: Scope | null;
}

function newScope(parent: Scope | null, functions: FunctionDecl[] = []): Scope {
  const scope: Scope = { variables: new Map(), functions: new Map(), parent };
  for (const decl of functions) scope.functions.set(decl.name, { decl, scope });
  return scope;
}

/**
 * Decides one request against a ruleset.
 *
 * Semantics (Firebase "How Security Rules work"): nested `match` paths concatenate; a request is
 * allowed when any `allow` for its method in any match block that matches the whole path is true;
 * an expression error makes that `allow` false; nothing matching means denied. `{x}` matches one
 * segment; `{x=**}` the rest of the path (zero or more segments in rules_version 2, one or more in
 * version 1), binding the segments joined with `/`.
 */
export function evaluateRules(ruleset: Ruleset, evaluation: RulesEvaluation): RulesDecision {
  const root = newScope(null, ruleset.functions);
  for (const [name, value] of Object.entries(evaluation.globals)) root.variables.set(name, value);
  const decision: RulesDecision = { allowed: false, errors: [] };
  visit(ruleset.matches, 0, root);
  return decision;

  function visit(blocks: MatchBlock[], offset: number, scope: Scope): void {
    for (const block of blocks) {
      if (decision.allowed) return;
      const bound = matchSegments(block.segments, evaluation.segments, offset, ruleset.version);
      if (!bound) continue;
      const blockScope = newScope(scope, block.functions);
      for (const [name, value] of bound.variables) blockScope.variables.set(name, value);
      if (bound.consumed === evaluation.segments.length) {
        for (const allow of block.allows) {
          if (!allow.methods.includes(evaluation.method)) continue;
          if (
            allow.condition === null ||
            conditionHolds(allow.condition, blockScope, decision.errors)
          ) {
            decision.allowed = true;
            return;
          }
        }
      }
      if (bound.consumed < evaluation.segments.length || block.matches.length > 0) {
        visit(block.matches, bound.consumed, blockScope);
      }
    }
  }
}

function conditionHolds(condition: Expr, scope: Scope, errors: string[]): boolean {
  try {
    return evaluate(condition, scope, 0) === true;
  } catch (error) {
    if (!(error instanceof RulesEvalError)) throw error;
    errors.push(`line ${condition.line}: ${error.message}`);
    return false;
  }
}

function matchSegments(
  pattern: PathSegment[],
  segments: string[],
  offset: number,
  version: '1' | '2',
): { consumed: number; variables: Map<string, string> } | undefined {
  const variables = new Map<string, string>();
  let i = offset;
  for (const segment of pattern) {
    if (segment.kind === 'rest') {
      const rest = segments.slice(i);
      if (rest.length === 0 && version === '1') return undefined;
      variables.set(segment.variable, rest.join('/'));
      return { consumed: segments.length, variables };
    }
    const actual = segments[i];
    if (actual === undefined) return undefined;
    if (segment.kind === 'literal' && segment.text !== actual) return undefined;
    if (segment.kind === 'single') variables.set(segment.variable, actual);
    i++;
  }
  return { consumed: i, variables };
}

function lookup(scope: Scope | null, name: string): Value {
  for (let s = scope; s; s = s.parent) if (s.variables.has(name)) return s.variables.get(name)!;
  throw new RulesEvalError(`Unknown variable "${name}"`);
}

function findFunction(
  scope: Scope | null,
  name: string,
): { decl: FunctionDecl; scope: Scope } | undefined {
  for (let s = scope; s; s = s.parent) {
    const found = s.functions.get(name);
    if (found) return found;
  }
  return undefined;
}

function member(object: Value, name: string): Value {
  if (object instanceof Map) {
    if (!object.has(name)) throw new RulesEvalError(`Property "${name}" is undefined on the map`);
    return object.get(name)!;
  }
  throw new RulesEvalError(`Cannot read "${name}" of ${typeName(object)}`);
}

function index(object: Value, key: Value): Value {
  if (object instanceof Map) return member(object, typeof key === 'string' ? key : String(key));
  if (Array.isArray(object) || typeof object === 'string') {
    if (typeof key !== 'bigint') throw new RulesEvalError('Index must be an int');
    const items = Array.isArray(object) ? object : [...object];
    const i = Number(key);
    if (i < 0 || i >= items.length) throw new RulesEvalError(`Index ${i} out of range`);
    return items[i]!;
  }
  throw new RulesEvalError(`Cannot index ${typeName(object)}`);
}

function truthy(value: Value, what: string): boolean {
  if (typeof value !== 'boolean')
    throw new RulesEvalError(`${what} must be a bool, got ${typeName(value)}`);
  return value;
}

/** Evaluates an expression; throws `RulesEvalError` for runtime errors. */
function evaluate(expr: Expr, scope: Scope, depth: number): Value {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'identifier':
      return lookup(scope, expr.name);
    case 'list':
      return expr.items.map((item) => evaluate(item, scope, depth));
    case 'map': {
      const map = new Map<string, Value>();
      for (const [k, v] of expr.entries) {
        const key = evaluate(k, scope, depth);
        if (typeof key !== 'string') throw new RulesEvalError('Map keys must be strings');
        map.set(key, evaluate(v, scope, depth));
      }
      return map;
    }
    case 'member':
      return member(evaluate(expr.object, scope, depth), expr.name);
    case 'index':
      return index(evaluate(expr.object, scope, depth), evaluate(expr.index, scope, depth));
    case 'slice': {
      const target = evaluate(expr.object, scope, depth);
      if (typeof target !== 'string' && !Array.isArray(target))
        throw new RulesEvalError(`Cannot slice ${typeName(target)}`);
      const bound = (e: Expr | null, fallback: number): number => {
        if (!e) return fallback;
        const v = evaluate(e, scope, depth);
        if (typeof v !== 'bigint') throw new RulesEvalError('Slice bounds must be ints');
        return Number(v);
      };
      const items = typeof target === 'string' ? [...target] : target;
      const sliced = items.slice(bound(expr.start, 0), bound(expr.end, items.length));
      return typeof target === 'string' ? (sliced as string[]).join('') : sliced;
    }
    case 'call':
      return call(expr, scope, depth);
    case 'unary': {
      const operand = evaluate(expr.operand, scope, depth);
      if (expr.operator === '!') return !truthy(operand, 'Operand of !');
      if (typeof operand === 'bigint') return -operand;
      if (typeof operand === 'number') return -operand;
      throw new RulesEvalError(`Cannot negate ${typeName(operand)}`);
    }
    case 'is':
      return isType(evaluate(expr.operand, scope, depth), expr.type);
    case 'conditional':
      return truthy(evaluate(expr.test, scope, depth), 'Condition')
        ? evaluate(expr.consequent, scope, depth)
        : evaluate(expr.alternate, scope, depth);
    case 'binary':
      return binary(expr, scope, depth);
  }
}

function binary(expr: Extract<Expr, { kind: 'binary' }>, scope: Scope, depth: number): Value {
  const { operator } = expr;
  if (operator === '&&' || operator === '||') {
    // Error-tolerant short circuit, as in Firebase rules: `error || true` is true and
    // `error && false` is false; otherwise the error stands.
    const decisive = operator === '||';
    let leftError: unknown;
    try {
      if (truthy(evaluate(expr.left, scope, depth), `Left side of ${operator}`) === decisive)
        return decisive;
    } catch (error) {
      if (!(error instanceof RulesEvalError)) throw error;
      leftError = error;
    }
    const right = truthy(evaluate(expr.right, scope, depth), `Right side of ${operator}`);
    if (right === decisive) return decisive;
    if (leftError) throw leftError;
    return right;
  }
  const left = evaluate(expr.left, scope, depth);
  const right = evaluate(expr.right, scope, depth);
  switch (operator) {
    case '==':
      return valuesEqual(left, right);
    case '!=':
      return !valuesEqual(left, right);
    case '<':
      return compare(left, right) < 0;
    case '<=':
      return compare(left, right) <= 0;
    case '>':
      return compare(left, right) > 0;
    case '>=':
      return compare(left, right) >= 0;
    case 'in':
      return contains(right, left);
    default:
      return arithmetic(operator, left, right);
  }
}

function call(expr: Extract<Expr, { kind: 'call' }>, scope: Scope, depth: number): Value {
  const { callee } = expr;
  const args = (): Value[] => expr.args.map((arg) => evaluate(arg, scope, depth));
  if (callee.kind === 'identifier') {
    const fn = findFunction(scope, callee.name);
    if (!fn) return callGlobal(callee.name, args());
    if (depth >= MAX_CALL_DEPTH) throw new RulesEvalError('Function calls nested too deeply');
    const { decl } = fn;
    if (decl.params.length !== expr.args.length) {
      throw new RulesEvalError(
        `${decl.name}() takes ${decl.params.length} arguments, got ${expr.args.length}`,
      );
    }
    const values = args();
    const local = newScope(fn.scope);
    decl.params.forEach((param, i) => local.variables.set(param, values[i]!));
    for (const binding of decl.lets)
      local.variables.set(binding.name, evaluate(binding.value, local, depth + 1));
    return evaluate(decl.body, local, depth + 1);
  }
  if (callee.kind === 'member') {
    if (
      callee.object.kind === 'identifier' &&
      NAMESPACES.has(callee.object.name) &&
      !hasVariable(scope, callee.object.name)
    ) {
      return callGlobal(`${callee.object.name}.${callee.name}`, args());
    }
    return callMethod(evaluate(callee.object, scope, depth), callee.name, args());
  }
  throw new RulesEvalError('Only functions and methods can be called');
}

function hasVariable(scope: Scope | null, name: string): boolean {
  for (let s = scope; s; s = s.parent) if (s.variables.has(name)) return true;
  return false;
}
