import type { PersonBase, ProfileLevelBase, YesNo } from '@/shared/domain/person';

/** The field-level range a tutor teaches a subject at (ids of fieldLevels/). */
export interface TutorSubjectRange {
  levelStart: string;
  levelEnd: string;
}

/** A tutor's profile level: subject id -> level range (spec section 3). */
export interface TutorProfileLevel extends ProfileLevelBase {
  subjects: Record<string, TutorSubjectRange>;
}

/** A tutor, stored at `tutors/{id}` (spec section 3 with Tutor extras). */
export interface Tutor extends PersonBase {
  userType: 'tutor';
  profileLevel?: TutorProfileLevel;
  /** 4-digit year. */
  teachingSince: number | null;
  /** Whether the tutor is or was a Ministry of Education teacher. */
  isMoe: YesNo;
  /** Minimum hours of teaching per week. */
  tutorMinDuration: number | null;
  tutorTechInHome: YesNo;
  tutorVideoUrl: string;
  /** Download URL of the CV, or null. */
  cvUrl: string | null;
  /**
   * Students this tutor is confirmed for: student id -> set of subject ids (subjectId -> true).
   * Mirror of Student.tutorMapping[subject].confirmed, kept consistent by one multi-path update.
   */
  confirmedStudents?: Record<string, Record<string, true>>;
}
