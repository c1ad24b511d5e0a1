/**
 * Database paths as arrays of keys, and key validation.
 *
 * Source of the key rules: `core/util/validation.ts` in `@firebase/database`
 * (`INVALID_KEY_REGEX_`): keys are non-empty and contain none of `. # $ [ ] /` or ASCII 0-31 / 127.
 * `.priority` (and `.value`/`.sv` inside values) are the only dotted names the protocol uses.
 */

/**
 * Character codes of what a key may not hold (the SDK's `INVALID_KEY_REGEX_`,
 * `/[\[\].#$\/\u0000-\u001F\u007F]/`) other than the control characters.
 */
const SLASH = 0x2f;
const DOT = 0x2e;
const HASH = 0x23;
const DOLLAR = 0x24;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Maximum key length in UTF-8 bytes (Firebase "Limits" page: keys up to 768 bytes). */
export const MAX_KEY_BYTES = 768;

/** Thrown for any input the server refuses: bad path, key, value or query. */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
}

/** True if `key` may name a child. */
export function isValidKey(key: string): boolean {
  const n = key.length;
  // A UTF-16 unit is at most 3 UTF-8 bytes: short keys need no byte count.
  if (n === 0 || (n > MAX_KEY_BYTES / 3 && Buffer.byteLength(key) > MAX_KEY_BYTES)) return false;
  // One scan of the character codes (the regular expression was most of this function's time,
  // which runs for every key of every written value).
  for (let i = 0; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c === SLASH || isForbidden(c)) return false;
  }
  return true;
}

/** Whether a key may not hold the character of code `c`, `/` aside (it separates keys). */
function isForbidden(c: number): boolean {
  return (
    c < 0x20 ||
    c === 0x7f ||
    c === DOT ||
    c === HASH ||
    c === DOLLAR ||
    c === OPEN_BRACKET ||
    c === CLOSE_BRACKET
  );
}

/**
 * Splits `"/a/b"` (leading/trailing/double slashes ignored) into `["a","b"]`.
 * @param allowPriority allow a final `.priority` segment (setPriority writes there)
 * @throws InvalidInputError for an invalid segment
 */
export function parsePath(raw: string, allowPriority = false): string[] {
  // Fast path: keys too short to exceed the byte limit (the length check covers the longest key:
  // it is at most the whole string), cut in one scan that gives up on any character a key may
  // not hold (String.split was most of this function's time on every request).
  if (raw.length <= MAX_KEY_BYTES / 3) {
    const keys = splitValidPath(raw);
    if (keys !== undefined) return keys;
  }
  const out: string[] = [];
  const parts = raw.split('/');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    if (part === '.priority' && allowPriority && i === parts.length - 1) {
      out.push(part);
      continue;
    }
    if (!isValidKey(part))
      throw new InvalidInputError(`Invalid path segment ${JSON.stringify(part)}`);
    out.push(part);
  }
  return out;
}

/**
 * The non-empty keys of `raw` between slashes, or undefined when `raw` holds a character that no
 * key may hold but `/` ({@link isForbidden}; the caller then checks key by key).
 */
function splitValidPath(raw: string): string[] | undefined {
  const keys: string[] = [];
  let start = 0;
  const n = raw.length;
  for (let i = 0; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c === SLASH) {
      if (i > start) keys.push(raw.slice(start, i));
      start = i + 1;
    } else if (isForbidden(c)) {
      return undefined;
    }
  }
  if (n > start) keys.push(raw.slice(start));
  return keys;
}

/** `["a","b"]` → `"/a/b"`; `[]` → `"/"`. */
export function pathToString(path: readonly string[]): string {
  return '/' + path.join('/');
}

/** True if `prefix` equals `path` or is one of its ancestors. */
export function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}

/** Up to this many locations, {@link hasNestedPaths} compares every pair. */
const SMALL_UPDATE = 8;

/**
 * True when one of `paths` is an ancestor of another or equal to it: the locations of a
 * multi-path update must be disjoint (the SDK's `validateFirebaseMergePaths`). One set of the
 * joined paths (a key never holds '/', so the joined form is unambiguous), then each path's
 * proper prefixes looked up: O(keys × depth). Comparing every pair was O(n²): 1.2 × 10⁹
 * comparisons for a PATCH of 50,000 children.
 */
export function hasNestedPaths(paths: readonly (readonly string[])[]): boolean {
  if (paths.length <= SMALL_UPDATE) {
    // Most updates name a few locations: comparing the pairs costs less than building a set.
    for (let i = 0; i < paths.length; i++)
      for (let j = i + 1; j < paths.length; j++)
        if (isPrefix(paths[i]!, paths[j]!) || isPrefix(paths[j]!, paths[i]!)) return true;
    return false;
  }
  const joined = new Set<string>();
  for (const path of paths) {
    const key = path.join('/');
    if (joined.has(key)) return true;
    joined.add(key);
  }
  for (const path of paths) {
    let prefix = '';
    for (let i = 0; i < path.length; i++) {
      if (joined.has(prefix)) return true;
      prefix = i === 0 ? path[0]! : prefix + '/' + path[i]!;
    }
  }
  return false;
}
