/**
 * The app's record shapes, for the demo data. Type-only imports: erased at runtime, so the local
 * backend still does not depend on the app (eslint.config.js rule for emulators/), while demo data
 * cannot drift from what the app reads.
 */
/* eslint-disable no-restricted-imports -- type-only: the demo data must have the app's shapes */
export type { FieldLevel } from '@/features/field-levels/types';
export type { Level, LevelFields } from '@/features/levels/types';
export type { Order, OrderStatus } from '@/features/orders/types';
export type { School } from '@/features/schools/types';
export type { Student, Proficiency, SubjectMapping } from '@/features/people/students/types';
export type { Subject, SubjectSettings } from '@/features/subjects/types';
export type { Tutor } from '@/features/people/tutors/types';
export type { User } from '@/features/users/types';
/* eslint-enable no-restricted-imports */
