/**
 * database.rules.json (students/, tutors/) and storage.rules (photos, CVs) for issue 8, as a
 * role x path x operation matrix (tests/support/rulesMatrix.ts): only admins read and write, and
 * invalid shapes are refused even to admins (spec sections 3 and 9). The tutor-mapping
 * consistency rules are exercised in matching.test.ts.
 */
import {
  adminOnly,
  describeDatabaseRules,
  describeStorageRules,
  nobody,
} from '../support/rulesMatrix';
import { studentRecord, tutorRecord } from './peopleFixtures';

const profile = {
  levelId: 'p3',
  fee: 40,
  preferredTime: '8_12',
  startDate: '2026-01-05',
  groupTuition: 0,
  additionalRequest: '',
};
const scores = [3, 18, 0, 7, 9, 12, 4, 6];

/** A student with `changes` merged in, for one create case. */
const student = (changes: Record<string, unknown> = {}) => ({ ...studentRecord(), ...changes });
const tutor = (changes: Record<string, unknown> = {}) => ({ ...tutorRecord(), ...changes });

describeDatabaseRules('students and tutors', [
  { path: 'students/{id}', op: 'read', value: student(), expect: adminOnly },
  { path: 'students', op: 'read', expect: adminOnly },
  { path: 'students/{id}', op: 'create', value: student(), expect: adminOnly },
  {
    name: 'full profile level and test result',
    path: 'students/{id}',
    op: 'create',
    value: student({
      profileLevel: { ...profile, subjects: { maths: 'avg', english: 'below' } },
      isTested: true,
      testResult: scores,
      info1: ['chess', 'piano'],
      dob: '2012-03-04',
    }),
    expect: adminOnly,
  },
  {
    path: 'students/{id}',
    op: 'update',
    before: student(),
    value: { name: 'Renamed' },
    expect: adminOnly,
  },
  { path: 'students/{id}', op: 'delete', value: student(), expect: adminOnly },
  {
    name: 'userType tutor under students',
    path: 'students/{id}',
    op: 'create',
    value: student({ userType: 'tutor' }),
    expect: nobody,
  },
  {
    name: 'missing name',
    path: 'students/{id}',
    op: 'create',
    value: student({ name: '' }),
    expect: nobody,
  },
  {
    name: 'bad e-mail',
    path: 'students/{id}',
    op: 'create',
    value: student({ email: 'nope' }),
    expect: nobody,
  },
  {
    name: 'gender other',
    path: 'students/{id}',
    op: 'create',
    value: student({ gender: 'other' }),
    expect: nobody,
  },
  {
    name: 'isParent 2',
    path: 'students/{id}',
    op: 'create',
    value: student({ isParent: 2 }),
    expect: nobody,
  },
  {
    name: 'dob not yyyy-MM-dd',
    path: 'students/{id}',
    op: 'create',
    value: student({ dob: '04/03/2012' }),
    expect: nobody,
  },
  {
    name: 'unknown field',
    path: 'students/{id}',
    op: 'create',
    value: student({ isAdmin: true }),
    expect: nobody,
  },
  {
    name: 'preferredTime 9_5',
    path: 'students/{id}',
    op: 'create',
    value: student({ profileLevel: { ...profile, preferredTime: '9_5' } }),
    expect: nobody,
  },
  {
    name: 'groupTuition 2',
    path: 'students/{id}',
    op: 'create',
    value: student({ profileLevel: { ...profile, groupTuition: 2 } }),
    expect: nobody,
  },
  {
    name: 'proficiency good',
    path: 'students/{id}',
    op: 'create',
    value: student({ profileLevel: { ...profile, subjects: { maths: 'good' } } }),
    expect: nobody,
  },
  {
    name: 'testResult of 7',
    path: 'students/{id}',
    op: 'create',
    value: student({ testResult: scores.slice(0, 7) }),
    expect: nobody,
  },
  {
    name: 'testResult of 9',
    path: 'students/{id}',
    op: 'create',
    value: student({ testResult: [...scores, 1] }),
    expect: nobody,
  },
  {
    name: 'testResult score 19',
    path: 'students/{id}',
    op: 'create',
    value: student({ testResult: [19, ...scores.slice(1)] }),
    expect: nobody,
  },
  { path: 'tutors/{id}', op: 'read', value: tutor(), expect: adminOnly },
  { path: 'tutors/{id}', op: 'create', value: tutor(), expect: adminOnly },
  {
    name: 'tutor with subjects ranges and extras',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({
      profileLevel: { ...profile, subjects: { maths: { levelStart: 'p1', levelEnd: 'p6' } } },
      tutorMinDuration: 3,
      tutorTechInHome: 1,
      tutorVideoUrl: 'https://video.example/intro',
    }),
    expect: adminOnly,
  },
  { path: 'tutors/{id}', op: 'delete', value: tutor(), expect: adminOnly },
  {
    name: 'teachingSince 99',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ teachingSince: 99 }),
    expect: nobody,
  },
  {
    name: 'teachingSince 2010.5',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ teachingSince: 2010.5 }),
    expect: nobody,
  },
  {
    name: 'status "yes"',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ status: 'yes' }),
    expect: nobody,
  },
  {
    name: 'video URL not a URL',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ tutorVideoUrl: 'video' }),
    expect: nobody,
  },
  {
    name: 'subject range without levelEnd',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ profileLevel: { ...profile, subjects: { maths: { levelStart: 'p1' } } } }),
    expect: nobody,
  },
  {
    name: 'confirmedStudents without the student side',
    path: 'tutors/{id}',
    op: 'create',
    value: tutor({ confirmedStudents: { s1: { maths: true } } }),
    expect: nobody,
  },
]);

describeStorageRules('student and tutor photos, tutor CVs', [
  { path: 'students/{id}.png', op: 'create', expect: adminOnly },
  { path: 'students/{id}.png', op: 'read', expect: adminOnly },
  { path: 'students/{id}.png', op: 'delete', expect: adminOnly },
  { path: 'tutors/{id}.jpg', op: 'create', contentType: 'image/jpeg', expect: adminOnly },
  {
    name: 'photo not an image',
    path: 'students/{id}.txt',
    op: 'create',
    contentType: 'text/plain',
    expect: nobody,
  },
  { path: 'tutor-cvs/{id}.pdf', op: 'create', contentType: 'application/pdf', expect: adminOnly },
  {
    path: 'tutor-cvs/{id}.docx',
    op: 'create',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    expect: adminOnly,
  },
  {
    name: 'CV of another type',
    path: 'tutor-cvs/{id}.zip',
    op: 'create',
    contentType: 'application/zip',
    expect: nobody,
  },
  { path: 'tutor-cvs/{id}.pdf', op: 'read', contentType: 'application/pdf', expect: adminOnly },
  // Issue 15: listings are admin-only; SVG (a script from a download URL) is refused everywhere.
  { name: 'the folder', path: 'students/{id}.png', op: 'list', expect: adminOnly },
  { name: 'the folder', path: 'tutor-cvs/{id}.pdf', op: 'list', expect: adminOnly },
  {
    name: 'SVG photo',
    path: 'tutors/{id}.svg',
    op: 'create',
    contentType: 'image/svg+xml',
    expect: nobody,
  },
  {
    name: 'SVG CV',
    path: 'tutor-cvs/{id}.svg',
    op: 'create',
    contentType: 'image/svg+xml',
    expect: nobody,
  },
]);
