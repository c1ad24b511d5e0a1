/**
 * Runtime values of the rules language and their methods.
 *
 * Representation: `int` is a JS `bigint` (so `5 / 2 == 2` and sizes stay exact), `float` a JS
 * `number`, maps are `Map<string, Value>`, lists arrays; timestamps, durations, sets and map diffs
 * are small classes. Semantics follow the Firebase "Rules language reference" (rules.* namespaces);
 * any misuse throws `RulesEvalError`, which an `allow` treats as false.
 */

export class Timestamp {
  constructor(/** Milliseconds since the Unix epoch. */ readonly millis: number) {}
}

export class Duration {
  constructor(/** Length in milliseconds (may be fractional). */ readonly millis: number) {}
}

/** `rules.Set`: unordered, unique items. */
export class RulesSet {
  readonly items: Value[];
  constructor(items: Value[]) {
    this.items = [];
    for (const item of items)
      if (!this.items.some((x) => valuesEqual(x, item))) this.items.push(item);
  }
}

/** `rules.MapDiff`, the result of `map.diff(other)`. */
export class MapDiff {
  constructor(
    readonly left: Map<string, Value>,
    readonly right: Map<string, Value>,
  ) {}
}

export type Value =
  | null
  | boolean
  | bigint
  | number
  | string
  | Value[]
  | Map<string, Value>
  | Timestamp
  | Duration
  | RulesSet
  | MapDiff;

/** An evaluation error (missing field, wrong type, …); makes the enclosing `allow` false. */
export class RulesEvalError extends Error {
  override name = 'RulesEvalError';
}

export function typeName(value: Value): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map) return 'map';
  if (value instanceof Timestamp) return 'timestamp';
  if (value instanceof Duration) return 'duration';
  if (value instanceof RulesSet) return 'set';
  return 'map_diff';
}

/** `x is <type>` (`number` covers int and float; `path` values are strings here). */
export function isType(value: Value, type: string): boolean {
  const actual = typeName(value);
  if (type === 'number') return actual === 'int' || actual === 'float';
  if (type === 'path') return actual === 'string';
  if (type === 'boolean') return actual === 'bool';
  return actual === type;
}

/** Converts decoded JSON (e.g. token claims) into rules values: integers become `int`. */
export function fromJson(json: unknown): Value {
  if (json === null || json === undefined) return null;
  if (typeof json === 'number') return Number.isInteger(json) ? BigInt(json) : json;
  if (typeof json === 'string' || typeof json === 'boolean') return json;
  if (Array.isArray(json)) return json.map(fromJson);
  if (typeof json === 'object') {
    return new Map(
      Object.entries(json as Record<string, unknown>).map(([k, v]) => [k, fromJson(v)]),
    );
  }
  throw new RulesEvalError(`Unsupported JSON value ${String(json)}`);
}

const isNumber = (v: Value): v is bigint | number => typeof v === 'bigint' || typeof v === 'number';

/** Structural equality; `1 == 1.0` is true, as in the rules language. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (isNumber(a) && isNumber(b)) return Number(a) === Number(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => valuesEqual(x, b[i]!));
  if (a instanceof Map) {
    return (
      b instanceof Map &&
      a.size === b.size &&
      [...a].every(([k, v]) => b.has(k) && valuesEqual(v, b.get(k)!))
    );
  }
  if (a instanceof Timestamp) return b instanceof Timestamp && a.millis === b.millis;
  if (a instanceof Duration) return b instanceof Duration && a.millis === b.millis;
  if (a instanceof RulesSet) {
    return (
      b instanceof RulesSet &&
      a.items.length === b.items.length &&
      a.items.every((x) => setHas(b, x))
    );
  }
  return false;
}

/** `<`-style ordering for numbers, strings, timestamps and durations. */
export function compare(a: Value, b: Value): number {
  if (isNumber(a) && isNumber(b))
    return typeof a === 'bigint' && typeof b === 'bigint'
      ? a < b
        ? -1
        : a > b
          ? 1
          : 0
      : Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Timestamp && b instanceof Timestamp) return a.millis - b.millis;
  if (a instanceof Duration && b instanceof Duration) return a.millis - b.millis;
  throw new RulesEvalError(`Cannot compare ${typeName(a)} with ${typeName(b)}`);
}

function setHas(set: RulesSet | Value[], item: Value): boolean {
  return (Array.isArray(set) ? set : set.items).some((x) => valuesEqual(x, item));
}

