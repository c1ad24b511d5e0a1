/**
 * database.rules.json, reference data: levels/, countries/, fieldLevels/, schools/, subjects/
 * (issue 7; spec section 6: only admins manage reference data; sections 3, 5 and 9: the shape of
 * each record). Every path gets the role matrix (signed out, non-admin, owner, admin x read,
 * create, update, delete), then the shape rules, which refuse a wrong record even from an admin
 * writing through the SDK.
 */
import { adminOnly, describeDatabaseRules, type DatabaseCase } from '../support/rulesMatrix';

/** Refused even for admins: the record has the wrong shape. */
const refused = { admin: 'deny', nonAdmin: 'deny' } as const;
/** Accepted for admins (the valid counterpart of a refused shape). */
const accepted = { admin: 'allow' } as const;

const level = {
  name: 'Rules Level',
  accessBy: 'student_paid',
  description: 'Who sees what',
  order: 2,
  createdAt: 1_700_000_000_000,
  fields: {
    contact: true,
    email: false,
    houseNumber: false,
    buildingName: false,
    unitNumber: false,
    street1: false,
    street2: false,
    postcode: true,
  },
};
const country = { name: 'Spain', code: 'ES', dial_code: '+34', isObsolete: true };
const fieldLevel = {
  name: 'Primary 7',
  countryId: 'SG',
  isObsolete: false,
  order: 3,
  createdAt: 1_700_000_000_000,
};
const school = {
  name: 'Rules School',
  countryId: 'SG',
  address1: '1 Rules Road',
  address2: 'Singapore',
  postcode: '123456',
  isObsolete: false,
  order: 1,
  createdAt: 1_700_000_000_000,
};
const settings = {
  originalPrice: 50,
  salePrice: 45.5,
  minimumQRPurchase: 4,
  multipleQtyRestriction: 2,
  expiryMultiplier: 7,
  expiryDays: 30,
  expiryPrice: 20,
};
const subject = {
  name: 'Rules Maths',
  levelStart: 'p1',
  levelEnd: 'p6',
  countryId: 'SG',
  isObsolete: false,
  order: 0,
  createdAt: 1_700_000_000_000,
  settings,
};

/** The role matrix of one collection: list read, record read/create/update/delete. */
function roleMatrix(path: string, record: object, change: object): DatabaseCase[] {
  return [
    { path, op: 'read', expect: adminOnly, name: 'the list' },
    { path: `${path}/{id}`, op: 'read', value: record, expect: adminOnly },
    { path: `${path}/{id}`, op: 'create', value: record, expect: adminOnly },
    { path: `${path}/{id}`, op: 'update', before: record, value: change, expect: adminOnly },
    { path: `${path}/{id}`, op: 'delete', value: record, expect: adminOnly },
  ];
}

/** A create of `value` at `<path>/{id}` that the shape rules must refuse. */
const bad = (path: string, name: string, value: object): DatabaseCase => ({
  path: `${path}/{id}`,
  op: 'create',
  value,
  expect: refused,
  name,
});

const without = <T extends object>(value: T, key: keyof T) =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

describeDatabaseRules('levels', [
  ...roleMatrix('levels', level, { name: 'Renamed', order: 5 }),
  bad('levels', 'missing name', without(level, 'name')),
  bad('levels', 'empty name', { ...level, name: '' }),
  bad('levels', 'missing description', without(level, 'description')),
  bad('levels', 'missing accessBy', without(level, 'accessBy')),
  bad('levels', 'unknown accessBy', { ...level, accessBy: 'parent' }),
  bad('levels', 'negative order', { ...level, order: -1 }),
  bad('levels', 'order as text', { ...level, order: '1' }),
  bad('levels', 'unknown visibility field', { ...level, fields: { ...level.fields, phone: true } }),
  bad('levels', 'visibility not boolean', { ...level, fields: { ...level.fields, email: 'yes' } }),
  bad('levels', 'unknown field', { ...level, colour: 'red' }),
  {
    path: 'levels/{id}',
    op: 'update',
    before: level,
    value: { accessBy: 'everyone' },
    expect: refused,
    name: 'update to an unknown accessBy',
  },
]);

