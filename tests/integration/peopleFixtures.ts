/**
 * Valid students/{id} and tutors/{id} records (database.rules.json shapes) for the people rules
 * and matching tests.
 */
export function studentRecord(name = 'Student') {
  return {
    userType: 'student',
    name,
    email: 'student@tuition.test',
    mobile: '+65 9000 0000',
    gender: 'male',
    countryId: 'SG',
    status: true,
    createdAt: 1_700_000_000_000,
    isTested: false,
    isParent: 0,
    studentGender: 'female',
  };
}

export function tutorRecord(name = 'Tutor') {
  return {
    userType: 'tutor',
    name,
    email: 'tutor@tuition.test',
    mobile: '+65 8000 0000',
    gender: 'female',
    countryId: 'SG',
    status: true,
    createdAt: 1_700_000_000_000,
    isTested: false,
    isMoe: 1,
    teachingSince: 2012,
  };
}
