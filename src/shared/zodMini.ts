/**
 * zod's tree-shakable API (zod docs, "Zod Mini": functions instead of methods, same parser and
 * core), configured by shared/zodConfig, for the schemas of the signed-out screens, whose code
 * /login downloads (issue 16 item 6). Import it as `import * as z from '@/shared/zodMini'`, never
 * 'zod/mini' itself (eslint.config.js).
 */
import './zodConfig';

export * from 'zod/mini';
