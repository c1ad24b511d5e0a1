/**
 * The embedded multiple-intelligence catalogue (spec section 1; section 9, Intelligence test).
 *
 * Eight types, always in this order: a test result (`students/{id}.testResult`,
 * `tutors/{id}.testResult`) and the `/chart/{data}` parameter list one score per type in the same
 * order. Each score is the sum of one test part's answers, 0..18 (the radar's axis, spec 9).
 * Names, descriptions and jobs are catalogue message ids (src/app/i18n/{en,es}/intelligence.json).
 */

/** Stable key of an intelligence type. */
export type IntelligenceKey =
  | 'linguistic'
  | 'mathematical'
  | 'musical'
  | 'visual'
  | 'kinesthetic'
  | 'interpersonal'
  | 'intrapersonal'
  | 'naturalistic';

/** One type of the catalogue. */
export interface Intelligence {
  key: IntelligenceKey;
  /** Message id of the type's name, e.g. 'Intelligence.linguistic.name'. */
  nameId: string;
  /** Message id of the description. */
  descriptionId: string;
  /** Message ids of suitable jobs, in display order. */
  jobIds: readonly string[];
  /** CSS colour of the type (hex), used for its point on the radar and its tag. */
  color: string;
}

/** Number of types, and so of scores in a result. */
export const INTELLIGENCE_COUNT = 8;
/** Lowest and highest possible score of one type (spec 9: radar axis 0 to 18). */
export const MIN_SCORE = 0;
export const MAX_SCORE = 18;
/** Radar axis step (spec 9). */
export const SCORE_STEP = 2;

/** How many jobs each type lists; the catalogue holds `Intelligence.<key>.job<n>` for n = 1..5. */
const JOBS_PER_TYPE = 5;

/**
 * One colour per type, each at least 4.5:1 against white (WCAG 2.1 AA), because the colours are
 * used for text on white and as the background of white text.
 */
const COLORS: Record<IntelligenceKey, string> = {
  linguistic: '#e6194b',
  mathematical: '#1e7b34',
  musical: '#b34700',
  visual: '#4363d8',
  kinesthetic: '#911eb4',
  interpersonal: '#8a6d00',
  intrapersonal: '#008080',
  naturalistic: '#7a5230',
};

const KEYS: readonly IntelligenceKey[] = [
  'linguistic',
  'mathematical',
  'musical',
  'visual',
  'kinesthetic',
  'interpersonal',
  'intrapersonal',
  'naturalistic',
];

/** The eight types in catalogue order (Linguistic … Naturalistic). */
export const INTELLIGENCES: readonly Intelligence[] = KEYS.map((key) => ({
  key,
  nameId: `Intelligence.${key}.name`,
  descriptionId: `Intelligence.${key}.description`,
  jobIds: Array.from({ length: JOBS_PER_TYPE }, (_, i) => `Intelligence.${key}.job${i + 1}`),
  color: COLORS[key],
}));

/** Why a scores string was refused; `messageId` is its catalogue text. */
export type ScoresErrorKind = 'empty' | 'count' | 'notNumber' | 'outOfRange';

/** A malformed result: wrong number of scores, a non-number, or a score outside 0..18. */
export class ScoresError extends Error {
  readonly kind: ScoresErrorKind;
  /** 1-based position of the offending score, when there is one. */
  readonly position: number | null;
  /** Catalogue message id describing the problem ('Intelligence.error.<kind>'). */
  readonly messageId: string;
  constructor(kind: ScoresErrorKind, position: number | null = null) {
    super(`Malformed scores (${kind}${position === null ? '' : ` at ${position}`})`);
    this.kind = kind;
    this.position = position;
    this.messageId = `Intelligence.error.${kind}`;
  }
}

/**
 * Parses the `/chart/{data}` parameter: eight comma-separated numbers in catalogue order
 * (spec 2, route list; spec 9). Spaces around numbers are allowed; decimals are allowed (a score
 * is a sum, but nothing forbids halves); each must lie in 0..18.
 *
 * @returns the eight scores.
 * @throws ScoresError 'empty' (no data), 'count' (not exactly eight values), 'notNumber',
 *   'outOfRange'.
 */
