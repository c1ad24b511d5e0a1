import { mergeCatalogues, type Catalogue } from '../messages';
import core from './es.core';

/**
 * The es messages of the public pages (QR, payment, result chart: public, intelligence; ~2 KB
 * compressed) on the core (see messages.ts): students and tutors open these pages on phones, and
 * they would otherwise wait for the whole catalogue, while /login would download words it never
 * shows if they were part of the core.
 */
const publicPages: Catalogue = mergeCatalogues({
  core,
  ...import.meta.glob<Catalogue>('../es/{public,intelligence}.json', {
    eager: true,
    import: 'default',
  }),
});
export default publicPages;