/** `a in b`: list/set membership or map key presence. */
export function contains(container: Value, item: Value): boolean {
  if (Array.isArray(container) || container instanceof RulesSet) return setHas(container, item);
  if (container instanceof Map) return typeof item === 'string' && container.has(item);
  throw new RulesEvalError(`"in" needs a list, set or map, got ${typeName(container)}`);
}

/** Arithmetic and concatenation (`+ - * / %`). Integer division truncates; dividing by zero is an error. */
export function arithmetic(op: '+' | '-' | '*' | '/' | '%', a: Value, b: Value): Value {
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    if ((op === '/' || op === '%') && b === 0n) throw new RulesEvalError('Division by zero');
    return { '+': a + b, '-': a - b, '*': a * b, '/': a / b, '%': a % b }[op];
  }
  if (isNumber(a) && isNumber(b)) {
    const x = Number(a);
    const y = Number(b);
    return { '+': x + y, '-': x - y, '*': x * y, '/': x / y, '%': x % y }[op];
  }
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (a instanceof Timestamp && b instanceof Duration) return new Timestamp(a.millis + b.millis);
    if (a instanceof Duration && b instanceof Timestamp) return new Timestamp(a.millis + b.millis);
    if (a instanceof Duration && b instanceof Duration) return new Duration(a.millis + b.millis);
  }
  if (op === '-') {
    if (a instanceof Timestamp && b instanceof Timestamp) return new Duration(a.millis - b.millis);
    if (a instanceof Timestamp && b instanceof Duration) return new Timestamp(a.millis - b.millis);
    if (a instanceof Duration && b instanceof Duration) return new Duration(a.millis - b.millis);
  }
  throw new RulesEvalError(`Operator ${op} is not defined for ${typeName(a)} and ${typeName(b)}`);
}

const regexCache = new Map<string, RegExp>();

/**
 * Compiles an RE2-style pattern as a JS RegExp. A leading `(?i)` (RE2 inline flag) becomes the
 * `i` flag; `whole` anchors it, since `matches()` tests the entire string.
 */
export function compileRegex(pattern: string, whole: boolean, global = false): RegExp {
  const key = `${whole ? 'w' : 'p'}${global ? 'g' : ''}:${pattern}`;
  let regex = regexCache.get(key);
  if (!regex) {
    let flags = global ? 'gu' : 'u';
    let source = pattern;
    if (source.startsWith('(?i)')) {
      flags += 'i';
      source = source.slice(4);
    }
    try {
      regex = new RegExp(whole ? `^(?:${source})$` : source, flags);
    } catch {
      throw new RulesEvalError(`Invalid regular expression ${JSON.stringify(pattern)}`);
    }
    regexCache.set(key, regex);
  }
  return regex;
}

const asString = (v: Value, what: string): string => {
  if (typeof v !== 'string')
    throw new RulesEvalError(`${what} must be a string, got ${typeName(v)}`);
  return v;
};

const asList = (v: Value, what: string): Value[] => {
  if (Array.isArray(v)) return v;
  if (v instanceof RulesSet) return v.items;
  throw new RulesEvalError(`${what} must be a list or set, got ${typeName(v)}`);
};

const asInt = (v: Value, what: string): number => {
  if (typeof v !== 'bigint') throw new RulesEvalError(`${what} must be an int, got ${typeName(v)}`);
  return Number(v);
};

function arity(name: string, args: Value[], min: number, max = min): void {
  if (args.length < min || args.length > max)
    throw new RulesEvalError(`${name}() takes ${min === max ? min : `${min}-${max}`} arguments`);
}

/** Calls a built-in method, e.g. `'a.png'.matches('.*png')`, `[1, 2].hasAny([2])`. */
export function callMethod(target: Value, name: string, args: Value[]): Value {
  if (typeof target === 'string') return stringMethod(target, name, args);
  if (Array.isArray(target) || target instanceof RulesSet) return listMethod(target, name, args);
  if (target instanceof Map) return mapMethod(target, name, args);
  if (target instanceof MapDiff) return diffMethod(target, name, args);
  if (target instanceof Timestamp) return timestampMethod(target, name, args);
  if (target instanceof Duration) {
    arity(name, args, 0);
    if (name === 'seconds') return BigInt(Math.trunc(target.millis / 1000));
    if (name === 'nanos') return BigInt(Math.round((target.millis % 1000) * 1e6));
  }
  throw new RulesEvalError(`${typeName(target)} has no method ${name}()`);
}

