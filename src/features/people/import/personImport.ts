/**
 * The import of students and tutors from a CSV file (spec section 2, Students and tutors: "Import from a CSV file"): which columns map
 * to which fields, and how one row becomes a record, checked by the same schemas as the form (the
 * kind's Basic Profile schema, validation.ts, then the stored record's, schema.ts). The parsing
 * worker checks every row with it before anything is sent, and the callable `httpsImportPeople`
 * (functions/src) checks each row again with it before writing, so a row the preview accepts is a
 * row the server accepts.
 */
import type { ImportField, ImportSpec, MappedRow, RowCheck } from '@/shared/import/spec';
import * as z from '@/shared/zod';
import { basicValues } from '../formValues';
import { studentRecordSchema, tutorRecordSchema, type Student, type Tutor } from '../schema';
import { studentBasicSchema, tutorBasicSchema } from '../validation';

/** The two collections an import writes to. */
export type ImportKind = 'students' | 'tutors';

/** A row as the import writes it: the record without the id and creation time the server adds. */
export type ImportedPerson = Omit<Student, 'id' | 'createdAt'> | Omit<Tutor, 'id' | 'createdAt'>;

/**
 * Fields of both kinds. `headers` hold the English and Spanish labels of the form and of the
 * lists' CSV export (the catalogues' People.* texts; personImport.test.ts checks they are all
 * here) and a few common spreadsheet spellings.
 */
const COMMON_FIELDS: readonly ImportField[] = [
  {
    key: 'name',
    label: 'People.name',
    headers: ['Name', 'Full name', 'Nombre', 'Nombre completo'],
    required: true,
  },
  {
    key: 'email',
    label: 'People.email',
    headers: ['E-mail', 'Email address', 'Mail', 'Correo electrónico', 'Correo', 'Email'],
    required: true,
  },
  {
    key: 'mobile',
    label: 'People.mobile',
    headers: ['Mobile', 'Phone', 'Mobile number', 'Telephone', 'Móvil', 'Teléfono', 'Celular'],
    required: true,
  },
  { key: 'gender', label: 'People.gender', headers: ['Gender', 'Sex', 'Sexo', 'Género'] },
  {
    key: 'dob',
    label: 'People.dob',
    headers: ['Date of birth', 'Birth date', 'DOB', 'Fecha de nacimiento'],
  },
  {
    key: 'countryId',
    label: 'People.country',
    headers: ['Country', 'Country code', 'País', 'Pais'],
  },
  { key: 'houseNumber', label: 'People.houseNumber', headers: ['House number', 'Número'] },
  {
    key: 'buildingName',
    label: 'People.buildingName',
    headers: ['Building name', 'Building', 'Nombre del edificio', 'Edificio'],
  },
  { key: 'street1', label: 'People.street1', headers: ['Street 1', 'Street', 'Calle 1', 'Calle'] },
  { key: 'street2', label: 'People.street2', headers: ['Street 2', 'Calle 2'] },
  {
    key: 'postcode',
    label: 'People.postcode',
    headers: ['Postcode', 'Postal code', 'Zip', 'Zip code', 'Código postal'],
  },
];

/** The students' own importable fields. */
const STUDENT_FIELDS: readonly ImportField[] = [
  { key: 'isParent', label: 'Students.isParent', headers: ['Is a parent', 'Es padre o madre'] },
  {
    key: 'studentName',
    label: 'Students.studentName',
    headers: ['Student name', 'Nombre del alumno'],
  },
  {
    key: 'studentMobile',
    label: 'Students.studentMobile',
    headers: ['Student mobile', 'Móvil del alumno'],
  },
  {
    key: 'studentEmail',
    label: 'Students.studentEmail',
    headers: ['Student e-mail', 'Correo del alumno'],
  },
];

/** The tutors' own importable fields; Status is the tutors list's exported 'active'/'inactive'. */
const TUTOR_FIELDS: readonly ImportField[] = [
  { key: 'status', label: 'Tutors.status', headers: ['Active', 'Status', 'Activo', 'Estado'] },
  {
    key: 'teachingSince',
    label: 'Tutors.teachingSince',
    headers: ['Teaching since (year)', 'Teaching since', 'Enseña desde (año)', 'Enseña desde'],
  },
  { key: 'isMoe', label: 'Tutors.isMoe', headers: ['MOE teacher', 'Profesor del MOE'] },
];

