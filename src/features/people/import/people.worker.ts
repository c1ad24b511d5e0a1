/**
 * The Web Worker that parses and checks a students or tutors CSV file (shared/import/parseWorker,
 * with this feature's specs).
 */
import { serveImport } from '@/shared/import/parseWorker';
import { personImportSpec } from './personImport';

serveImport({ students: personImportSpec('students'), tutors: personImportSpec('tutors') });
