/**
 * Ranking of candidate tutors for one subject of a student (spec section 3, Tutor mapping; section
 * 9 for the enumerations). Pure: no I/O, no clock unless `now` is omitted.
 *
 * The candidates are the entries of the subject's index (`tutorsBySubject/{subjectId}`,
 * shared/domain/derived/tutorIndex), which holds only active tutors teaching the subject: the first
 * two hard filters (active, teaches the subject) are the index's. The third is applied here:
 * the student's school level lies within the tutor's levelStart..levelEnd for that subject,
 * compared by the field levels' `order`. A student without a level passes (nothing to compare)
 * and gets the reason 'Matching.reason.levelUnknown'; a tutor whose range names an unknown field
 * level fails.
 *
 * Scores (points add up to at most 100), each reported as a Reason with its criterion's maximum:
 * - preferred time: same slot 20, either side has no preference ('0') 10, else 0;
 * - group tuition: the student wants no group, or both do group tuition 10, else 0;
 * - fee: tutor's fee within the student's budget 25; above it, 25 scaled down by how far above
 *   (0 at twice the budget); either fee unknown 10;
 * - experience: 1.5 per year since `teachingSince`, at most 15;
 * - MOE teacher: 10;
 * - same country: 10;
 * - capacity: 10 / (1 + number of confirmed student-subjects), so free tutors rank higher.
 *
 * Performance: a call precomputes one Map of field-level orders; the loop allocates only the
 * results of candidates (10,000 tutors in well under 20 ms, bench/matching.ts).
 */
import type { ProfileLevelBase } from '@/shared/domain/person';
import type { ReferenceItem } from '@/shared/domain/reference';
import type { TutorCandidate } from '@/shared/domain/derived/tutorIndex';

/** What ranking reads of the student (a Student of features/people satisfies it). */
export interface RankingStudent {
  countryId: string;
  profileLevel?: Pick<ProfileLevelBase, 'levelId' | 'preferredTime' | 'groupTuition' | 'fee'>;
}

/**
 * Why a tutor got points: a catalogue id (Matching.reason.*), the points it gave, and the most
 * its criterion can give (0 for the level check, a filter rather than a score).
 */
export interface Reason {
  id: string;
  points: number;
  max: number;
}

/** One candidate, best first in the array `rankTutors` returns. */
export interface RankedTutor {
  tutorId: string;
  /** 0..100, rounded to one decimal. */
  score: number;
  reasons: Reason[];
}

/** Points of each criterion (the maximum a tutor can get for it). */
export const WEIGHTS = {
  timeSame: 20,
  timeFlexible: 10,
  group: 10,
  feeWithin: 25,
  feeUnknown: 10,
  experiencePerYear: 1.5,
  experienceMax: 15,
  moe: 10,
  country: 10,
  capacity: 10,
} as const;

/**
 * Ranks the index entries `candidates` of one subject for the student; see the module comment
 * for the rules.
 * @param now epoch ms used for years of experience (default: the current time).
 * @returns candidates sorted by score (descending), ties by tutor id.
 */
export function rankTutors(
  student: RankingStudent,
  candidates: readonly TutorCandidate[],
  fieldLevels: readonly ReferenceItem[],
  now: number = Date.now(),
): RankedTutor[] {
  const order = new Map<string, number>();
  for (const level of fieldLevels) order.set(level.id, level.order);

  const profile = student.profileLevel;
  const studentLevel = profile?.levelId ? order.get(profile.levelId) : undefined;
  const levelUnknown = studentLevel === undefined;
  const time = profile?.preferredTime ?? '0';
  const wantsGroup = profile?.groupTuition === 1;
  const budget = profile?.fee ?? null;
  const country = student.countryId;
  const year = new Date(now).getUTCFullYear();

  const out: RankedTutor[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const tutor = candidates[i]!;
    if (!levelUnknown) {
      const start = order.get(tutor.levelStart);
      const end = order.get(tutor.levelEnd);
      if (start === undefined || end === undefined) continue;
      if (studentLevel < start || studentLevel > end) continue;
    }
    const reasons: Reason[] = [];
    let score = 0;

    if (levelUnknown) reasons.push({ id: 'Matching.reason.levelUnknown', points: 0, max: 0 });
    else reasons.push({ id: 'Matching.reason.levelFits', points: 0, max: 0 });

    const tutorTime = tutor.preferredTime ?? '0';
    if (time !== '0' && time === tutorTime) {
      score += WEIGHTS.timeSame;
      reasons.push({
        id: 'Matching.reason.timeSame',
        points: WEIGHTS.timeSame,
        max: WEIGHTS.timeSame,
      });
    } else if (time === '0' || tutorTime === '0') {
      score += WEIGHTS.timeFlexible;
      reasons.push({
        id: 'Matching.reason.timeFlexible',
        points: WEIGHTS.timeFlexible,
        max: WEIGHTS.timeSame,
      });
    } else reasons.push({ id: 'Matching.reason.timeDiffers', points: 0, max: WEIGHTS.timeSame });

    if (!wantsGroup || tutor.groupTuition === 1) {
      score += WEIGHTS.group;
      reasons.push({ id: 'Matching.reason.groupOk', points: WEIGHTS.group, max: WEIGHTS.group });
    } else reasons.push({ id: 'Matching.reason.groupNo', points: 0, max: WEIGHTS.group });

    const fee = tutor.fee ?? null;
    if (budget === null || fee === null || budget <= 0) {
      score += WEIGHTS.feeUnknown;
      reasons.push({
        id: 'Matching.reason.feeUnknown',
        points: WEIGHTS.feeUnknown,
        max: WEIGHTS.feeWithin,
      });
    } else if (fee <= budget) {
      score += WEIGHTS.feeWithin;
      reasons.push({
        id: 'Matching.reason.feeWithin',
        points: WEIGHTS.feeWithin,
        max: WEIGHTS.feeWithin,
      });
    } else {
      const p = Math.max(0, WEIGHTS.feeWithin * (1 - (fee - budget) / budget));
      score += p;
      reasons.push({ id: 'Matching.reason.feeAbove', points: round(p), max: WEIGHTS.feeWithin });
    }

    if (tutor.teachingSince) {
      const years = Math.max(0, year - tutor.teachingSince);
      const p = Math.min(WEIGHTS.experienceMax, years * WEIGHTS.experiencePerYear);
      score += p;
      reasons.push({
        id: 'Matching.reason.experience',
        points: round(p),
        max: WEIGHTS.experienceMax,
      });
    }

    if (tutor.isMoe === 1) {
      score += WEIGHTS.moe;
      reasons.push({ id: 'Matching.reason.moe', points: WEIGHTS.moe, max: WEIGHTS.moe });
    }

    if (country && tutor.countryId === country) {
      score += WEIGHTS.country;
      reasons.push({
        id: 'Matching.reason.country',
        points: WEIGHTS.country,
        max: WEIGHTS.country,
      });
    }

    const capacity = WEIGHTS.capacity / (1 + tutor.confirmed);
    score += capacity;
    reasons.push({
      id: 'Matching.reason.capacity',
      points: round(capacity),
      max: WEIGHTS.capacity,
    });

    out.push({ tutorId: tutor.id, score: round(score), reasons });
  }
  out.sort(
    (a, b) => b.score - a.score || (a.tutorId < b.tutorId ? -1 : a.tutorId > b.tutorId ? 1 : 0),
  );
  return out;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
