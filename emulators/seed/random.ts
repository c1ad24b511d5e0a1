/**
 * A small seeded PRNG (mulberry32, public domain, by Tommy Ettinger) so demo data is the same on
 * every machine and run: same seed, same names, ids and numbers.
 */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p` (0..1). */
  chance(p: number): boolean;
  /** `count` distinct elements (all of them when count >= length), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A string of `length` characters from `alphabet`. */
  chars(length: number, alphabet?: string): string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A {@link Random} from a 32-bit integer seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return {
    next,
    int,
    pick,
    chance: (p) => next() < p,
    sample: (items, count) => {
      // Partial Fisher-Yates: only the first `count` positions are drawn.
      const copy = [...items];
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i++) {
        const j = int(i, copy.length - 1);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy.slice(0, n);
    },
    chars: (length, alphabet = ID_ALPHABET) =>
      Array.from({ length }, () => alphabet[int(0, alphabet.length - 1)]).join(''),
  };
}
