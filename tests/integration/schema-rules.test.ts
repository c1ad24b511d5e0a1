/**
 * Each entity's zod record schema against database.rules.json (the schema is
 * the one source; a field added to the schema but not to the rules, or the other way round, fails
 * here). For every entity:
 * - the rules declare exactly the schema's fields, level by level (read from the rules file), and
 *   refuse other keys (`$other: false`) wherever the schema does;
 * - a record with every field of the schema (derived from its shape, see schemaFixtures.ts), and
 *   the same record without its optional fields, written by an admin through the web SDK, are
 *   accepted by the rules of the local Database server;
 * - each single-field fault (wrong type, out of range, not matching, unknown key) is refused by
 *   the schema AND by the rules, and leaves nothing stored.
 */
import { readFileSync } from 'node:fs';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from '@/shared/zod';
import { countryRecordSchema } from '@/features/countries/schema';
import { fieldLevelRecordSchema } from '@/features/field-levels/schema';
import { levelRecordSchema } from '@/features/levels/schema';
import { orderRecordSchema } from '@/features/orders/schema';
import { studentRecordSchema, tutorRecordSchema } from '@/features/people/schema';
import { schoolRecordSchema } from '@/features/schools/schema';
import { subjectRecordSchema } from '@/features/subjects/schema';
import { userRecordSchema } from '@/features/users/schema';
import {
  adminApp,
  createAccount,
  deleteAccount,
  signedInWebApp,
  uniqueId,
  type TestAccount,
  type WebApp,
} from '../support/backend';
import {
  SAMPLE_KEY,
  invalidVariants,
  jsonSchemaOf,
  nonNull,
  validValue,
  withoutOptional,
  type JsonSchema,
} from './schemaFixtures';

/** A rules node of database.rules.json. */
type RulesNode = { [key: string]: RulesNode | string | boolean | string[] };
const rules = (
  JSON.parse(readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8')) as {
    rules: RulesNode;
  }
).rules;

/** Ids of records the fixtures point at, arranged with admin rights before the writes. */
const refs = {
  /** A tutor a student's mapping may suggest. */
  tutor: uniqueId('schema-ref-tutor'),
  /** A student whose mapping confirms the tutor of the tutor fixtures. */
  student: uniqueId('schema-ref-student'),
};

/** One entity: its schema, its collection, and the fields a derived value cannot satisfy. */
interface Entity {
  name: string;
  /** Collection in the database and its rules. */
  path: string;
  schema: z.ZodMiniType;
  /** Key under which the fixtures are written (one per entity; writes run one after another). */
  id: string;
  /** Fields replaced in the derived valid record (cross-record rules, e.g. `id === $id`). */
  overrides?: (id: string) => Record<string, unknown>;
  /** Data stored (rules bypassed) before each write, e.g. a user's unchangeable isAdmin. */
  before?: (valid: Record<string, unknown>) => unknown;
}

const tutorId = uniqueId('schema-tutor');

/** A download URL of this project's bucket for `folder/name`, as the rules require of file fields. */
const ownFileUrl = (folder: string, name: string) =>
  `http://127.0.0.1:9199/v0/b/demo-tuition.appspot.com/o/${folder}%2F${name}?alt=media`;
