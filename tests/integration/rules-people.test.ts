/**
 * database.rules.json (students/, tutors/) and storage.rules (photos, CVs), as a
 * role x path x operation matrix (tests/support/rulesMatrix.ts): only admins read and write, and
 * invalid shapes are refused even to admins (spec sections 3 and 9). The tutor-mapping
 * consistency rules are exercised in matching.test.ts.
 * The rows are in tests/support/rulesTable.ts, which docs/security.md is rendered from.
 */
import { describeDatabaseRules, describeStorageRules } from '../support/rulesMatrix';
import { databaseCases, storageCases } from '../support/rulesTable';

describeDatabaseRules('students and tutors', databaseCases('students and tutors'));
describeStorageRules(
  'student and tutor photos, tutor CVs',
  storageCases('student and tutor photos, tutor CVs'),
);
