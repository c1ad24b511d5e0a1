/**
 * How the audit screen names what changed: each stored field by the label its form shows (the
 * catalogue id the form uses, so 'dial_code' reads "Dial code" and 'fields.buildingName' reads
 * "Visible fields › Building name"), and file addresses by their file name (a download URL holds
 * a bucket, a path and an access token that mean nothing to a reader and should not be copied
 * around). Fields no form shows (a subject id inside `tutorMapping`, say) keep their stored key.
 */
import type { IntlShape } from 'react-intl';

/**
 * Catalogue ids of stored fields, per collection, by dotted path; `*` stands for a key of the
 * record's own choosing (a subject id, a student id). An empty id: the segment is shown as stored.
 */
const PERSON: Record<string, string> = {
  name: 'People.name',
  email: 'People.email',
  mobile: 'People.mobile',
  gender: 'People.gender',
  dob: 'People.dob',
  logoUrl: 'People.photo',
  info1: 'People.info1',
  info2: 'People.info2',
  info3: 'People.info3',
  houseNumber: 'People.houseNumber',
  buildingName: 'People.buildingName',
  street1: 'People.street1',
  street2: 'People.street2',
  postcode: 'People.postcode',
  countryId: 'People.country',
  createdAt: 'People.createdAt',
  testResult: 'People.testResult',
  profileLevel: 'People.profileLevel',
  'profileLevel.levelId': 'People.schoolLevel',
  'profileLevel.schoolId': 'People.school',
  'profileLevel.browsingLevelId': 'People.browsingLevel',
  'profileLevel.preferredTime': 'People.preferredTime',
  'profileLevel.startDate': 'People.startDate',
  'profileLevel.groupTuition': 'People.groupTuition',
  'profileLevel.subjects': 'People.subjects',
  'profileLevel.subjects.*': '',
};

const FIELD_LABELS: Record<string, Record<string, string>> = {
  users: {
    name: 'Users.name',
    email: 'Users.email',
    location: 'Users.location',
    isAdmin: 'Users.isAdmin',
    createdAt: 'Users.createdAt',
    logoUrl: 'Users.logo',
  },
  levels: {
    name: 'Levels.name',
    accessBy: 'Levels.accessBy',
    description: 'Levels.description',
    order: 'Levels.order',
    fields: 'Levels.visibleFields',
    ...Object.fromEntries(
      [
        'contact',
        'email',
        'houseNumber',
        'buildingName',
        'unitNumber',
        'street1',
        'street2',
        'postcode',
      ].map((f) => [`fields.${f}`, `Levels.field.${f}`]),
    ),
  },
  countries: {
    name: 'Countries.name',
    code: 'Countries.code',
    dial_code: 'Countries.dialCode',
    isObsolete: 'Countries.obsolete',
  },
  fieldLevels: {
    name: 'FieldLevels.name',
    countryId: 'FieldLevels.country',
    order: 'FieldLevels.order',
    isObsolete: 'FieldLevels.isObsolete',
  },
  schools: {
    name: 'Schools.name',
    countryId: 'Schools.country',
    order: 'Schools.order',
    isObsolete: 'Schools.isObsolete',
    address1: 'Schools.address1',
    address2: 'Schools.address2',
    postcode: 'Schools.postcode',
  },
  subjects: {
    name: 'Subjects.name',
    countryId: 'Subjects.country',
    order: 'Subjects.order',
    isObsolete: 'Subjects.isObsolete',
    levelStart: 'Subjects.levelStart',
    levelEnd: 'Subjects.levelEnd',
    settings: 'Subjects.tab.settings',
    ...Object.fromEntries(
      [
        'originalPrice',
        'salePrice',
        'minimumQRPurchase',
        'multipleQtyRestriction',
        'expiryMultiplier',
        'expiryDays',
        'expiryPrice',
      ].map((f) => [`settings.${f}`, `Subjects.${f}`]),
    ),
  },
  students: {
    ...PERSON,
    'profileLevel.fee': 'Students.fee',
    'profileLevel.additionalRequest': 'Students.additionalRequest',
    isParent: 'Students.isParent',
    studentName: 'Students.studentName',
    studentMobile: 'Students.studentMobile',
    studentEmail: 'Students.studentEmail',
    studentDob: 'Students.studentDob',
    studentGender: 'Students.studentGender',
    tutorMapping: 'Students.subjectsTab',
    'tutorMapping.*': '',
    'tutorMapping.*.confirmed': 'Matching.confirmed',
    'tutorMapping.*.suggested': 'Matching.suggest',
  },
  tutors: {
    ...PERSON,
    'profileLevel.fee': 'Tutors.fee',
    'profileLevel.additionalRequest': 'Tutors.introduction',
    teachingSince: 'Tutors.teachingSince',
    isMoe: 'Tutors.isMoe',
    tutorMinDuration: 'Tutors.minDuration',
    tutorTechInHome: 'Tutors.techInHome',
    tutorVideoUrl: 'Tutors.videoUrl',
    cvUrl: 'Tutors.cv',
    status: 'Tutors.status',
    confirmedStudents: 'Matching.matchedStudents',
  },
  orders: {
    studentName: 'Orders.column.student',
    studentEmail: 'Orders.column.account',
    tutorName: 'Orders.column.tutor',
    subjectName: 'Orders.column.subject',
    total: 'Orders.column.total',
    qty: 'Orders.csv.qty',
    qtyLeft: 'Orders.csv.qtyLeft',
    status: 'Orders.column.status',
    createdAt: 'Orders.column.created',
    expiredDate: 'Orders.column.expiry',
    isUsed: 'Orders.detail.used',
    updatedAt: 'Orders.detail.updated',
    isObsolete: 'Orders.detail.obsolete',
  },
};

/**
 * The label of the stored field `path` ('settings.salePrice', 'fields.buildingName') of a record
 * of `entity`: each segment by its form's label, joined by ' › '; segments no form names stay as
 * stored.
 */
export function fieldLabel(intl: IntlShape, entity: string, path: string): string {
  const labels = FIELD_LABELS[entity] ?? {};
  const parts: string[] = [];
  let pattern = '';
  for (const segment of path.split('.')) {
    const exact = pattern ? `${pattern}.${segment}` : segment;
    const wild = pattern ? `${pattern}.*` : '*';
    const id = labels[exact] ?? labels[wild];
    pattern = exact in labels ? exact : wild in labels ? wild : exact;
    parts.push(id ? intl.formatMessage({ id }) : segment);
  }
  return parts.join(' › ');
}

/**
 * The file name of a Cloud Storage download URL (`…/o/students%2Fuid.jpg?alt=media&token=…` ->
 * `uid.jpg`), or null for any other value.
 */
export function storageFileName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^https?:\/\/[^/]+\/v0\/b\/[^/]+\/o\/([^?#]+)/.exec(value);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!).split('/').pop() || null;
  } catch {
    return null;
  }
}
