import { mergeCatalogues, type Catalogue } from '../messages';

/** Every en message (see messages.ts). */
const full: Catalogue = mergeCatalogues(
  import.meta.glob<Catalogue>('../en/*.json', { eager: true, import: 'default' }),
);
export default full;
