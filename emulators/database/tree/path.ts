/**
 * Database paths as arrays of keys, and key validation.
 *
 * Source of the key rules: `core/util/validation.ts` in `@firebase/database`
 * (`INVALID_KEY_REGEX_`): keys are non-empty and contain none of `. # $ [ ] /` or ASCII 0-31 / 127.
 * `.priority` (and `.value`/`.sv` inside values) are the only dotted names the protocol uses.
 */

/** A key that the SDKs refuse: `. # $ [ ] /` or a control character. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const INVALID_KEY = /[[\].#$/\u0000-\u001F\u007F]/;

/** {@link INVALID_KEY} without `/`: a path none of whose keys can be invalid by its characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const INVALID_IN_PATH = /[[\].#$\u0000-\u001F\u007F]/;

/** Maximum key length in UTF-8 bytes (Firebase "Limits" page: keys up to 768 bytes). */
export const MAX_KEY_BYTES = 768;

/** Thrown for any input the server refuses: bad path, key, value or query. */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
}

/** True if `key` may name a child. */
export function isValidKey(key: string): boolean {
  // A UTF-16 unit is at most 3 UTF-8 bytes: short keys need no byte count.
  return (
    key.length > 0 &&
    !INVALID_KEY.test(key) &&
    (key.length <= MAX_KEY_BYTES / 3 || Buffer.byteLength(key) <= MAX_KEY_BYTES)
  );
}

/**
 * Splits `"/a/b"` (leading/trailing/double slashes ignored) into `["a","b"]`.
 * @param allowPriority allow a final `.priority` segment (setPriority writes there)
 * @throws InvalidInputError for an invalid segment
 */
export function parsePath(raw: string, allowPriority = false): string[] {
  // Fast path: no character a key may not hold anywhere, and keys too short to exceed the byte
  // limit (the length check covers the longest key: it is at most the whole string).
  if (!INVALID_IN_PATH.test(raw) && raw.length <= MAX_KEY_BYTES / 3) {
    const keys = raw.split('/');
    let empty = 0;
    for (const k of keys) if (k === '') empty++;
    return empty ? keys.filter((k) => k !== '') : keys;
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
