/**
 * The index of tutors by subject: `tutorsBySubject/{subjectId}/{tutorId}` holds,
 * for each ACTIVE tutor (`status` true) and each subject of their profile level, exactly what the
 * Subjects tab shows and ranks a candidate by (features/matching rankTutors; spec section 3,
 * Tutor mapping): name and e-mail, the subject's level range, fee, preferred time, group tuition,
 * teaching since, MOE, country and the number of confirmed student-subjects. The tab reads one
 * subject's node (~7,000 entries of ~150 bytes at 50,000 tutors) instead of every tutor.
 * Inactive tutors have no entries: they are never candidates.
 * The server writes the entries from each tutor record (functions/src/derivedNodes.ts).
 */
import type { PreferredTime, YesNo } from '../person';
import type { Derivation } from './derivation';

/** Where the index lives. */
export const TUTOR_INDEX_PATH = 'tutorsBySubject';

/**
 * One tutor's entry for one subject. Optional fields are absent when the record has no value
 * (RTDB stores no nulls); `confirmed` counts the tutor's confirmed student-subjects (all subjects).
 */
export interface TutorSubjectEntry {
  name: string;
  email: string;
  /** Field-level ids of the range the tutor teaches this subject at. */
  levelStart: string;
  levelEnd: string;
  /** Hourly fee asked, SGD. */
  fee?: number;
  preferredTime?: PreferredTime;
  groupTuition?: YesNo;
  /** 4-digit year. */
  teachingSince?: number;
  isMoe?: YesNo;
  /** Two-letter country code. */
  countryId?: string;
  confirmed: number;
}

/** An entry with its tutor's id (the key): what ranking takes. */
export type TutorCandidate = TutorSubjectEntry & { id: string };

/** The fields of a tutor record the index reads (a Tutor of features/people satisfies it). */
interface IndexedTutor {
  name?: string;
  email?: string;
  status?: boolean;
  countryId?: string;
  teachingSince?: number | null;
  isMoe?: YesNo;
  confirmedStudents?: Record<string, Record<string, boolean> | undefined>;
  profileLevel?: {
    fee?: number | null;
    preferredTime?: PreferredTime;
    groupTuition?: YesNo;
    subjects?: Record<string, { levelStart: string; levelEnd: string } | undefined>;
  };
}

/** Confirmed student-subjects of a tutor record. */
function confirmedCount(tutor: IndexedTutor): number {
  let n = 0;
  for (const subjects of Object.values(tutor.confirmedStudents ?? {}))
    for (const on of Object.values(subjects ?? {})) if (on) n++;
  return n;
}

/**
 * The entries of one tutor record, by subject id: one per subject of its profile level when the
 * tutor is active, none otherwise. Absent or null fields are left out.
 */
export function tutorSubjectEntries(record: object): Record<string, TutorSubjectEntry> {
  const tutor = record as IndexedTutor;
  if (tutor.status !== true) return {};
  const profile = tutor.profileLevel;
  const shared: Record<string, unknown> = {
    name: tutor.name,
    email: tutor.email,
    fee: profile?.fee,
    preferredTime: profile?.preferredTime,
    groupTuition: profile?.groupTuition,
    teachingSince: tutor.teachingSince,
    isMoe: tutor.isMoe,
    countryId: tutor.countryId,
    confirmed: confirmedCount(tutor),
  };
  for (const key of Object.keys(shared)) if (shared[key] == null) delete shared[key];
  const entries: Record<string, TutorSubjectEntry> = {};
  for (const [subjectId, range] of Object.entries(profile?.subjects ?? {})) {
    // A malformed record (the rules refuse it) still gives entries the SDK can send.
    if (!range || typeof range !== 'object') continue;
    const entry: Record<string, unknown> = { ...shared };
    if (range.levelStart != null) entry.levelStart = range.levelStart;
    if (range.levelEnd != null) entry.levelEnd = range.levelEnd;
    entries[subjectId] = entry as unknown as TutorSubjectEntry;
  }
  return entries;
}

/** Candidates for one subject from whole tutor records (tests and benchmarks; the app reads the index). */
export function candidatesFrom(
  tutors: Iterable<object & { id: string }>,
  subjectId: string,
): TutorCandidate[] {
  const out: TutorCandidate[] = [];
  for (const tutor of tutors) {
    const entry = tutorSubjectEntries(tutor)[subjectId];
    if (entry) out.push({ ...entry, id: tutor.id });
  }
  return out;
}

/**
 * The index as a Derivation of the tutors: a tutor's entries, one per subject of its profile
 * level while it is active, and null for the subjects an earlier version had (or all of them when
 * the tutor is deleted or made inactive).
 */
export const tutorsBySubject: Derivation = {
  project: (id, record, previous) => {
    const now = record ? tutorSubjectEntries(record) : {};
    const entries: Record<string, unknown> = {};
    for (const version of previous)
      for (const subjectId of Object.keys(version ? tutorSubjectEntries(version) : {}))
        entries[`${TUTOR_INDEX_PATH}/${subjectId}/${id}`] = null;
    for (const [subjectId, entry] of Object.entries(now))
      entries[`${TUTOR_INDEX_PATH}/${subjectId}/${id}`] = entry;
    return entries;
  },
  rebuild: (records) => {
    const index: Record<string, Record<string, TutorSubjectEntry>> = {};
    for (const [id, record] of Object.entries(records))
      for (const [subjectId, entry] of Object.entries(tutorSubjectEntries(record)))
        (index[subjectId] ??= {})[id] = entry;
    return { [TUTOR_INDEX_PATH]: index };
  },
};
