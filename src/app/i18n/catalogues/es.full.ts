import { mergeCatalogues, type Catalogue } from '../messages';

/** Every es message (see messages.ts). */
const full: Catalogue = mergeCatalogues(
  import.meta.glob<Catalogue>('../es/*.json', { eager: true, import: 'default' }),
);
export default full;
