import type { PersonBase, ProfileLevelBase } from '@/shared/domain/person';
import type { ReferenceItem } from '@/shared/domain/reference';
import { candidatesFrom } from '@/shared/domain/derived/tutorIndex';
import { blankPerson } from './fixtures';
import { rankTutors as rankCandidates, type RankingStudent } from './rankTutors';

/** The fields of a tutor record these tests set (features/people's Tutor, as stored). */
type Tutor = PersonBase & {
  teachingSince: number | null;
  isMoe: 0 | 1;
  confirmedStudents?: Record<string, Record<string, boolean>>;
  profileLevel?: ProfileLevelBase & {
    subjects: Record<string, { levelStart: string; levelEnd: string }>;
  };
};
type Student = PersonBase & {
  profileLevel?: ProfileLevelBase & { subjects: Record<string, string> };
};

/**
 * Ranks whole tutor records as the Subjects tab does: through their index entries for the
 * subject (tutorsBySubject, which keeps active teachers of the subject only), then rankTutors.
 */
function rankTutors(
  s: RankingStudent,
  subjectId: string,
  tutors: Tutor[],
  levels: readonly ReferenceItem[],
  now: number,
) {
  return rankCandidates(s, candidatesFrom(tutors, subjectId), levels, now);
}

const NOW = Date.UTC(2026, 5, 1);
const level = (id: string, order: number): ReferenceItem => ({ id, name: id, order });
const LEVELS = [level('p1', 1), level('p3', 3), level('p6', 6), level('s1', 7), level('s4', 10)];

const person = blankPerson;
const profile = {
  levelId: 'p3',
  schoolId: null,
  fee: 50,
  preferredTime: '8_12' as const,
  startDate: null,
  groupTuition: 0 as const,
  additionalRequest: '',
  browsingLevelId: null,
};

function student(
  over: Partial<Student['profileLevel'] & object> = {},
  s: Partial<Student> = {},
): Student {
  return {
    ...person,
    id: 's1',
    name: 'S',
    profileLevel: { ...profile, subjects: { math: 'avg' }, ...over },
    ...s,
  };
}

function tutor(
  id: string,
  over: Partial<Tutor> = {},
  pl: Partial<Tutor['profileLevel'] & object> = {},
): Tutor {
  return {
    ...person,
    id,
    name: id,
    teachingSince: null,
    isMoe: 0,
    profileLevel: {
      ...profile,
      fee: 40,
      subjects: { math: { levelStart: 'p1', levelEnd: 'p6' } },
      ...pl,
    },
    ...over,
  };
}

const ids = (r: ReturnType<typeof rankTutors>) => r.map((x) => x.tutorId);
const reasonIds = (r: ReturnType<typeof rankTutors>, id: string) =>
  r.find((x) => x.tutorId === id)?.reasons.map((x) => x.id);
/** The points `id` got for `reason`; 0 when it did not get that reason. */
const pointsFor = (r: ReturnType<typeof rankTutors>, id: string, reason: string) =>
  r.find((x) => x.tutorId === id)?.reasons.find((x) => x.id === reason)?.points ?? 0;

describe('rankTutors hard filters', () => {
  it.each([
    ['inactive tutor', tutor('t', { status: false }), false],
    [
      'does not teach the subject',
      tutor('t', {}, { subjects: { eng: { levelStart: 'p1', levelEnd: 'p6' } } }),
      false,
    ],
    [
      'student level below the range',
      tutor('t', {}, { subjects: { math: { levelStart: 'p6', levelEnd: 's4' } } }),
      false,
    ],
    [
      'student level above the range',
      tutor('t', {}, { subjects: { math: { levelStart: 'p1', levelEnd: 'p1' } } }),
      false,
    ],
    [
      'range with an unknown level',
      tutor('t', {}, { subjects: { math: { levelStart: 'zz', levelEnd: 'p6' } } }),
      false,
    ],
    [
      'range bounds inclusive',
      tutor('t', {}, { subjects: { math: { levelStart: 'p3', levelEnd: 'p3' } } }),
      true,
    ],
    ['no profile level', tutor('t', { profileLevel: undefined }), false],
  ])('%s', (_name, t, kept) => {
    expect(ids(rankTutors(student(), 'math', [t], LEVELS, NOW))).toEqual(kept ? ['t'] : []);
  });

  it('keeps every teacher of the subject when the student has no level, saying so', () => {
    const r = rankTutors(
      student({ levelId: null }),
      'math',
      [tutor('t', {}, { subjects: { math: { levelStart: 's1', levelEnd: 's4' } } })],
      LEVELS,
      NOW,
    );
    expect(ids(r)).toEqual(['t']);
    expect(reasonIds(r, 't')).toContain('Matching.reason.levelUnknown');
  });
});

