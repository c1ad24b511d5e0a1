/**
 * Fixtures derived from an entity's zod record schema, for tests/integration/schema-rules.test.ts.
 *
 * The schema is read through its JSON Schema (`z.toJSONSchema`, io 'input'): its `properties` are
 * the keys of `schema.shape`, with each field's type, bounds (minimum, maxLength, ...), pattern,
 * options and whether unknown keys are allowed. From that:
 * - {@link validRecord}: every field of the schema, optional ones included, with a value the
 *   schema accepts (then merged with a test's overrides for cross-record rules);
 * - {@link invalidVariants}: one record per way a single field can be wrong (wrong type, out of
 *   range, not matching its pattern, an extra key where the schema allows none), the rest valid;
 * - {@link withoutOptional}: the record without its optional fields (nullable ones set to null,
 *   which RTDB stores as absent).
 * Each variant names the field path it breaks, so a failure says which field of which entity.
 */
import * as z from '@/shared/zod';

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** The part of JSON Schema that zod's record schemas produce. */
export interface JsonSchema {
  /** One type, or a list of them (zod writes a nullable plain field as [type, 'null']). */
  type?: JsonType | JsonType[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** false: no other keys (z.strictObject); a schema: a record's values (z.record). */
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
}

/** The JSON Schema of a record schema's stored input. */
export function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

type Value = unknown;
type Path = string[];

/** Sample texts tried in order for a string field; the first one its constraints accept is used. */
const SAMPLE_TEXTS = [
  'Sample text',
  'SG',
  '2020-01-31',
  'someone@tuition.test',
  'https://video.example.com/intro',
];

/** Whether `text` meets a string schema's length, pattern and format. */
function textFits(text: string, s: JsonSchema): boolean {
  if (s.minLength !== undefined && text.length < s.minLength) return false;
  if (s.maxLength !== undefined && text.length > s.maxLength) return false;
  if (s.pattern !== undefined && !new RegExp(s.pattern).test(text)) return false;
  if (s.format === 'uri' && !URL.canParse(text)) return false;
  return true;
}

/** The non-null part of a nullable field (either form zod writes), else the schema itself. */
export function nonNull(s: JsonSchema): JsonSchema {
  if (Array.isArray(s.type)) return { ...s, type: s.type.find((t) => t !== 'null') };
  const others = s.anyOf?.filter((branch) => branch.type !== 'null');
  return others?.length === 1 && others[0] ? others[0] : s;
}

const isNullable = (s: JsonSchema) =>
  (Array.isArray(s.type) && s.type.includes('null')) ||
  (s.anyOf?.some((branch) => branch.type === 'null') ?? false);

/** Key of the one entry a valid record gets in a map field (z.record): an RTDB key. */
export const SAMPLE_KEY = 'key1';

/**
 * A value the schema accepts: every property, optional ones too; one entry per map; the smallest
 * allowed number; the first sample text that fits.
 * @throws Error naming the path when no sample fits (add one to SAMPLE_TEXTS or an override).
 */
export function validValue(s: JsonSchema, path: Path = []): Value {
  const at = path.join('.') || '(record)';
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf?.[0] && s.anyOf.every((branch) => branch.const !== undefined)) {
    return s.anyOf[0].const;
  }
  if (nonNull(s) !== s) return validValue(nonNull(s), path);
  switch (s.type) {
    case 'string': {
      const text = SAMPLE_TEXTS.find((t) => textFits(t, s));
      if (text === undefined) throw new Error(`No sample text fits ${at}: ${JSON.stringify(s)}`);
      return text;
    }
    case 'number':
    case 'integer': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      return s.maximum !== undefined ? Math.min(low, s.maximum) : low;
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, (_, i) =>
        validValue(s.items ?? {}, [...path, String(i)]),
      );
    case 'object': {
      const record: Record<string, Value> = {};
      for (const [key, field] of Object.entries(s.properties ?? {})) {
        record[key] = validValue(field, [...path, key]);
      }
      if (typeof s.additionalProperties === 'object') {
        record[SAMPLE_KEY] = validValue(s.additionalProperties, [...path, SAMPLE_KEY]);
      }
      return record;
    }
    default:
      throw new Error(`No sample for ${at}: ${JSON.stringify(s)}`);
  }
}

/** A record and the field path a variant of it breaks. */
export interface Variant {
  /** Dotted path of the field, e.g. 'profileLevel.fee'; '(record)' for the record itself. */
  field: string;
  /** What is wrong, e.g. 'wrong type', 'below minimum 0'. */
  problem: string;
  record: Value;
}

