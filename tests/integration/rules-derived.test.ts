/**
 * database.rules.json, the derived nodes (list rows, the tutors' index, the dashboard's figures
 * and queues, the audit log, the marks of handled trigger events): admins read them; no client,
 * admin or not, writes any of them. The server's triggers write them (functions/src);
 * tests/integration/stats.test.ts, tutor-index.test.ts and audit.test.ts show that they follow
 * the records. The rows are in tests/support/rulesTable.ts, which docs/security.md is rendered
 * from.
 */
import { describeDatabaseRules } from '../support/rulesMatrix';
import { databaseCases } from '../support/rulesTable';

describeDatabaseRules('derived nodes', databaseCases('derived nodes'));