describe('rankTutors scores', () => {
  it.each([
    [
      'same preferred time beats a different one',
      tutor('a'),
      tutor('b', {}, { preferredTime: '6_10' }),
      'Matching.reason.timeSame',
    ],
    [
      'flexible time beats a different one',
      tutor('a', {}, { preferredTime: '0' }),
      tutor('b', {}, { preferredTime: '6_10' }),
      'Matching.reason.timeFlexible',
    ],
    [
      'fee within the budget beats a fee above',
      tutor('a', {}, { fee: 50 }),
      tutor('b', {}, { fee: 70 }),
      'Matching.reason.feeWithin',
    ],
    [
      'experience counts',
      tutor('a', { teachingSince: 2016 }),
      tutor('b', { teachingSince: 2024 }),
      'Matching.reason.experience',
    ],
    ['MOE teachers rank higher', tutor('a', { isMoe: 1 }), tutor('b'), 'Matching.reason.moe'],
    [
      'same country ranks higher',
      tutor('a'),
      tutor('b', { countryId: 'MY' }),
      'Matching.reason.country',
    ],
    [
      'fewer confirmed students rank higher',
      tutor('a'),
      tutor('b', { confirmedStudents: { x: { math: true }, y: { eng: true } } }),
      'Matching.reason.capacity',
    ],
  ])('%s', (_name, better, worse, reason) => {
    const r = rankTutors(student(), 'math', [worse, better], LEVELS, NOW);
    expect(ids(r)).toEqual(['a', 'b']);
    expect(r[0]!.score).toBeGreaterThan(r[1]!.score);
    expect(reasonIds(r, 'a')).toContain(reason);
    // Experience and capacity are reasons every tutor gets; what counts is that a earns more.
    expect(pointsFor(r, 'a', reason)).toBeGreaterThan(pointsFor(r, 'b', reason));
  });

  it('group tuition: a student wanting a group needs a group tutor', () => {
    const s = student({ groupTuition: 1 });
    const r = rankTutors(s, 'math', [tutor('b'), tutor('a', {}, { groupTuition: 1 })], LEVELS, NOW);
    expect(ids(r)).toEqual(['a', 'b']);
    expect(reasonIds(r, 'b')).toContain('Matching.reason.groupNo');
  });

  it('scales the fee points down with the distance above the budget, 0 at double', () => {
    const r = rankTutors(
      student(),
      'math',
      [tutor('a', {}, { fee: 75 }), tutor('b', {}, { fee: 100 })],
      LEVELS,
      NOW,
    );
    const fee = (id: string) =>
      r.find((x) => x.tutorId === id)!.reasons.find((x) => x.id === 'Matching.reason.feeAbove')!
        .points;
    expect(fee('a')).toBe(12.5);
    expect(fee('b')).toBe(0);
  });

  it('gives the documented total for a perfect tutor and sums the reasons', () => {
    const perfect = tutor('a', { isMoe: 1, teachingSince: 2000 });
    const [r] = rankTutors(student(), 'math', [perfect], LEVELS, NOW);
    expect(r!.score).toBe(20 + 10 + 25 + 15 + 10 + 10 + 10);
    expect(r!.reasons.reduce((n, x) => n + x.points, 0)).toBe(r!.score);
    // Each reason also gives its criterion's maximum: together 100; the level check gives none.
    expect(r!.reasons.reduce((n, x) => n + x.max, 0)).toBe(100);
    expect(r!.reasons.find((x) => x.id === 'Matching.reason.levelFits')?.max).toBe(0);
  });

  it('reports the fee criterion out of its maximum when the fee is above the budget', () => {
    const [r] = rankTutors(student(), 'math', [tutor('a', {}, { fee: 75 })], LEVELS, NOW);
    expect(r!.reasons.find((x) => x.id === 'Matching.reason.feeAbove')).toEqual({
      id: 'Matching.reason.feeAbove',
      points: 12.5,
      max: 25,
    });
  });

  it('breaks ties by tutor id, deterministically', () => {
    expect(
      ids(rankTutors(student(), 'math', [tutor('c'), tutor('a'), tutor('b')], LEVELS, NOW)),
    ).toEqual(['a', 'b', 'c']);
  });
});
