/** The student's types, defined by the people schemas (../schema.ts). */
export type { Proficiency, Student, StudentProfileLevel, SubjectMapping } from '../schema';
