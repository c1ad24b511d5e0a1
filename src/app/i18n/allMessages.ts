/**
 * Both whole catalogues, loaded eagerly: for tests and tools only (the app downloads one
 * language at a time through loadCatalogue).
 */
import enFull from './catalogues/en.full';
import esFull from './catalogues/es.full';
import type { Catalogue, Locale } from './messages';

export const messages: Record<Locale, Catalogue> = { en: enFull, es: esFull };