function stringMethod(s: string, name: string, args: Value[]): Value {
  switch (name) {
    case 'size':
      arity(name, args, 0);
      return BigInt([...s].length);
    case 'matches':
      arity(name, args, 1);
      return compileRegex(asString(args[0]!, 'matches() pattern'), true).test(s);
    case 'lower':
      return s.toLowerCase();
    case 'upper':
      return s.toUpperCase();
    case 'trim':
      return s.trim();
    case 'replace':
      arity(name, args, 2);
      return s.replace(compileRegex(asString(args[0]!, 'replace() pattern'), false, true), () =>
        asString(args[1]!, 'replacement'),
      );
    case 'split':
      arity(name, args, 1);
      return s.split(compileRegex(asString(args[0]!, 'split() pattern'), false));
    case 'toUtf8':
      return [...Buffer.from(s, 'utf8')].map((b) => BigInt(b));
  }
  throw new RulesEvalError(`string has no method ${name}()`);
}

function listMethod(target: Value[] | RulesSet, name: string, args: Value[]): Value {
  const items = Array.isArray(target) ? target : target.items;
  const other = (): Value[] => asList(args[0]!, `${name}() argument`);
  switch (name) {
    case 'size':
      return BigInt(items.length);
    case 'hasAll':
      arity(name, args, 1);
      return other().every((x) => setHas(items, x));
    case 'hasAny':
      arity(name, args, 1);
      return other().some((x) => setHas(items, x));
    case 'hasOnly':
      arity(name, args, 1);
      return items.every((x) => setHas(other(), x));
    case 'join':
      arity(name, args, 1);
      return items
        .map((x) => asString(x, 'join() item'))
        .join(asString(args[0]!, 'join() separator'));
    case 'concat':
      arity(name, args, 1);
      return [...items, ...other()];
    case 'removeAll':
      arity(name, args, 1);
      return items.filter((x) => !setHas(other(), x));
    case 'toSet':
      return new RulesSet(items);
    case 'difference':
      return new RulesSet(items.filter((x) => !setHas(other(), x)));
    case 'intersection':
      return new RulesSet(items.filter((x) => setHas(other(), x)));
    case 'union':
      return new RulesSet([...items, ...other()]);
  }
  throw new RulesEvalError(`list has no method ${name}()`);
}

function mapMethod(map: Map<string, Value>, name: string, args: Value[]): Value {
  switch (name) {
    case 'size':
      return BigInt(map.size);
    case 'keys':
      return [...map.keys()];
    case 'values':
      return [...map.values()];
    case 'get': {
      arity(name, args, 2);
      // get('a', d) or get(['a', 'b'], d) for a nested lookup.
      const path = Array.isArray(args[0]) ? args[0] : [args[0]!];
      let current: Value = map;
      for (const key of path) {
        if (!(current instanceof Map) || typeof key !== 'string' || !current.has(key))
          return args[1]!;
        current = current.get(key)!;
      }
      return current;
    }
    case 'diff':
      arity(name, args, 1);
      if (!(args[0] instanceof Map)) throw new RulesEvalError('diff() needs a map');
      return new MapDiff(map, args[0]);
  }
  throw new RulesEvalError(`map has no method ${name}()`);
}

function diffMethod(diff: MapDiff, name: string, args: Value[]): Value {
  arity(name, args, 0);
  const { left, right } = diff;
  const keys = new Set([...left.keys(), ...right.keys()]);
  const pick = (test: (k: string) => boolean): RulesSet => new RulesSet([...keys].filter(test));
  const changed = (k: string): boolean =>
    left.has(k) && right.has(k) && !valuesEqual(left.get(k)!, right.get(k)!);
  switch (name) {
    case 'addedKeys':
      return pick((k) => !left.has(k) && right.has(k));
    case 'removedKeys':
      return pick((k) => left.has(k) && !right.has(k));
    case 'changedKeys':
      return pick(changed);
    case 'affectedKeys':
      return pick((k) => !(left.has(k) && right.has(k)) || changed(k));
    case 'unchangedKeys':
      return pick((k) => left.has(k) && right.has(k) && !changed(k));
  }
  throw new RulesEvalError(`map_diff has no method ${name}()`);
}

