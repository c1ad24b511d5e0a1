import { mergeCatalogues, type Catalogue } from '../messages';

/** The es messages of the screens a signed-out visitor sees first (see messages.ts). */
const core: Catalogue = mergeCatalogues(
  import.meta.glob<Catalogue>('../es/{auth,common,errors,layout,outbox}.json', {
    eager: true,
    import: 'default',
  }),
);
export default core;