/** Words read as yes or no (English and Spanish, the export's 'active'/'inactive', 1/0). */
const YES = new Set(['yes', 'y', 'true', '1', 'si', 'sí', 'active', 'activo', 'activa']);
const NO = new Set(['no', 'n', 'false', '0', 'inactive', 'inactivo', 'inactiva']);
const MALE = new Set(['male', 'm', 'man', 'hombre', 'h', 'masculino', 'varon', 'varón']);
const FEMALE = new Set(['female', 'f', 'woman', 'mujer', 'femenino']);

/**
 * A yes/no cell as a boolean; undefined for an empty cell; the text itself when it is neither, so
 * the schema refuses it with its own message.
 */
function yesNo(text: string | undefined): boolean | string | undefined {
  if (text === undefined) return undefined;
  const word = text.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return text;
}

/** A gender cell as stored ('male' | 'female'), or the text itself for the schema to refuse. */
function gender(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const word = text.trim().toLowerCase();
  if (MALE.has(word)) return 'male';
  if (FEMALE.has(word)) return 'female';
  return text;
}

/**
 * A date cell as stored (ISO 'yyyy-MM-dd'): ISO as it is, or the form's 'dd/MM/yyyy' (also with
 * '-' or '.'), checked to be a real day; anything else as it is, for the schema to refuse.
 */
export function isoDate(text: string | undefined): string | null | undefined {
  if (text === undefined) return undefined;
  const value = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = dmy
    ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
    : ymd
      ? [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])]
      : [NaN, NaN, NaN];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1)
    return value;
  return date.toISOString().slice(0, 10);
}

/** A stored Yes/No (0 | 1) from a cell, or the text for the schema to refuse. */
function zeroOne(text: string | undefined): 0 | 1 | string | undefined {
  const value = yesNo(text);
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** Drops undefined values, so the form's defaults apply for empty cells. */
function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** The first issue per field of a zod error: field key -> catalogue id. */
function issuesByField(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Checks one mapped row of `kind` and builds the record to import: the form's defaults for a new
 * person (spec section 9: male, SG, active, Yes/No 0), the row's cells over them, then the form's
 * Basic Profile schema (mobile required and a phone number, postcode, e-mail pattern, ...) and the
 * stored record's strict schema. Never throws.
 */
export function checkPersonRow(kind: ImportKind, row: MappedRow): RowCheck<ImportedPerson> {
  const userType = kind === 'students' ? 'student' : 'tutor';
  const base = basicValues();
  const input = {
    ...base,
    ...defined({
      name: row.name,
      email: row.email?.toLowerCase(),
      mobile: row.mobile,
      gender: gender(row.gender),
      dob: isoDate(row.dob),
      countryId: row.countryId?.toUpperCase(),
      houseNumber: row.houseNumber,
      buildingName: row.buildingName,
      street1: row.street1,
      street2: row.street2,
      postcode: row.postcode,
    }),
    ...(kind === 'students'
      ? defined({
          isParent: zeroOne(row.isParent),
          studentName: row.studentName,
          studentMobile: row.studentMobile,
          studentEmail: row.studentEmail?.toLowerCase(),
        })
      : defined({
          status: yesNo(row.status),
          teachingSince: row.teachingSince,
          isMoe: zeroOne(row.isMoe),
        })),
  };
  const basic = (kind === 'students' ? studentBasicSchema : tutorBasicSchema).safeParse(input);
  if (!basic.success) return { ok: false, errors: issuesByField(basic.error) };
  const { photo: _photo, cv: _cv, ...fields } = basic.data as Record<string, unknown>;
  const record = {
    ...fields,
    userType,
    logoUrl: null,
    isTested: false,
    testResult: null,
    ...(kind === 'tutors' ? { cvUrl: null } : {}),
  };
  // The stored shape, strict: what the database rules accept (the id and time are the server's).
  const schema = kind === 'students' ? studentRecordSchema : tutorRecordSchema;
  const stored = z
    .omit(schema as typeof studentRecordSchema, { id: true, createdAt: true })
    .safeParse(record);
  if (!stored.success) return { ok: false, errors: issuesByField(stored.error) };
  return { ok: true, value: stored.data as ImportedPerson };
}

/** The import spec of `kind` (shared/import/spec): its fields and row check, keyed by e-mail. */
export function personImportSpec(kind: ImportKind): ImportSpec<ImportedPerson> {
  return {
    fields: [...COMMON_FIELDS, ...(kind === 'students' ? STUDENT_FIELDS : TUTOR_FIELDS)],
    check: (row) => checkPersonRow(kind, row),
    keyOf: (row) => (row.email ?? '').trim().toLowerCase(),
  };
}