describeDatabaseRules('countries', [
  ...roleMatrix('countries', country, { isObsolete: false }),
  bad('countries', 'missing name', without(country, 'name')),
  bad('countries', 'missing dial code', without(country, 'dial_code')),
  bad('countries', 'three-letter code', { ...country, code: 'ESP' }),
  bad('countries', 'lower-case code', { ...country, code: 'es' }),
  bad('countries', 'obsolete not boolean', { ...country, isObsolete: 'yes' }),
]);

describeDatabaseRules('fieldLevels', [
  ...roleMatrix('fieldLevels', fieldLevel, { name: 'Primary 8', order: 4 }),
  bad('fieldLevels', 'missing name', without(fieldLevel, 'name')),
  bad('fieldLevels', 'missing countryId', without(fieldLevel, 'countryId')),
  bad('fieldLevels', 'countryId not a 2-letter code', { ...fieldLevel, countryId: 'SGP' }),
  bad('fieldLevels', 'negative order', { ...fieldLevel, order: -3 }),
  bad('fieldLevels', 'unknown field', { ...fieldLevel, price: 3 }),
  {
    path: 'fieldLevels/{id}',
    op: 'update',
    before: fieldLevel,
    value: { order: -1 },
    expect: refused,
    name: 'reorder to a negative order',
  },
]);

describeDatabaseRules('schools', [
  ...roleMatrix('schools', school, { postcode: '654321', order: 2 }),
  bad('schools', 'missing name', without(school, 'name')),
  bad('schools', 'missing countryId', without(school, 'countryId')),
  bad('schools', 'countryId not a 2-letter code', { ...school, countryId: 'sg' }),
  bad('schools', 'negative order', { ...school, order: -1 }),
]);

describeDatabaseRules('subjects', [
  ...roleMatrix('subjects', subject, { name: 'Rules Physics', isObsolete: true }),
  {
    path: 'subjects/{id}',
    op: 'create',
    value: { ...subject, settings: without(settings, 'salePrice') },
    expect: accepted,
    name: 'without a sale price',
  },
  {
    path: 'subjects/{id}',
    op: 'create',
    value: without(subject, 'settings'),
    expect: accepted,
    name: 'before its settings exist',
  },
  bad('subjects', 'missing name', without(subject, 'name')),
  bad('subjects', 'countryId not a 2-letter code', { ...subject, countryId: 'Singapore' }),
  bad('subjects', 'negative order', { ...subject, order: -1 }),
  bad('subjects', 'sale price above original', {
    ...subject,
    settings: { ...settings, salePrice: 60 },
  }),
  bad('subjects', 'sale price equal to original', {
    ...subject,
    settings: { ...settings, salePrice: 50 },
  }),
  bad('subjects', 'negative original price', {
    ...subject,
    settings: { ...settings, originalPrice: -1, salePrice: -2 },
  }),
  bad('subjects', 'negative expiry price', {
    ...subject,
    settings: { ...settings, expiryPrice: -5 },
  }),
  bad('subjects', 'multiple of 3', {
    ...subject,
    settings: { ...settings, multipleQtyRestriction: 3 },
  }),
  bad('subjects', 'missing original price', {
    ...subject,
    settings: without(without(settings, 'originalPrice'), 'salePrice'),
  }),
  bad('subjects', 'missing expiry days', { ...subject, settings: without(settings, 'expiryDays') }),
  bad('subjects', 'unknown setting', { ...subject, settings: { ...settings, discount: 1 } }),
  {
    // A multi-path update touching originalPrice only: the stored salePrice must stay lower.
    path: 'subjects/{id}',
    op: 'update',
    before: subject,
    value: { 'settings/originalPrice': 40 },
    expect: refused,
    name: 'original price lowered below the stored sale price',
  },
  {
    path: 'subjects/{id}',
    op: 'update',
    before: subject,
    value: { settings: { ...settings, salePrice: 49.99 } },
    expect: accepted,
    name: 'settings saved with a sale price just below the original',
  },
]);
