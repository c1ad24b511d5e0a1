import { mergeCatalogues, type Catalogue } from '../messages';

/**
 * The en messages of the screens a signed-out visitor sees first (see messages.ts). The local
 * outbox's words only where the outbox exists (VITE_USE_EMULATORS; router.tsx localRoutes).
 */
const core: Catalogue = mergeCatalogues({
  ...import.meta.glob<Catalogue>('../en/{auth,common,errors,layout}.json', {
    eager: true,
    import: 'default',
  }),
  ...(import.meta.env.VITE_USE_EMULATORS === 'true'
    ? import.meta.glob<Catalogue>('../en/outbox.json', { eager: true, import: 'default' })
    : {}),
});
export default core;
