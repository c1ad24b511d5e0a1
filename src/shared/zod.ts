/**
 * zod for every schema of the app (the entity schemas, spec section 3, and the sign-in screens'),
 * configured by shared/zodConfig before any schema is built or parsed. It is zod's tree-shakable
 * API (zod docs, "Zod Mini": functions instead of methods, same parser, core and issues), the one
 * API of the app: bundlers drop the functions no module uses, where the method API's classes carry
 * all of them, so /login downloads only the zod its schemas use. Import it as
 * `import * as z from '@/shared/zod'`, never 'zod' itself (eslint.config.js); types may come from
 * zod type-only.
 */
import './zodConfig';

export * from 'zod/mini';
