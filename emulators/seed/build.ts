/**
 * Demo data for the local backend, built as plain objects (no I/O): the seed writes it, tests and
 * benchmarks reuse it (e.g. `buildDemoData({ students: 6000, tutors: 4000 })`).
 * Deterministic for a given `seed` and `now`. Shapes: the app's types (./types.ts, spec §3).
 */
import { createRandom, type Random } from './random';
import type {
  FieldLevel,
  Level,
  LevelFields,
  Order,
  OrderStatus,
  Proficiency,
  School,
  Student,
  Subject,
  SubjectMapping,
  SubjectSettings,
  Tutor,
  User,
} from './types';

/** Options of {@link buildDemoData}. */
export interface DemoDataOptions {
  /** Number of students (default 30). */
  students?: number;
  /** Number of tutors (default 20). */
  tutors?: number;
  /** Number of orders (default 24; statuses rotate pending, paid, approved). */
  orders?: number;
  /** PRNG seed (default 20200101). */
  seed?: number;
  /** Reference time, epoch ms (default Date.now()); expiry dates are relative to it. */
  now?: number;
}

/** A back-office account to create in Auth, with its users record. */
export interface DemoAccount {
  email: string;
  password: string;
  isAdmin: boolean;
  /** Preferred Auth uid (the record key); an existing account with this e-mail keeps its own. */
  uid: string;
  record: User;
}

/** Everything the seed writes, keyed like the database (`fieldLevels/{id}` …). */
export interface DemoData {
  accounts: DemoAccount[];
  fieldLevels: Record<string, FieldLevel>;
  levels: Record<string, Level>;
  schools: Record<string, School>;
  subjects: Record<string, Subject>;
  students: Record<string, Student>;
  tutors: Record<string, Tutor>;
  orders: Record<string, Order>;
}

/** The record collections of {@link DemoData}, each a database node of the same name. */
export const DEMO_COLLECTIONS = [
  'fieldLevels',
  'levels',
  'schools',
  'subjects',
  'students',
  'tutors',
  'orders',
] as const;

/**
 * The records of `data` as the paths of one multi-path update (`{ 'students/{id}': record }`),
 * accounts' user records and derived nodes not included.
 */
export function demoRecordUpdates(data: DemoData): Record<string, unknown> {
  return Object.fromEntries(
    DEMO_COLLECTIONS.flatMap((collection) =>
      Object.entries(data[collection]).map(([id, record]) => [`${collection}/${id}`, record]),
    ),
  );
}

/** The signed-in demo accounts printed by `npm start` and listed in the README. */
export const DEMO_CREDENTIALS = [
  { role: 'admin', email: 'admin@tuition.test', password: 'admin123', isAdmin: true },
  { role: 'staff', email: 'staff@tuition.test', password: 'staff123', isAdmin: false },
] as const;

const DAY = 24 * 60 * 60 * 1000;

/** Singapore school levels: Primary 1-6, Secondary 1-5, Junior College 1-2 (MOE). */
const FIELD_LEVELS = [
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `primary-${n}`, name: `Primary ${n}` })),
  ...[1, 2, 3, 4, 5].map((n) => ({ id: `secondary-${n}`, name: `Secondary ${n}` })),
  ...[1, 2].map((n) => ({ id: `jc-${n}`, name: `JC ${n}` })),
];

const SCHOOLS = [
  ['Raffles Institution', '1 Raffles Institution Lane', '575954'],
  ['Hwa Chong Institution', '661 Bukit Timah Road', '269734'],
  ["Nanyang Girls' High School", '2 Linden Drive', '288683'],
  ['Anglo-Chinese School (Independent)', '121 Dover Road', '139650'],
  ['Victoria Junior College', '20 Marine Vista', '449035'],
  ['National Junior College', '37 Hillcrest Road', '288913'],
  ['Dunman High School', '10 Tanjong Rhu Road', '436895'],
  ['River Valley High School', '6 Boon Lay Avenue', '649961'],
  ['Catholic High School', '9 Bishan Street 22', '579767'],
  ['Nanyang Primary School', "52 King's Road", '268097'],
  ['Tao Nan School', '49 Marine Crescent', '449761'],
  ['Henry Park Primary School', '1 Holland Grove Road', '278790'],
  ['Rosyth School', '21 Serangoon North Avenue 4', '555855'],
] as const;