function timestampMethod(t: Timestamp, name: string, args: Value[]): Value {
  arity(name, args, 0);
  const d = new Date(t.millis);
  switch (name) {
    case 'toMillis':
      return BigInt(Math.trunc(t.millis));
    case 'year':
      return BigInt(d.getUTCFullYear());
    case 'month':
      return BigInt(d.getUTCMonth() + 1);
    case 'day':
      return BigInt(d.getUTCDate());
    case 'hours':
      return BigInt(d.getUTCHours());
    case 'minutes':
      return BigInt(d.getUTCMinutes());
    case 'seconds':
      return BigInt(d.getUTCSeconds());
    case 'nanos':
      return BigInt(d.getUTCMilliseconds() * 1_000_000);
    case 'dayOfWeek':
      return BigInt(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
    case 'dayOfYear':
      return BigInt(Math.floor((t.millis - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1);
    case 'date':
      return new Timestamp(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    case 'time':
      return new Duration(t.millis - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  }
  throw new RulesEvalError(`timestamp has no method ${name}()`);
}

const DURATION_UNITS: Record<string, number> = {
  w: 604_800_000,
  d: 86_400_000,
  h: 3_600_000,
  m: 60_000,
  s: 1000,
  ms: 1,
  ns: 1e-6,
};

/**
 * Global functions and namespaces: `int()`, `float()`, `string()`, `bool()`, `debug()`,
 * `math.*`, `timestamp.date/value`, `duration.value/time`.
 */
export function callGlobal(path: string, args: Value[]): Value {
  const [a, b] = args;
  switch (path) {
    case 'int':
      arity(path, args, 1);
      if (typeof a === 'string' && /^[+-]?\d+$/.test(a)) return BigInt(a);
      if (typeof a === 'number' && Number.isFinite(a)) return BigInt(Math.trunc(a));
      if (typeof a === 'bigint') return a;
      break;
    case 'float':
      arity(path, args, 1);
      if (isNumber(a!)) return Number(a);
      if (typeof a === 'string' && a.trim() !== '' && !Number.isNaN(Number(a))) return Number(a);
      break;
    case 'string':
      arity(path, args, 1);
      if (typeof a === 'string') return a;
      if (a === null) return 'null';
      if (typeof a === 'boolean' || typeof a === 'bigint' || typeof a === 'number')
        return String(a);
      break;
    case 'bool':
      arity(path, args, 1);
      if (typeof a === 'boolean') return a;
      if (a === 'true' || a === 'false') return a === 'true';
      break;
    case 'debug':
      arity(path, args, 1);
      return a!;
    case 'math.abs':
      if (typeof a === 'bigint') return a < 0n ? -a : a;
      if (typeof a === 'number') return Math.abs(a);
      break;
    case 'math.ceil':
    case 'math.floor':
    case 'math.round':
    case 'math.sqrt':
      if (isNumber(a!))
        return Math[path.slice(5) as 'ceil' | 'floor' | 'round' | 'sqrt'](Number(a));
      break;
    case 'math.pow':
      if (isNumber(a!) && isNumber(b!)) return Math.pow(Number(a), Number(b));
      break;
    case 'math.isNaN':
      if (isNumber(a!)) return Number.isNaN(Number(a));
      break;
    case 'math.isInfinite':
      if (isNumber(a!)) return Number(a) === Infinity || Number(a) === -Infinity;
      break;
    case 'timestamp.value':
      return new Timestamp(asInt(a!, 'timestamp.value()'));
    case 'timestamp.date':
      arity(path, args, 3);
      return new Timestamp(
        Date.UTC(asInt(a!, 'year'), asInt(b!, 'month') - 1, asInt(args[2]!, 'day')),
      );
    case 'duration.value': {
      arity(path, args, 2);
      const unit = DURATION_UNITS[asString(b!, 'duration unit')];
      if (unit === undefined) throw new RulesEvalError(`Unknown duration unit ${String(b)}`);
      return new Duration(asInt(a!, 'duration.value()') * unit);
    }
    case 'duration.time':
      arity(path, args, 4);
      return new Duration(
        asInt(a!, 'hours') * 3_600_000 +
          asInt(b!, 'minutes') * 60_000 +
          asInt(args[2]!, 'seconds') * 1000 +
          asInt(args[3]!, 'nanos') / 1e6,
      );
    default:
      throw new RulesEvalError(`Unknown function ${path}()`);
  }
  throw new RulesEvalError(`${path}() cannot take ${args.map(typeName).join(', ')}`);
}
