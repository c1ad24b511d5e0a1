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
  withAccountsWithoutRecord,
  type CaseContext,
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

/** A download URL of `{folder}/{name}` in this project's bucket, as the Storage emulator gives it. */
const fileUrl = (folder: string, name: string) =>
  `http://127.0.0.1:9199/v0/b/demo-tuition.appspot.com/o/${folder}%2F${name}?alt=media&token=7e-1`;

/**
 * Issue 15: a record's file URLs name only its own files (`{folder}/{id}.{ext}` or the resized
 * copy), so the app's replace and delete never reach another record's photo or CV.
 */
const fileUrlCases = [
  // [collection, field, folder of the URL, extension, name, whose id the URL names, allowed]
  ['students', 'logoUrl', 'students', 'png', 'own photo', 'own', true],
  ['students', 'logoUrl', 'students', 'png', "another student's photo", 'other', false],
  ['students', 'logoUrl', 'tutor-cvs', 'pdf', 'a CV of the same id', 'own', false],
  ['tutors', 'logoUrl', 'tutors', 'jpg', 'own photo', 'own', true],
  ['tutors', 'logoUrl', 'users', 'png', 'a user logo of the same id', 'own', false],
  ['tutors', 'cvUrl', 'tutor-cvs', 'pdf', 'own CV', 'own', true],
  ['tutors', 'cvUrl', 'tutor-cvs', 'pdf', "another tutor's CV", 'other', false],
] as const;
const fileUrlRows = fileUrlCases.map(([path, field, folder, ext, name, whose, allowed]) => ({
  name: `${field}: ${name}`,
  path: `${path}/{id}`,
  op: 'create' as const,
  value: ({ id }: CaseContext) => ({
    ...(path === 'students' ? student() : tutor()),
    [field]: fileUrl(folder, `${whose === 'own' ? id : 'someone-else'}_200x200.${ext}`),
  }),
  expect: allowed ? adminOnly : nobody,
}));

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
  ...fileUrlRows,
  {
    name: 'logoUrl on another site',
    path: 'students/{id}',
    op: 'create',
    value: student({ logoUrl: 'https://example.com/students%2Fx.png?alt=media' }),
    expect: nobody,
  },
]);

describeStorageRules(
  'student and tutor photos, tutor CVs',
  withAccountsWithoutRecord([
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
      name: 'photo without Content-Disposition',
      path: 'students/{id}.png',
      op: 'create',
      contentDisposition: null,
      expect: nobody,
    },
    {
      name: 'CV served inline',
      path: 'tutor-cvs/{id}.pdf',
      op: 'create',
      contentType: 'application/pdf',
      contentDisposition: 'inline',
      expect: nobody,
    },
    {
      name: 'SVG CV',
      path: 'tutor-cvs/{id}.svg',
      op: 'create',
      contentType: 'image/svg+xml',
      expect: nobody,
    },
  ]),
);
