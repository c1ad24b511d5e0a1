import en from '@/app/i18n/en/people.json';
import es from '@/app/i18n/es/people.json';
import enStudents from '@/app/i18n/en/students.json';
import esStudents from '@/app/i18n/es/students.json';
import enTutors from '@/app/i18n/en/tutors.json';
import esTutors from '@/app/i18n/es/tutors.json';
import { mapRow, normalizeHeader, suggestMapping } from '@/shared/import/spec';
import { checkPersonRow, isoDate, personImportSpec } from './personImport';

const catalogues: Array<Record<string, string>> = [
  en,
  es,
  enStudents,
  esStudents,
  enTutors,
  esTutors,
];
const text = (id: string) => catalogues.map((c) => c[id]).filter((t): t is string => !!t);

describe('personImportSpec', () => {
  it.each(['students', 'tutors'] as const)(
    'maps every field label of the %s form and list, in English and Spanish',
    (kind) => {
      const { fields } = personImportSpec(kind);
      for (const field of fields) {
        const labels = text(field.label);
        expect(labels).toHaveLength(2);
        expect(suggestMapping(labels, fields)).toEqual([field.key, '']);
      }
    },
  );

  it('maps the headers of the students list export and ignores the rest', () => {
    const header = ['Name', 'E-mail', 'Mobile', 'Country', 'Created'];
    expect(suggestMapping(header, personImportSpec('students').fields)).toEqual([
      'name',
      'email',
      'mobile',
      'countryId',
      '',
    ]);
    expect(
      suggestMapping(
        ['NOMBRE', 'correo electronico', 'Móvil', 'país'],
        personImportSpec('tutors').fields,
      ),
    ).toEqual(['name', 'email', 'mobile', 'countryId']);
  });

  it('maps a field once: a second column of the same field is ignored', () => {
    expect(suggestMapping(['Email', 'E-mail'], personImportSpec('tutors').fields)).toEqual([
      'email',
      '',
    ]);
  });
});

describe('checkPersonRow', () => {
  const good = { name: 'Ana', email: 'Ana@Example.com', mobile: '+65 9123 4567' };

  it('builds a student with the form defaults and the row over them', () => {
    const check = checkPersonRow('students', { ...good, gender: 'Mujer', dob: '05/02/2011' });
    expect(check).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'Ana',
        email: 'ana@example.com',
        gender: 'female',
        dob: '2011-02-05',
        countryId: 'SG',
        userType: 'student',
        isParent: 0,
        status: true,
        logoUrl: null,
        testResult: null,
      }),
    });
  });

  it('reads a tutor status as the list exports it', () => {
    const check = checkPersonRow('tutors', { ...good, status: 'inactive', teachingSince: '2001' });
    expect(check.ok && check.value).toMatchObject({ status: false, teachingSince: 2001 });
  });

  it.each([
    [{ ...good, name: '' }, 'name', 'People.required'],
    [{ ...good, email: 'ana' }, 'email', 'UserForm.invalidEmail'],
    [{ ...good, mobile: 'x' }, 'mobile', 'People.invalidMobile'],
    [{ ...good, gender: 'x' }, 'gender', 'Common.invalidValue'],
    [{ ...good, dob: '31/02/2010' }, 'dob', 'People.invalidDate'],
    [{ ...good, countryId: 'Singapore' }, 'countryId', 'People.required'],
    [{ ...good, postcode: '!' }, 'postcode', 'People.invalidPostcode'],
  ])('refuses %j: %s %s', (row, field, message) => {
    const check = checkPersonRow('students', row);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors[field]).toBe(message);
  });

  it('refuses a row without its required cells', () => {
    const check = checkPersonRow('tutors', {});
    expect(!check.ok && Object.keys(check.errors)).toEqual(
      expect.arrayContaining(['name', 'email', 'mobile']),
    );
  });
});

describe('helpers', () => {
  it('normalizes headers loosely', () => {
    expect(normalizeHeader(' Correo Electrónico ')).toBe('correoelectronico');
  });
  it('maps cells, leaving out empty and ignored ones', () => {
    expect(mapRow([' a ', '', 'c'], ['name', 'email', ''])).toEqual({ name: 'a' });
  });
  it('reads ISO and day-first dates', () => {
    expect(isoDate('2010-01-31')).toBe('2010-01-31');
    expect(isoDate('1.2.2010')).toBe('2010-02-01');
    expect(isoDate('2010-02-30')).toBe('2010-02-30');
  });
});
