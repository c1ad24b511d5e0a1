/**
 * database.rules.json, stats/ (the dashboard's aggregate nodes; spec section 6:
 * admin data): admins read and write them, numbers only under known names. That each record's
 * write moves them by exactly its own change is tests/integration/stats.test.ts.
 * The rows are in tests/support/rulesTable.ts, which docs/security.md is rendered from.
 */
import { describeDatabaseRules } from '../support/rulesMatrix';
import { databaseCases } from '../support/rulesTable';

describeDatabaseRules('stats', databaseCases('stats'));
