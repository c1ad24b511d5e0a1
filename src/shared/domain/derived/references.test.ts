import { counterDeltas } from './derivation';
import { personUses, referenceUses } from './references';

const student = {
  countryId: 'SG',
  profileLevel: {
    levelId: 'p1',
    schoolId: 's1',
    browsingLevelId: null,
    subjects: { maths: 'avg' },
  },
  tutorMapping: { maths: { confirmed: 't1' }, art: { suggested: { t2: true } } },
};
const tutor = {
  countryId: 'SG',
  profileLevel: {
    levelId: null,
    schoolId: null,
    browsingLevelId: 'b1',
    subjects: { maths: { levelStart: 'p1', levelEnd: 'p6' } },
  },
};

describe('uses of reference records', () => {
  it("counts once each record a student refers to, and a subject's confirmed match", () => {
    expect(personUses('students', student)).toEqual({
      'uses/students/countries/SG': 1,
      'uses/students/fieldLevels/p1': 1,
      'uses/students/schools/s1': 1,
      'uses/students/subjects/maths': 1,
      'uses/students/subjects/art': 1,
      'uses/matches/subjects/maths': 1,
    });
  });

  it("counts a tutor's browsing level, subjects and the field levels of its ranges", () => {
    expect(personUses('tutors', tutor)).toEqual({
      'uses/tutors/countries/SG': 1,
      'uses/tutors/levels/b1': 1,
      'uses/tutors/subjects/maths': 1,
      'uses/tutors/fieldLevels/p1': 1,
      'uses/tutors/fieldLevels/p6': 1,
    });
  });

  it('moves the counters by what an edit changes, and skips ids that are no keys', () => {
    const moved = { ...student, countryId: 'MY', tutorMapping: { maths: { confirmed: null } } };
    expect(counterDeltas(referenceUses('students'), student, moved)).toEqual({
      'uses/students/countries/SG': -1,
      'uses/students/countries/MY': 1,
      'uses/students/subjects/art': -1,
      'uses/matches/subjects/maths': -1,
    });
    expect(personUses('students', { countryId: 'a/b', profileLevel: { levelId: '' } })).toEqual({});
  });

  it('rebuilds each kind whole from all records', () => {
    expect(referenceUses('students').rebuild({ a: student, b: { countryId: 'SG' } })).toEqual({
      'uses/students': {
        countries: { SG: 2 },
        fieldLevels: { p1: 1 },
        schools: { s1: 1 },
        subjects: { maths: 1, art: 1 },
      },
      'uses/matches': { subjects: { maths: 1 } },
    });
    expect(referenceUses('tutors').rebuild({})).toEqual({ 'uses/tutors': {} });
  });
});
