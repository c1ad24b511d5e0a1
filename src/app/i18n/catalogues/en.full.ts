import { mergeCatalogues, type Catalogue } from '../messages';

/**
 * Every en message (see messages.ts); the local outbox's words only where the outbox exists
 * (VITE_USE_EMULATORS; router.tsx localRoutes).
 */
const full: Catalogue = mergeCatalogues({
  ...import.meta.glob<Catalogue>(['../en/*.json', '!../en/outbox.json'], {
    eager: true,
    import: 'default',
  }),
  ...(import.meta.env.VITE_USE_EMULATORS === 'true'
    ? import.meta.glob<Catalogue>('../en/outbox.json', { eager: true, import: 'default' })
    : {}),
});
export default full;
