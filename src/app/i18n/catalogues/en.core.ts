import { mergeCatalogues, type Catalogue } from '../messages';

/** The en messages of the screens a signed-out visitor sees first (see messages.ts). */
const core: Catalogue = mergeCatalogues(
  import.meta.glob<Catalogue>('../en/{auth,common,errors,layout,outbox}.json', {
    eager: true,
    import: 'default',
  }),
);
export default core;
