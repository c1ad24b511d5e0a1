import { mergeCatalogues, type Catalogue } from '../messages';

/**
 * Every es message (see messages.ts); the local outbox's words only where the outbox exists
 * (VITE_USE_EMULATORS; router.tsx localRoutes).
 */
const full: Catalogue = mergeCatalogues({
  ...import.meta.glob<Catalogue>(['../es/*.json', '!../es/outbox.json'], {
    eager: true,
    import: 'default',
  }),
  ...(import.meta.env.VITE_USE_EMULATORS === 'true'
    ? import.meta.glob<Catalogue>('../es/outbox.json', { eager: true, import: 'default' })
    : {}),
});
export default full;
