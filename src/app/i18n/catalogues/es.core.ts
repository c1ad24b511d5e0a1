import { mergeCatalogues, type Catalogue } from '../messages';

/**
 * The es messages of the screens a signed-out visitor sees first (see messages.ts): sign-in,
 * recovery and e-mail links (auth), common words, Auth's errors (errors.json; the signed-in
 * services' are in serviceErrors.json), and the shell any visitor may meet (404,
 * route error, language switch); the public pages' words are a part of their own
 * (es.public.ts). The local outbox's words only where the outbox exists
 * (VITE_USE_EMULATORS; router.tsx localRoutes).
 */
const core: Catalogue = mergeCatalogues({
  ...import.meta.glob<Catalogue>('../es/{auth,common,errors,shell}.json', {
    eager: true,
    import: 'default',
  }),
  ...(import.meta.env.VITE_USE_EMULATORS === 'true'
    ? import.meta.glob<Catalogue>('../es/outbox.json', { eager: true, import: 'default' })
    : {}),
});
export default core;
