/**
 * `uses/{kind}/{collection}/{id}`: how many students and tutors refer to a reference record, and
 * how many confirmed matches a subject has, so that deleting a country, field level, browsing
 * level, school or subject can say what uses it ("used by 2 students and 3 tutors") with one
 * read of a few bytes, instead of reading every student and tutor (spec section 3: the ids a
 * person's record holds). Counters, kept by the students' and tutors' triggers
 * (functions/src/derivedNodes.ts): each person counts once per record it refers to.
 *
 * What a person refers to: `countryId` (countries), `profileLevel.levelId` (fieldLevels),
 * `profileLevel.schoolId` (schools), `profileLevel.browsingLevelId` (levels), the keys of
 * `profileLevel.subjects` and, for a student, of `tutorMapping` (subjects), a tutor's level range
 * per subject (`levelStart`, `levelEnd`: fieldLevels); a student's subject
 * with a confirmed tutor is also one `matches` of that subject. Orders hold a subject's name, not
 * its id: the delete dialog counts them by an indexed query (`orders` `.indexOn` subjectName).
 */
import type { Derivation } from './derivation';

/** Where the counters live. */
export const USES_PATH = 'uses';

/** The reference collections that records refer to. */
export type ReferencedCollection = 'countries' | 'fieldLevels' | 'levels' | 'schools' | 'subjects';
/** What is counted per referenced record. */
export type UseKind = 'students' | 'tutors' | 'matches';

/** The counters of one referenced record, as stored (absent = 0). */
export type UseCounts = Partial<Record<UseKind, number>>;

/** The path of one counter: how many `kind` refer to `collection/id`. */
export const usesPath = (kind: UseKind, collection: ReferencedCollection, id: string) =>
  `${USES_PATH}/${kind}/${collection}/${id}`;

/** A Database key: 1-768 characters without `.`, `#`, `$`, `[`, `]` or `/`. */
const isKey = (id: unknown): id is string =>
  typeof id === 'string' && id.length > 0 && id.length <= 768 && !/[.#$[\]/]/.test(id);

interface PersonRefs {
  countryId?: unknown;
  profileLevel?: {
    levelId?: unknown;
    schoolId?: unknown;
    browsingLevelId?: unknown;
    subjects?: Record<string, unknown> | null;
  } | null;
  tutorMapping?: Record<string, { confirmed?: unknown } | null> | null;
}

/** A person's share of the counters: 1 per record it refers to (see the module comment). */
export function personUses(
  kind: 'students' | 'tutors',
  record: object | null,
): Record<string, number> {
  const shares: Record<string, number> = {};
  if (!record) return shares;
  const person = record as PersonRefs;
  const add = (collection: ReferencedCollection, id: unknown, what: UseKind = kind) => {
    if (isKey(id)) shares[usesPath(what, collection, id)] = 1;
  };
  add('countries', person.countryId);
  const level = person.profileLevel;
  add('fieldLevels', level?.levelId);
  add('schools', level?.schoolId);
  add('levels', level?.browsingLevelId);
  for (const [subject, value] of Object.entries(level?.subjects ?? {})) {
    add('subjects', subject);
    // A tutor's level range per subject names two field levels.
    if (value && typeof value === 'object') {
      const range = value as { levelStart?: unknown; levelEnd?: unknown };
      add('fieldLevels', range.levelStart);
      add('fieldLevels', range.levelEnd);
    }
  }
  if (kind === 'students') {
    for (const [subject, mapping] of Object.entries(person.tutorMapping ?? {})) {
      add('subjects', subject);
      if (mapping?.confirmed) add('subjects', subject, 'matches');
    }
  }
  return shares;
}

/**
 * The counters of `kind`'s records as a Derivation; rebuild gives `uses/{kind}` (and, for
 * students, `uses/matches`) whole, so that a repair also removes counters of records no longer
 * referred to.
 */
export function referenceUses(kind: 'students' | 'tutors'): Derivation {
  const kinds: UseKind[] = kind === 'students' ? ['students', 'matches'] : ['tutors'];
  return {
    count: (record) => personUses(kind, record),
    rebuild: (records) => {
      const nodes: Record<string, Record<string, Record<string, number>>> = Object.fromEntries(
        kinds.map((k) => [k, {}]),
      );
      for (const record of Object.values(records))
        for (const path of Object.keys(personUses(kind, record))) {
          const [, what, collection, id] = path.split('/') as [string, UseKind, string, string];
          const node = (nodes[what]![collection] ??= {});
          node[id] = (node[id] ?? 0) + 1;
        }
      return Object.fromEntries(kinds.map((k) => [`${USES_PATH}/${k}`, nodes[k]]));
    },
  };
}
