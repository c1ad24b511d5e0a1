import type { Gender, PersonBase, ProfileLevelBase, YesNo } from '@/shared/domain/person';

/** How well a student does in a subject (spec section 9); a newly checked subject gets 'avg'. */
export type Proficiency = 'below' | 'avg' | 'above';

/** A student's profile level: subject id -> proficiency (spec section 3). */
export interface StudentProfileLevel extends ProfileLevelBase {
  subjects: Record<string, Proficiency>;
}

/**
 * Tutors suggested for and confirmed on one subject of a student (spec section 3, Tutor mapping).
 * RTDB has no real arrays, so the "list of tutor ids" is stored as a set: tutorId -> true.
 * The tutor's side is Tutor.confirmedStudents; both are written in one multi-path update.
 */
export interface SubjectMapping {
  suggested?: Record<string, true>;
  /** At most one tutor id. */
  confirmed?: string | null;
}

/** A student, stored at `students/{id}` (spec section 3). */
export interface Student extends PersonBase {
  userType: 'student';
  profileLevel?: StudentProfileLevel;
  /** subject id -> mapping. */
  tutorMapping?: Record<string, SubjectMapping>;
  isParent: YesNo;
  studentName: string;
  studentMobile: string;
  studentEmail: string;
  studentDob: string | null;
  studentGender: Gender;
}