/** Wrong values of one field, without recursing into its children. */
function wrongValues(s: JsonSchema): { problem: string; value: Value }[] {
  const wrong: { problem: string; value: Value }[] = [];
  const field = nonNull(s);
  if (field.const !== undefined || field.enum || field.anyOf) {
    const options = field.anyOf?.map((b) => b.const) ?? field.enum ?? [field.const];
    const sample = options[0];
    if (typeof sample === 'number') wrong.push({ problem: 'not an option', value: 3 });
    else if (typeof sample === 'boolean') wrong.push({ problem: 'not an option', value: false });
    wrong.push({ problem: 'not an option', value: 'not-an-option' });
    return wrong;
  }
  switch (field.type) {
    case 'string':
      wrong.push({ problem: 'wrong type', value: 12345 });
      if (field.minLength) {
        wrong.push({ problem: `shorter than ${field.minLength}`, value: '' });
      }
      if (field.maxLength !== undefined) {
        wrong.push({
          problem: `longer than ${field.maxLength}`,
          value: 'x'.repeat(field.maxLength + 1),
        });
      }
      if (field.pattern !== undefined || field.format === 'uri') {
        wrong.push({ problem: `not matching ${field.pattern ?? 'a URL'}`, value: 'not valid!' });
      }
      break;
    case 'number':
    case 'integer':
      wrong.push({ problem: 'wrong type', value: '7' });
      if (field.minimum !== undefined) {
        wrong.push({ problem: `below minimum ${field.minimum}`, value: field.minimum - 1 });
      }
      if (field.exclusiveMinimum !== undefined) {
        wrong.push({
          problem: `not above ${field.exclusiveMinimum}`,
          value: field.exclusiveMinimum,
        });
      }
      if (field.maximum !== undefined) {
        wrong.push({ problem: `above maximum ${field.maximum}`, value: field.maximum + 1 });
      }
      if (field.type === 'integer') {
        wrong.push({ problem: 'not whole', value: Number(validValue(field)) + 0.5 });
      }
      break;
    case 'boolean':
      wrong.push({ problem: 'wrong type', value: 'true' });
      break;
    case 'object':
    case 'array':
      wrong.push({ problem: 'wrong type', value: 'text' });
      break;
  }
  return wrong;
}

/** `record` with `value` at `path` (copies along the path). */
function setAt(record: Value, path: Path, value: Value): Value {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  const node = (record ?? {}) as Record<string, Value> | Value[];
  const copy: Record<string, Value> = Array.isArray(node)
    ? Object.fromEntries(node.entries())
    : { ...node };
  copy[key] = setAt(copy[key], rest, value);
  return Array.isArray(node) ? Object.values(copy) : copy;
}

/** The value at `path`, or undefined. */
function getAt(record: Value, path: Path): Value {
  return path.reduce<Value>((node, key) => (node as Record<string, Value>)?.[key], record);
}

/**
 * Every single-field fault of `valid`: for each field of the schema (nested objects, map entries
 * and list items included), each wrong value of that field; for each object that allows no other
 * keys, one with an unknown key. Map entries and list items are checked at the keys present in
 * `valid` (so overrides choose them).
 */
export function invalidVariants(s: JsonSchema, valid: Value, path: Path = []): Variant[] {
  const field = path.join('.') || '(record)';
  const variants: Variant[] = wrongValues(s).map(({ problem, value }) => ({
    field,
    problem,
    record: setAt(valid, path, value),
  }));
  const node = nonNull(s);
  const here = getAt(valid, path);
  if (node.type === 'object') {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const childPath = [...path, key];
      // An optional field the overrides left out is checked with a valid value of its own.
      const base =
        getAt(valid, childPath) === undefined
          ? setAt(valid, childPath, validValue(child, childPath))
          : valid;
      variants.push(...invalidVariants(child, base, childPath));
    }
    if (typeof node.additionalProperties === 'object') {
      for (const key of Object.keys((here ?? {}) as object)) {
        variants.push(...invalidVariants(node.additionalProperties, valid, [...path, key]));
      }
    }
    if (node.additionalProperties === false) {
      variants.push({
        field,
        problem: 'unknown key',
        record: setAt(valid, [...path, 'unknownField'], 'x'),
      });
    }
  }
  if (node.type === 'array' && Array.isArray(here)) {
    here.forEach((_, i) => {
      variants.push(...invalidVariants(node.items ?? {}, valid, [...path, String(i)]));
    });
    if (node.minItems !== undefined && node.minItems > 0) {
      variants.push({
        field,
        problem: `fewer than ${node.minItems} items`,
        record: setAt(valid, path, here.slice(0, node.minItems - 1)),
      });
    }
    if (node.maxItems !== undefined) {
      variants.push({
        field,
        problem: `more than ${node.maxItems} items`,
        record: setAt(valid, path, [...here, ...here].slice(0, node.maxItems + 1)),
      });
    }
  }
  return variants;
}

/**
 * `valid` without the fields the schema does not require, at every level: optional fields
 * removed, nullable ones set to null (RTDB stores a null child as absent).
 */
export function withoutOptional(s: JsonSchema, valid: Value): Value {
  const node = nonNull(s);
  if (node.type !== 'object' || valid === null || typeof valid !== 'object') return valid;
  const required = new Set(node.required ?? []);
  const result: Record<string, Value> = {};
  for (const [key, value] of Object.entries(valid)) {
    const child = node.properties?.[key];
    if (!child) {
      result[key] = value; // a map entry
    } else if (required.has(key)) {
      result[key] = isNullable(child) ? null : withoutOptional(child, value);
    }
  }
  return result;
}