/** [id, name, first level, last level, price of one lesson in SGD] */
const SUBJECTS = [
  ['english', 'English', 'primary-1', 'secondary-5', 45],
  ['mathematics', 'Mathematics', 'primary-1', 'secondary-2', 45],
  ['science', 'Science', 'primary-3', 'secondary-2', 48],
  ['chinese', 'Chinese', 'primary-1', 'secondary-5', 42],
  ['malay', 'Malay', 'primary-1', 'secondary-5', 40],
  ['tamil', 'Tamil', 'primary-1', 'secondary-5', 40],
  ['e-math', 'Elementary Mathematics', 'secondary-3', 'secondary-5', 55],
  ['a-math', 'Additional Mathematics', 'secondary-3', 'secondary-5', 60],
  ['physics', 'Physics', 'secondary-3', 'jc-2', 62],
  ['chemistry', 'Chemistry', 'secondary-3', 'jc-2', 62],
  ['biology', 'Biology', 'secondary-3', 'jc-2', 58],
  ['h2-math', 'H2 Mathematics', 'jc-1', 'jc-2', 80],
  ['general-paper', 'General Paper', 'jc-1', 'jc-2', 75],
  ['economics', 'Economics', 'jc-1', 'jc-2', 75],
] as const;

const CHINESE_SURNAMES = [
  'Tan',
  'Lim',
  'Lee',
  'Ng',
  'Ong',
  'Wong',
  'Goh',
  'Chua',
  'Koh',
  'Teo',
  'Chan',
  'Yeo',
  'Ang',
  'Low',
];
const CHINESE_GIVEN = [
  'Wei Ling',
  'Jun Jie',
  'Xin Yi',
  'Zhi Hao',
  'Hui Min',
  'Kai Wen',
  'Jia Hui',
  'Yi Xuan',
  'Wen Jie',
  'Shu Fen',
  'Jun Wei',
  'Li Ting',
];
const MALAY_MALE = ['Muhammad Haziq', 'Ahmad Faris', 'Irfan', 'Danial', 'Hakim', 'Aiman'];
const MALAY_FEMALE = [
  'Nurul Aisyah',
  'Siti Nurhaliza',
  'Farah',
  'Aqilah',
  'Nur Amirah',
  'Syafiqah',
];
const MALAY_FATHERS = ['Ismail', 'Rahman', 'Hassan', 'Yusof', 'Osman', 'Salleh'];
const INDIAN_MALE = ['Arjun', 'Rajesh', 'Vikram', 'Karthik', 'Suresh', 'Pravin'];
const INDIAN_FEMALE = ['Priya', 'Kavitha', 'Divya', 'Meena', 'Lakshmi', 'Anjali'];
const INDIAN_FATHERS = ['Kumar', 'Rajendran', 'Subramaniam', 'Krishnan', 'Pillai', 'Nair'];
const OTHER_FIRST_MALE = ['Daniel', 'Ryan', 'Marcus', 'Nathan', 'Joshua'];
const OTHER_FIRST_FEMALE = ['Rachel', 'Sarah', 'Chloe', 'Natalie', 'Megan'];
const OTHER_SURNAMES = ['Pereira', 'De Souza', 'Fernandez', 'Rodrigues', 'Oliveiro'];
const STREETS = [
  'Ang Mo Kio Avenue 3',
  'Bishan Street 13',
  'Tampines Street 81',
  'Jurong West Street 52',
  'Clementi Avenue 2',
  'Bedok North Road',
  'Toa Payoh Lorong 1',
  'Yishun Ring Road',
  'Punggol Field',
  'Serangoon Avenue 2',
  'Bukit Batok West Avenue 6',
  'Pasir Ris Drive 6',
];
const BUILDINGS = ['', '', 'The Sail', 'Parc Esta', 'Treasure at Tampines', 'Clementi Peaks'];
const INTERESTS = [
  'robotics',
  'piano',
  'football',
  'chess',
  'swimming',
  'drama',
  'badminton',
  'coding',
  'art',
];
const GOALS = ['PSLE', 'O-Levels', 'A-Levels', 'DSA', 'confidence', 'exam techniques'];
const STYLES = ['visual', 'hands-on', 'structured', 'discussion', 'practice papers'];
const PROFICIENCIES: readonly Proficiency[] = ['below', 'avg', 'avg', 'above'];
const PREFERRED_TIMES = ['0', '8_12', '12_6', '6_10'] as const;

