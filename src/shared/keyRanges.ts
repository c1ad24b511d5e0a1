/**
 * Key ranges that split a database node's children into parts of about equal size, for following
 * a large list with one listener per part (shared/rtdb `watch`): the SDK handles each listener's
 * data in a task of its own, so no single task holds the whole list.
 */

/** Characters of push ids and Auth uids, in the database's key order (ascending char codes). */
const KEY_ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
/** Characters after the common prefix that the boundaries are interpolated on (64^4 steps). */
const KEY_DIGITS = 4;

/** The rank of a character in KEY_ALPHABET, or of where it would be (a monotone map). */
function keyDigit(c: string | undefined): number {
  if (c === undefined) return 0;
  const at = KEY_ALPHABET.indexOf(c);
  if (at >= 0) return at;
  let rank = 0;
  while (rank < KEY_ALPHABET.length && (KEY_ALPHABET[rank] as string) < c) rank++;
  return Math.min(rank, KEY_ALPHABET.length - 1);
}

/** A key the database orders as a number (the SDK's tryParseInt): never a boundary. */
const INTEGER_KEY = /^-?\d{1,10}$/;

/**
 * Key ranges that split the keys between `first` and `last` (a list's first and last key by
 * orderByKey) into about `count` parts: `[from, before)` pairs, the first without `from`, the
 * last without `before`, so that every key falls in exactly one (integer-like keys, which the
 * database orders first, in the first). The boundaries are interpolated on the 4 characters after
 * the two keys' common prefix (uniform for random Auth uids and for push ids written at a steady
 * pace); the keys of `sample` (e.g. a list's first page, when its keys are spread among the
 * others) are boundaries too, which splits keys that share a longer prefix (e.g. `-Order1...`).
 * Other keys are still covered, less evenly. Boundaries are not integer-like.
 * @returns `count` + `sample.length` ranges at most; one, unbounded, when the keys leave no room
 *   to split and no sample.
 */
export function keyRanges(
  first: string,
  last: string,
  count: number,
  sample: readonly string[] = [],
): Array<[string | undefined, string | undefined]> {
  let prefix = 0;
  while (prefix < first.length && first[prefix] === last[prefix]) prefix++;
  const base = KEY_ALPHABET.length;
  const value = (key: string) => {
    let v = 0;
    for (let j = 0; j < KEY_DIGITS; j++) v = v * base + keyDigit(key[prefix + j]);
    return v;
  };
  const low = value(first);
  const high = value(last);
  const bounds: string[] = [];
  for (let i = 1; i < count; i++) {
    let v = low + Math.floor(((high - low) * i) / count);
    if (v <= low) continue;
    let digits = '';
    for (let j = 0; j < KEY_DIGITS; j++) {
      digits = (KEY_ALPHABET[v % base] as string) + digits;
      v = Math.floor(v / base);
    }
    const bound = first.slice(0, prefix) + digits;
    if (!INTEGER_KEY.test(bound)) bounds.push(bound);
  }
  // Sampled keys split further where the keys are dense (keys that share longer prefixes).
  for (const key of sample) if (!INTEGER_KEY.test(key)) bounds.push(key);
  bounds.sort();
  const ranges: Array<[string | undefined, string | undefined]> = [];
  let from: string | undefined;
  for (const bound of bounds) {
    if (bound === from) continue;
    ranges.push([from, bound]);
    from = bound;
  }
  ranges.push([from, undefined]);
  return ranges;
}
