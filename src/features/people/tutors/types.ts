/** The tutor's types, defined by the people schemas (../schema.ts). */
export type { Tutor, TutorProfileLevel, TutorSubjectRange } from '../schema';