export function parseScores(data: string | undefined | null): number[] {
  const text = (data ?? '').trim();
  if (!text) throw new ScoresError('empty');
  const parts = text.split(',');
  if (parts.length !== INTELLIGENCE_COUNT) throw new ScoresError('count');
  return parts.map((part, i) => {
    const trimmed = part.trim();
    // Number('') is 0 and Number('0x10') is 16: only plain decimals are scores.
    if (!/^\d+(\.\d+)?$/.test(trimmed)) throw new ScoresError('notNumber', i + 1);
    const value = Number(trimmed);
    if (value < MIN_SCORE || value > MAX_SCORE) throw new ScoresError('outOfRange', i + 1);
    return value;
  });
}

/** True when `value` is a complete result: eight finite numbers (as stored in testResult). */
export function isScores(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.length === INTELLIGENCE_COUNT &&
    value.every((v) => typeof v === 'number' && Number.isFinite(v))
  );
}

/** A type with its score. */
export interface ScoredIntelligence {
  intelligence: Intelligence;
  score: number;
}

/**
 * The `count` highest scores (spec 2: the Test result tab lists the top 3), highest first; ties
 * keep catalogue order, so the result is stable.
 */
export function topScores(scores: readonly number[], count = 3): ScoredIntelligence[] {
  return INTELLIGENCES.map((intelligence, i) => ({ intelligence, score: scores[i] ?? 0 }))
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.score - a.entry.score || a.index - b.index)
    .slice(0, count)
    .map(({ entry }) => entry);
}

const VOWEL = /[aeiouyáéíóúüàèìòùâêîôû]/i;
const LETTER = /\p{L}/u;
/** Consonant pairs read as one sound: never split, and a break may come before them. */
const DIGRAPHS = new Set(['th', 'ch', 'sh', 'ph', 'll', 'rr', 'qu', 'gu']);

/**
 * Where a word may break into two lines: before a consonant (or a consonant pair read as one)
 * that starts a syllable, i.e. that a vowel follows ('Inter|personal', 'Kines|thetic').
 */
function breakPoints(word: string): number[] {
  const points: number[] = [];
  const lower = word.toLowerCase();
  for (let i = 2; i <= word.length - 3; i++) {
    const c = lower[i] ?? '';
    if (!LETTER.test(c) || VOWEL.test(c) || !LETTER.test(lower[i - 1] ?? '')) continue;
    if (DIGRAPHS.has(lower.slice(i - 1, i + 1))) continue;
    const next = DIGRAPHS.has(lower.slice(i, i + 2)) ? lower[i + 2] : lower[i + 1];
    if (next && VOWEL.test(next)) points.push(i);
  }
  return points;
}

/** `word` in two lines at the syllable break nearest its middle, the first ending in '-'. */
function hyphenate(word: string): string[] {
  const middle = word.length / 2;
  const best = breakPoints(word).reduce<number | null>(
    (found, i) => (found === null || Math.abs(i - middle) < Math.abs(found - middle) ? i : found),
    null,
  );
  const at = best ?? Math.ceil(middle);
  return [`${word.slice(0, at)}-`, word.slice(at)];
}

/**
 * A label in lines of about `maxChars` characters for a narrow chart: broken after its own
 * hyphens and at spaces, and a word longer than that hyphenated once at a syllable break
 * ('Interpersonal' -> 'Inter-', 'personal'; 'Lógico-matemática' -> 'Lógico-', 'matemática').
 * chart.js draws an array label as one line per item.
 */
export function wrapLabel(label: string, maxChars: number): string[] {
  const pieces = label
    .split(/(?<=-)|\s+/)
    .filter(Boolean)
    .flatMap((piece) => (piece.length > maxChars + 1 ? hyphenate(piece) : [piece]));
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + piece.length + 1 <= maxChars) {
      lines[lines.length - 1] = last.endsWith('-') ? last + piece : `${last} ${piece}`;
    } else {
      lines.push(piece);
    }
  }
  return lines;
}
