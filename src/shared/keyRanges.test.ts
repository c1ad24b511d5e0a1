import { describe, expect, it } from 'vitest';
import { keyRanges } from './keyRanges';

const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const UID_CHARS = ALPHABET.slice(1, 11) + ALPHABET.slice(11, 37) + ALPHABET.slice(38);

/** A deterministic pseudo-random generator (mulberry32), so that a failure repeats. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const chars = (next: () => number, n: number, from: string) =>
  Array.from({ length: n }, () => from[Math.floor(next() * from.length)]).join('');

/** The database's key order for these keys: integer-like first (numerically), then strings. */
const isInt = (k: string) => /^-?\d{1,10}$/.test(k);
function keyCompare(a: string, b: string): number {
  if (isInt(a) && isInt(b)) return Number(a) - Number(b);
  if (isInt(a)) return -1;
  if (isInt(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How many of `keys` (sorted) fall in each range; throws when a key is in none or in two. */
function sizes(keys: string[], count: number, sample: string[] = []): number[] {
  const sorted = [...keys].sort(keyCompare);
  const ranges = keyRanges(sorted[0]!, sorted[sorted.length - 1]!, count, sample);
  const within = ([from, before]: [string | undefined, string | undefined], key: string) =>
    (from === undefined || keyCompare(key, from) >= 0) &&
    (before === undefined || keyCompare(key, before) < 0);
  const counts = ranges.map(() => 0);
  const misplaced: string[] = [];
  for (const key of sorted) {
    const hits = ranges.flatMap((range, i) => (within(range, key) ? [i] : []));
    if (hits.length === 1) counts[hits[0]!]! += 1;
    else misplaced.push(key);
  }
  expect(misplaced).toEqual([]);
  return counts;
}

describe('keyRanges', () => {
  it('splits random Auth uids into parts of about equal size, each key in exactly one', () => {
    const next = random(1);
    const keys = Array.from({ length: 8_000 }, () => chars(next, 28, UID_CHARS));
    const counts = sizes(keys, 32);
    expect(counts.length).toBeGreaterThanOrEqual(30);
    expect(Math.max(...counts)).toBeLessThan((2 * keys.length) / 32);
  });

  it('splits push ids written over a year (a shared time prefix) evenly', () => {
    const next = random(2);
    const start = Date.UTC(2025, 0, 1);
    const keys = Array.from({ length: 8_000 }, () => {
      let time = start + Math.floor(next() * 365 * 86_400_000);
      let id = '';
      for (let i = 0; i < 8; i++) {
        id = ALPHABET[time % 64]! + id;
        time = Math.floor(time / 64);
      }
      return id + chars(next, 12, ALPHABET);
    });
    const counts = sizes(keys, 32);
    expect(counts.length).toBeGreaterThanOrEqual(30);
    expect(Math.max(...counts)).toBeLessThan((2 * keys.length) / 32);
  });

  it("splits keys dense under a longer prefix by a sample of them (the first page's keys)", () => {
    // The demo's orders: '-Order' and a number of 4 or 5 digits, most under '-Order1'..'-Order4'.
    const next = random(3);
    const keys = Array.from(
      { length: 20_000 },
      (_, i) => `-Order${String(i + 1).padStart(4, '0')}${chars(next, 8, UID_CHARS)}`,
    );
    const sample = Array.from({ length: 50 }, () => keys[Math.floor(next() * keys.length)]!);
    const without = sizes(keys, 32);
    const counts = sizes(keys, 32, sample);
    expect(Math.max(...without)).toBeGreaterThan(keys.length / 8);
    expect(Math.max(...counts)).toBeLessThan(keys.length / 10);
  });

  it('covers integer-like keys and odd characters in the first range, never an integer bound', () => {
    const keys = ['1', '42', '007', 'a.b', 'a b', 'Z~', 'zz', 'zz~', '~~'];
    expect(sizes(keys, 8).reduce((a, b) => a + b)).toBe(keys.length);
    expect(sizes(keys, 8, ['42', 'zz', 'a b']).reduce((a, b) => a + b)).toBe(keys.length);
    const ranges = keyRanges('0', '9999999999', 8);
    for (const [from] of ranges.slice(1)) expect(isInt(from!)).toBe(false);
  });

  it('is one unbounded range when the keys leave no room to split', () => {
    expect(keyRanges('abc', 'abc', 8)).toEqual([[undefined, undefined]]);
  });
});
