import { fieldErrors } from '@/shared/forms/fieldErrors';
import { basicValues } from './formValues';
import {
  studentBasicSchema,
  studentProfileLevelSchema,
  tutorBasicSchema,
  tutorProfileLevelSchema,
} from './validation';

const student = () => ({
  ...basicValues(),
  email: 'ana@example.com',
  name: 'Ana',
  mobile: '+65 9123 4567',
});
const tutor = () => ({
  ...basicValues(),
  email: 'tom@example.com',
  name: 'Tom',
  mobile: '+65 8123 4567',
});

describe('student basic profile schema (spec 5)', () => {
  it('accepts a complete student with the defaults (male, SG, active)', () => {
    const r = studentBasicSchema.safeParse(student());
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ gender: 'male', countryId: 'SG', status: true, isParent: 0 });
  });
  it.each([
    ['email', 'not-an-email', 'UserForm.invalidEmail'],
    ['email', 'a@b', 'UserForm.invalidEmail'],
    ['name', '  ', 'People.required'],
    ['mobile', '', 'People.required'],
    ['countryId', '', 'People.required'],
    ['studentEmail', 'x@', 'UserForm.invalidEmail'],
    ['mobile', 'abc', 'People.invalidMobile'],
    ['mobile', '12', 'People.invalidMobile'],
    ['studentMobile', '+65 abc', 'People.invalidMobile'],
    ['postcode', 'ABCDEFGHIJKLMNOP', 'People.invalidPostcode'],
    ['postcode', 'ABCDE', 'People.invalidPostcode'],
  ])('rejects %s = %j with %s', (key, value, message) => {
    const r = studentBasicSchema.safeParse({ ...student(), [key]: value });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error)[key]).toBe(message);
  });
});

describe('tutor basic profile schema (spec 3 tutor extras)', () => {
  it('turns teachingSince and tutorMinDuration into numbers, empty into null', () => {
    expect(
      tutorBasicSchema.parse({ ...tutor(), teachingSince: '2010', tutorMinDuration: '4' }),
    ).toMatchObject({ teachingSince: 2010, tutorMinDuration: 4 });
    expect(tutorBasicSchema.parse(tutor())).toMatchObject({
      teachingSince: null,
      tutorMinDuration: null,
    });
  });
  it.each([
    ['teachingSince', '99', 'Tutors.invalidYear'],
    ['teachingSince', '20100', 'Tutors.invalidYear'],
    ['teachingSince', '3020', 'Tutors.yearOutOfRange'],
    ['teachingSince', '1899', 'Tutors.yearOutOfRange'],
    ['tutorMinDuration', '0', 'Tutors.invalidDuration'],
    ['tutorVideoUrl', 'youtube', 'Tutors.invalidUrl'],
  ])('rejects %s = %j', (key, value, message) => {
    const r = tutorBasicSchema.safeParse({ ...tutor(), [key]: value });
    expect(fieldErrors(r.error)[key]).toBe(message);
  });
  it('accepts an http(s) video URL', () => {
    expect(
      tutorBasicSchema.safeParse({ ...tutor(), tutorVideoUrl: 'https://youtu.be/x1' }).success,
    ).toBe(true);
  });
});

describe('profile level schemas', () => {
  const base = {
    levelId: null,
    schoolId: null,
    fee: '40',
    preferredTime: '8_12',
    startDate: '2026-01-05',
    groupTuition: 0 as const,
    additionalRequest: '',
    browsingLevelId: null,
  };
  it('requires a preferred time among 0, 8_12, 12_6, 6_10', () => {
    expect(studentProfileLevelSchema.safeParse({ ...base, subjects: {} }).success).toBe(true);
    const r = studentProfileLevelSchema.safeParse({ ...base, preferredTime: '', subjects: {} });
    expect(fieldErrors(r.error).preferredTime).toBe('People.required');
    expect(
      studentProfileLevelSchema.safeParse({ ...base, preferredTime: '9_5', subjects: {} }).success,
    ).toBe(false);
  });
  it('accepts only below/avg/above proficiencies', () => {
    expect(
      studentProfileLevelSchema.safeParse({ ...base, subjects: { math: 'avg', eng: 'above' } })
        .success,
    ).toBe(true);
    expect(
      studentProfileLevelSchema.safeParse({ ...base, subjects: { math: 'good' } }).success,
    ).toBe(false);
  });
  it("checks a tutor's level range by the field levels' order", () => {
    const order = new Map([
      ['p1', 1],
      ['p6', 6],
    ]);
    const schema = tutorProfileLevelSchema((id) => order.get(id));
    expect(
      schema.safeParse({ ...base, subjects: { math: { levelStart: 'p1', levelEnd: 'p6' } } })
        .success,
    ).toBe(true);
    const r = schema.safeParse({
      ...base,
      subjects: { math: { levelStart: 'p6', levelEnd: 'p1' } },
    });
    expect(fieldErrors(r.error)['subjects.math']).toBe('Tutors.invalidRange');
  });
  it('rejects a negative fee and stores the fee as a number', () => {
    expect(studentProfileLevelSchema.safeParse({ ...base, fee: '-3', subjects: {} }).success).toBe(
      false,
    );
    expect(studentProfileLevelSchema.parse({ ...base, subjects: {} }).fee).toBe(40);
  });
});