const entities: Entity[] = [
  {
    name: 'users',
    path: 'users',
    schema: userRecordSchema,
    id: uniqueId('schema-user'),
    overrides: (id) => ({
      id,
      // The rules accept only the user's own logo in Storage.
      logoUrl: ownFileUrl('users', `${id}_200x200.png`),
    }),
    // isAdmin can never change through the SDK (httpsSetAdmin does it): the record exists first.
    before: (valid) => ({ isAdmin: valid.isAdmin }),
  },
  { name: 'levels', path: 'levels', schema: levelRecordSchema, id: uniqueId('schema-level') },
  {
    name: 'field levels',
    path: 'fieldLevels',
    schema: fieldLevelRecordSchema,
    id: uniqueId('schema-fl'),
  },
  { name: 'schools', path: 'schools', schema: schoolRecordSchema, id: uniqueId('schema-school') },
  {
    name: 'subjects',
    path: 'subjects',
    schema: subjectRecordSchema,
    id: uniqueId('schema-subject'),
    overrides: (id) => ({
      id,
      settings: {
        ...(validValue(jsonSchemaOf(subjectRecordSchema)) as { settings: object }).settings,
        // Spec 5: the sale price is below the original price.
        originalPrice: 50,
        salePrice: 45.5,
      },
    }),
  },
  {
    name: 'countries',
    path: 'countries',
    schema: countryRecordSchema,
    id: uniqueId('schema-country'),
  },
  {
    name: 'students',
    path: 'students',
    schema: studentRecordSchema,
    id: uniqueId('schema-student'),
    overrides: (id) => ({
      id,
      // The rules accept only the student's own photo in Storage.
      logoUrl: ownFileUrl('students', `${id}_200x200.png`),
      // A suggested tutor must exist; a confirmed one needs the tutor's side in the same write.
      tutorMapping: { [SAMPLE_KEY]: { suggested: { [refs.tutor]: true }, updatedAt: 0 } },
    }),
  },
  {
    name: 'tutors',
    path: 'tutors',
    schema: tutorRecordSchema,
    id: tutorId,
    overrides: (id) => ({
      id,
      // The rules accept only the tutor's own photo and CV in Storage.
      logoUrl: ownFileUrl('tutors', `${id}_200x200.png`),
      cvUrl: ownFileUrl('tutor-cvs', `${id}.pdf`),
      // The student's side of the match exists (arranged below).
      confirmedStudents: { [refs.student]: { [SAMPLE_KEY]: true } },
    }),
  },
  { name: 'orders', path: 'orders', schema: orderRecordSchema, id: uniqueId('schema-order') },
];

/** The record with every field of the schema, overrides applied; `id` is the key by default. */
function validFixture(entity: Entity): Record<string, unknown> {
  const derived = validValue(jsonSchemaOf(entity.schema)) as Record<string, unknown>;
  return { ...derived, id: entity.id, ...entity.overrides?.(entity.id) };
}

/** The rules node of a collection's records (`users/$uid`, `levels/$id`, ...). */
function recordRules(path: string): RulesNode {
  const collection = rules[path] as RulesNode;
  const variable = Object.keys(collection).find((k) => k.startsWith('$'));
  if (!variable) throw new Error(`database.rules.json has no ${path}/$id`);
  return collection[variable] as RulesNode;
}

/**
 * Where the rules and the schema disagree on which fields exist, level by level: fields of one
 * missing in the other, a map (`$key`) or list (`$i`) on one side only, and `$other: false`
 * missing where the schema refuses other keys.
 */
