/**
 * database.rules.json, reference data: levels/, countries/, fieldLevels/, schools/, subjects/
 * (spec section 6: only admins manage reference data; sections 3, 5 and 9: the shape of
 * each record). Every path gets the role matrix (signed out, non-admin, owner, admin x read,
 * create, update, delete), then the shape rules, which refuse a wrong record even from an admin
 * writing through the SDK.
 * The rows are in tests/support/rulesTable.ts, which docs/security.md is rendered from.
 */
import { describeDatabaseRules } from '../support/rulesMatrix';
import { databaseCases } from '../support/rulesTable';

for (const title of ['levels', 'countries', 'fieldLevels', 'schools', 'subjects']) {
  describeDatabaseRules(title, databaseCases(title));
}
