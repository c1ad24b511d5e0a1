import { mergeCatalogues, type Catalogue } from '../messages';
import core from './es.core';

/**
 * Every es message (see messages.ts): the core (with the local outbox's words where the outbox
 * exists) and every other area. Built on the core, so the core's files stay in the core's chunk
 * and /login downloads nothing of the rest.
 */
const full: Catalogue = mergeCatalogues({
  core,
  ...import.meta.glob<Catalogue>(
    ['../es/*.json', '!../es/{auth,common,errors,shell,outbox}.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
});
export default full;