interface Person {
  name: string;
  gender: 'male' | 'female';
}

function personName(random: Random): Person {
  const gender = random.chance(0.5) ? 'male' : 'female';
  const group = random.int(0, 9);
  if (group < 6) {
    return { gender, name: `${random.pick(CHINESE_SURNAMES)} ${random.pick(CHINESE_GIVEN)}` };
  }
  if (group < 8) {
    const given = random.pick(gender === 'male' ? MALAY_MALE : MALAY_FEMALE);
    const link = gender === 'male' ? 'bin' : 'binte';
    return { gender, name: `${given} ${link} ${random.pick(MALAY_FATHERS)}` };
  }
  if (group < 9) {
    const given = random.pick(gender === 'male' ? INDIAN_MALE : INDIAN_FEMALE);
    const link = gender === 'male' ? 's/o' : 'd/o';
    return { gender, name: `${given} ${link} ${random.pick(INDIAN_FATHERS)}` };
  }
  const first = random.pick(gender === 'male' ? OTHER_FIRST_MALE : OTHER_FIRST_FEMALE);
  return { gender, name: `${first} ${random.pick(OTHER_SURNAMES)}` };
}

/** `Tan Wei Ling` + 7 -> `weiling.tan7@example.sg` (unique by index, reserved domain). */
function emailFor(name: string, index: number): string {
  const words = name
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .split(' ')
    .filter(Boolean);
  const [family = 'user', ...rest] = words;
  return `${rest.slice(0, 2).join('') || 'user'}.${family}${index}@example.sg`;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function mobile(random: Random): string {
  return `+65 ${random.pick(['8', '9'])}${random.chars(3, '0123456789')} ${random.chars(4, '0123456789')}`;
}

function levelIndex(id: string): number {
  return FIELD_LEVELS.findIndex((level) => level.id === id);
}

function address(random: Random) {
  return {
    houseNumber: `Blk ${random.int(100, 999)}`,
    buildingName: random.pick(BUILDINGS),
    street1: random.pick(STREETS),
    street2: `#${String(random.int(2, 25)).padStart(2, '0')}-${random.int(10, 499)}`,
    postcode: String(random.int(100000, 829999)),
    countryId: 'SG',
  };
}

/**
 * Builds the demo data set (pure: no I/O; deterministic for the same options).
 *
 * @returns {@link DemoData}: 2 back-office accounts (admin, staff) + 3 more users, 13 field levels,
 *   3 browsing levels, 13 schools, 14 subjects with settings, `students` students, `tutors` tutors
 *   (about a third of students matched: suggested and confirmed tutors, mirrored in the tutors'
 *   confirmedStudents) and `orders` orders in every status, some expiring within 3 days.
 */
export function buildDemoData(options: DemoDataOptions = {}): DemoData {
  const random = createRandom(options.seed ?? 20200101);
  const now = options.now ?? Date.now();
  const studentCount = options.students ?? 30;
  const tutorCount = options.tutors ?? 20;
  const orderCount = options.orders ?? 24;
  const created = (maxDaysAgo: number) => now - random.int(1, maxDaysAgo) * DAY;
  const uid = () => random.chars(28);

  const accounts: DemoAccount[] = [
    ...DEMO_CREDENTIALS.map((c, i) => ({
      email: c.email,
      password: c.password,
      isAdmin: c.isAdmin,
      uid: `demo-${c.role}`,
      name: i === 0 ? 'Grace Tan' : 'Aaron Lim',
      location: i === 0 ? 'Singapore' : 'Tampines, Singapore',
    })),
    ...[
      ['Melissa Goh', 'Bishan, Singapore', true],
      ['Hafiz bin Rahman', 'Woodlands, Singapore', false],
      ['Deepa d/o Krishnan', 'Clementi, Singapore', false],
    ].map(([name, location, isAdmin], i) => ({
      email: `backoffice${i + 1}@tuition.test`,
      password: 'demo123',
      isAdmin: isAdmin as boolean,
      uid: `demo-user-${i + 1}`,
      name: name as string,
      location: location as string,
    })),
  ].map(({ name, location, ...account }) => ({
    ...account,
    record: {
      id: account.uid,
      name,
      email: account.email,
      location,
      logoUrl: null,
      createdAt: created(400),
      isAdmin: account.isAdmin,
    },
  }));

  const fieldLevels: Record<string, FieldLevel> = {};
  FIELD_LEVELS.forEach(({ id, name }, order) => {
    fieldLevels[id] = {
      id,
      name,
      countryId: 'SG',
      isObsolete: false,
      order,
      createdAt: created(700),
    };
  });

  const allFields: LevelFields = {
    contact: true,
    email: true,
    houseNumber: true,
    buildingName: true,
    unitNumber: true,
    street1: true,
    street2: true,
    postcode: true,
  };
  const levels: Record<string, Level> = {
    tutor: {
      id: 'tutor',
      name: 'Tutor',
      accessBy: 'tutor',
      order: 0,
      createdAt: created(700),
      description: 'What a tutor sees of a matched student: contact details and full address.',
      fields: allFields,
    },
    'student-free': {
      id: 'student-free',
      name: 'Student (Free)',
      accessBy: 'student_free',
      order: 1,
      createdAt: created(700),
      description: 'Free browsing: tutor profiles without contact details or address.',
      fields: Object.fromEntries(
        Object.keys(allFields).map((field) => [field, false]),
      ) as unknown as LevelFields,
    },
    'student-paid': {
      id: 'student-paid',
      name: 'Student (Paid)',
      accessBy: 'student_paid',
      order: 2,
      createdAt: created(700),
      description: 'Paid students see contact details and the area (postcode) of tutors.',
      fields: {
        ...allFields,
        houseNumber: false,
        buildingName: false,
        unitNumber: false,
        street1: false,
        street2: false,
      },
    },
  };

  const schools: Record<string, School> = {};
  SCHOOLS.forEach(([name, address1, postcode], order) => {
    const id = name
      .toLowerCase()
      .replace(/[^a-z]+/g, '-')
      .replace(/^-|-$/g, '');
    schools[id] = {
      id,
      name,
      countryId: 'SG',
      address1,
      address2: 'Singapore',
      postcode,
      isObsolete: false,
      order,
      createdAt: created(700),
    };
  });
  const schoolIds = Object.keys(schools);

  const subjects: Record<string, Subject> = {};
  SUBJECTS.forEach(([id, name, levelStart, levelEnd, price], order) => {
    const settings: SubjectSettings = {
      originalPrice: price,
      salePrice: random.chance(0.4) ? Math.round(price * 0.9 * 100) / 100 : null,
      minimumQRPurchase: random.pick([4, 8]),
      multipleQtyRestriction: random.pick([2, 4, 6] as const),
      expiryMultiplier: random.pick([7, 10, 14]),
      expiryDays: 30,
      expiryPrice: random.pick([15, 20, 25]),
    };
    subjects[id] = {
      id,
      name,
      levelStart,
      levelEnd,
      countryId: 'SG',
      isObsolete: false,
      order,
      createdAt: created(700),
      settings,
    };
  });
  const subjectsAt = (levelId: string) =>
    SUBJECTS.filter(([, , start, end]) => {
      const i = levelIndex(levelId);
      return levelIndex(start) <= i && i <= levelIndex(end);
    }).map(([id]) => id);

  const tutors: Record<string, Tutor> = {};
  for (let i = 0; i < tutorCount; i++) {
    const id = uid();
    const { name, gender } = personName(random);
    const taught = random.sample(SUBJECTS, random.int(1, 3));
    const since = new Date(now).getUTCFullYear() - random.int(1, 20);
    tutors[id] = {
      id,
      userType: 'tutor',
      name,
      email: emailFor(name, i + 1),
      mobile: mobile(random),
      gender,
      dob: isoDate(now - random.int(23, 60) * 365 * DAY),
      logoUrl: null,
      info1: random.sample(INTERESTS, 2),
      info2: random.sample(GOALS, 2),
      info3: random.sample(STYLES, 1),
      ...address(random),
      status: random.chance(0.85),
      createdAt: created(500),
      isTested: false,
      testResult: null,
      profileLevel: {
        levelId: null,
        schoolId: random.chance(0.3) ? random.pick(schoolIds) : null,
        subjects: Object.fromEntries(
          taught.map(([subjectId, , start, end]) => [
            subjectId,
            { levelStart: start, levelEnd: end },
          ]),
        ),
        fee: random.pick([35, 40, 45, 50, 60, 70, 80, 90]),
        preferredTime: random.pick(PREFERRED_TIMES),
        startDate: isoDate(now + random.int(0, 30) * DAY),
        groupTuition: random.chance(0.3) ? 1 : 0,
        additionalRequest: `${since <= 2012 ? 'Experienced' : 'Patient'} ${taught[0]?.[1]} tutor, teaching since ${since}.`,
        browsingLevelId: 'tutor',
      },
      teachingSince: since,
      isMoe: random.chance(0.25) ? 1 : 0,
      tutorMinDuration: random.pick([1, 2, 3]),
      tutorTechInHome: random.chance(0.5) ? 1 : 0,
      tutorVideoUrl: '',
      cvUrl: null,
    };
  }
  const tutorIds = Object.keys(tutors);
  // Index once: the matching loop below runs per student and must stay fast for 10,000 people.
  const tutorsBySubject = new Map<string, string[]>();
  for (const tutor of Object.values(tutors)) {
    for (const subjectId of Object.keys(tutor.profileLevel?.subjects ?? {})) {
      const list = tutorsBySubject.get(subjectId) ?? [];
      list.push(tutor.id);
      tutorsBySubject.set(subjectId, list);
    }
  }
  const tutorsFor = (subjectId: string) => tutorsBySubject.get(subjectId) ?? [];

  const students: Record<string, Student> = {};
  for (let i = 0; i < studentCount; i++) {
    const id = uid();
    const levelId = random.pick(FIELD_LEVELS).id;
    const child = personName(random);
    const isParent = levelIndex(levelId) < 11 && random.chance(0.7);
    const parent = isParent ? personName(random) : child;
    const taking = random.sample(subjectsAt(levelId), random.int(1, 3));
    const tested = random.chance(0.4);
    const tutorMapping: Record<string, SubjectMapping> = {};
    if (random.chance(0.35)) {
      for (const subjectId of taking) {
        const candidates = random.sample(tutorsFor(subjectId), 3);
        if (candidates.length === 0) continue;
        const confirmed = random.chance(0.6) ? (candidates[0] ?? null) : null;
        tutorMapping[subjectId] = {
          suggested: Object.fromEntries(candidates.map((t) => [t, true as const])),
          confirmed,
          // database.rules.json requires it on every mapping (matchingApi.ts writes it too).
          updatedAt: now,
        };
        const tutor = confirmed ? tutors[confirmed] : undefined;
        if (tutor) {
          tutor.confirmedStudents ??= {};
          (tutor.confirmedStudents[id] ??= {})[subjectId] = true;
        }
      }
    }
    const childAge = 7 + levelIndex(levelId);
    students[id] = {
      id,
      userType: 'student',
      name: parent.name,
      email: emailFor(parent.name, 1000 + i),
      mobile: mobile(random),
      gender: parent.gender,
      dob: isoDate(
        now - random.int(isParent ? 35 : childAge, isParent ? 50 : childAge) * 365 * DAY,
      ),
      logoUrl: null,
      info1: random.sample(INTERESTS, 2),
      info2: random.sample(GOALS, 1),
      info3: random.sample(STYLES, 1),
      ...address(random),
      status: true,
      createdAt: created(365),
      isTested: tested,
      testResult: tested ? Array.from({ length: 8 }, () => random.int(2, 18)) : null,
      profileLevel: {
        levelId,
        schoolId: random.pick(schoolIds),
        subjects: Object.fromEntries(taking.map((s) => [s, random.pick(PROFICIENCIES)])),
        fee: random.pick([30, 40, 50, 60, 80]),
        preferredTime: random.pick(PREFERRED_TIMES),
        startDate: isoDate(now + random.int(0, 21) * DAY),
        groupTuition: random.chance(0.2) ? 1 : 0,
        additionalRequest: random.chance(0.5) ? `Preparing for ${random.pick(GOALS)}.` : '',
        browsingLevelId: random.chance(0.5) ? 'student-paid' : 'student-free',
      },
      ...(Object.keys(tutorMapping).length > 0 ? { tutorMapping } : {}),
      isParent: isParent ? 1 : 0,
      studentName: child.name,
      studentMobile: isParent ? '' : mobile(random),
      studentEmail: isParent ? '' : emailFor(child.name, 2000 + i),
      studentDob: isoDate(now - childAge * 365 * DAY - random.int(0, 300) * DAY),
      studentGender: child.gender,
    };
  }
  const studentIds = Object.keys(students);

  const orders: Record<string, Order> = {};
  const statuses: OrderStatus[] = ['pending', 'paid', 'approved'];
  for (let i = 0; i < orderCount && studentIds.length > 0 && tutorIds.length > 0; i++) {
    const id = `-Order${String(i + 1).padStart(4, '0')}${random.chars(8)}`;
    const student = students[random.pick(studentIds)] as Student;
    const tutor = tutors[random.pick(tutorIds)] as Tutor;
    const subject = subjects[random.pick(SUBJECTS)[0]] as Subject;
    const settings = subject.settings as SubjectSettings;
    const qty = settings.minimumQRPurchase * random.int(1, 2);
    const status = statuses[i % statuses.length] as OrderStatus;
    const createdAt = created(90);
    // Every fourth order expires within 3 days, so the expiry column has something to warn about.
    const expiredDate =
      i % 4 === 0
        ? now + random.int(1, 3) * DAY
        : createdAt + qty * settings.expiryMultiplier * DAY;
    const qtyLeft = status === 'approved' ? random.int(0, qty) : qty;
    orders[id] = {
      id,
      studentName: student.studentName,
      studentEmail: student.email,
      tutorName: tutor.name,
      tutorEmail: tutor.email,
      subjectName: subject.name,
      total: Math.round(qty * (settings.salePrice ?? settings.originalPrice) * 100) / 100,
      status,
      isUsed: status === 'approved' && qtyLeft < qty,
      qty,
      qtyLeft,
      createdAt,
      expiredDate,
      updatedAt: createdAt + random.int(0, 5) * DAY,
      isObsolete: false,
      order: i,
    };
  }

  return { accounts, fieldLevels, levels, schools, subjects, students, tutors, orders };
}
