/**
 * Security rules of `users/` (database.rules.json) and of the logos `users/{file}` (storage.rules),
 * spec section 6: an admin reads and writes every record; a signed-in user reads and
 * updates only their own, never its `isAdmin` or `email`; nobody else creates or deletes records;
 * records keep their shape. Logos: images under 2 MB, written by admins or their owner, read by
 * any signed-in user.
 * The rows are in tests/support/rulesTable.ts, which docs/security.md is rendered from.
 */
import { describeDatabaseRules, describeStorageRules } from '../support/rulesMatrix';
import { databaseCases, storageCases } from '../support/rulesTable';

describeDatabaseRules('users', databaseCases('users'));
describeStorageRules('users logos', storageCases('users logos'));