function fieldMismatches(node: RulesNode | undefined, s: JsonSchema, at: string): string[] {
  const schema = nonNull(s);
  const children = Object.keys(node ?? {}).filter((k) => !k.startsWith('.'));
  // Fields of one kind may share one rule: `$other` whose rule names them,
  // `$other.matches(/^(mobile|postcode)$/)`; they count as declared, with that rule.
  const other = (node?.['$other'] as RulesNode | undefined)?.['.validate'];
  const shared =
    typeof other === 'string'
      ? (/\$other\.matches\(\/\^\(([^)]*)\)\$\//.exec(other)?.[1]?.split('|') ?? [])
      : [];
  const named = [...children.filter((k) => !k.startsWith('$')), ...shared];
  const variables = children.filter((k) => k.startsWith('$') && k !== '$other');
  const child = (key: string) =>
    (node?.[shared.includes(key) ? '$other' : key] ?? undefined) as RulesNode | undefined;
  const problems: string[] = [];
  if (schema.type === 'object') {
    const fields = Object.keys(schema.properties ?? {});
    for (const f of fields) {
      if (!named.includes(f)) problems.push(`${at}.${f}: in the schema, not in the rules`);
      else problems.push(...fieldMismatches(child(f), schema.properties?.[f] ?? {}, `${at}.${f}`));
    }
    for (const k of named.filter((k) => !fields.includes(k))) {
      problems.push(`${at}.${k}: in the rules, not in the schema`);
    }
    const map = schema.additionalProperties;
    if (typeof map === 'object') {
      if (variables.length !== 1) problems.push(`${at}: a map in the schema, no $key in the rules`);
      else problems.push(...fieldMismatches(child(variables[0] ?? ''), map, `${at}.$key`));
    } else if (variables.length > 0) {
      problems.push(`${at}.${variables.join()}: a map in the rules, not in the schema`);
    }
    if (
      map === false &&
      shared.length === 0 &&
      (child('$other')?.['.validate'] ?? true) !== false
    ) {
      problems.push(`${at}: the schema refuses other keys, the rules lack $other: false`);
    }
  } else if (schema.type === 'array') {
    if (variables.length !== 1) problems.push(`${at}: a list in the schema, no $i in the rules`);
    else
      problems.push(...fieldMismatches(child(variables[0] ?? ''), schema.items ?? {}, `${at}.$i`));
  } else if (named.length + variables.length > 0) {
    problems.push(`${at}: a single value in the schema, children in the rules`);
  }
  return problems;
}

let admin: TestAccount | undefined;
let web: WebApp | undefined;

beforeAll(async () => {
  admin = await createAccount({ isAdmin: true });
  web = await signedInWebApp(admin.email, admin.password);
  const db = getAdminDatabase(adminApp());
  const person = { name: 'Reference', email: 'reference@tuition.test' };
  await db.ref().update({
    [`tutors/${refs.tutor}`]: { ...person, userType: 'tutor' },
    [`students/${refs.student}`]: {
      ...person,
      userType: 'student',
      tutorMapping: { [SAMPLE_KEY]: { confirmed: tutorId, updatedAt: 0 } },
    },
    // A tutor may teach only subjects that exist.
    [`subjects/${SAMPLE_KEY}`]: { name: 'Sample', countryId: 'SG', id: SAMPLE_KEY },
  });
});

afterAll(async () => {
  await web?.close();
  if (admin) await deleteAccount(admin.uid);
  await getAdminDatabase(adminApp())
    .ref()
    .update({
      [`tutors/${refs.tutor}`]: null,
      [`students/${refs.student}`]: null,
      [`subjects/${SAMPLE_KEY}`]: null,
    });
});

/**
 * Writes `record` at `<path>/<id>` as the admin, after storing `before` there with admin rights.
 * @returns whether the rules accepted it, and what is stored afterwards.
 */
async function write(entity: Entity, record: unknown, before: unknown) {
  const path = `${entity.path}/${entity.id}`;
  const node = getAdminDatabase(adminApp()).ref(path);
  await node.set(before ?? null);
  try {
    await set(ref((web as WebApp).database, path), record);
    return { accepted: true, stored: (await node.get()).val() as unknown };
  } catch (error) {
    expect(String((error as Error).message)).toMatch(/permission.denied/i);
    return { accepted: false, stored: (await node.get()).val() as unknown };
  } finally {
    await node.remove();
  }
}

/** RTDB's view of a value: nulls dropped, lists stored as they are. */
function stored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stored);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, stored(v)]),
  );
}

describe.each(entities)('schema vs rules: $name', (entity) => {
  const json = jsonSchemaOf(entity.schema);
  const valid = validFixture(entity);
  const minimal = withoutOptional(json, valid);
  const before = entity.before?.(valid);

  it('the rules declare exactly the fields of the schema', () => {
    expect(fieldMismatches(recordRules(entity.path), json, entity.path)).toEqual([]);
  });

  it.each([
    ['every field', valid],
    ['only the required fields', minimal],
  ])('a record with %s is accepted by the schema and by the rules', async (_label, record) => {
    expect(entity.schema.safeParse(record).error).toBeUndefined();
    const result = await write(entity, record, before);
    expect(result.accepted, JSON.stringify(record)).toBe(true);
    expect(result.stored).toEqual(stored(record));
  });

  const variants = invalidVariants(json, valid).map(
    (v) => [`${v.field}: ${v.problem}`, v] as const,
  );
  it.each(variants)('%s: refused by the schema and by the rules', async (_label, variant) => {
    expect(entity.schema.safeParse(variant.record).success, 'the schema accepts it').toBe(false);
    const result = await write(entity, variant.record, before);
    expect(result.accepted, `the rules accept ${JSON.stringify(variant.record)}`).toBe(false);
    expect(result.stored).toEqual(before === undefined ? null : before);
  });
});
