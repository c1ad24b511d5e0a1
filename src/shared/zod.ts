/**
 * zod's method API for the app's schemas (the entity schemas, spec section 3), configured by
 * shared/zodConfig before any schema is built or parsed. Import `z` from here, never from 'zod'
 * (eslint.config.js): the configuration then comes with every schema module, and no entry-chunk
 * import has to carry zod to /login (issue 16 item 6).
 */
import './zodConfig';

export { z } from 'zod';
