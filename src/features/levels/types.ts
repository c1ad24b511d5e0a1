/** The browsing level's types, defined by its schema (./schema.ts). */
import { accessBySchema } from './schema';

export type { AccessBy, Level, LevelFields } from './schema';

/** The values of accessBy, in the order the form offers them. */
export const ACCESS_BY_VALUES = accessBySchema.options;
