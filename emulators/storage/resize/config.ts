import { readFileSync } from 'node:fs';

/** One target box from `IMG_SIZES`, e.g. `200x200`. */
export interface ResizeSize {
  width: number;
  height: number;
  /** The text as configured (`200x200`), used verbatim in the copy's name. */
  label: string;
}

/**
 * The settings of the official "Resize Images" extension (`firebase/storage-resize-images`),
 * read from the same `.env` file that `firebase deploy` installs it with. Parameter names and
 * meanings follow the extension's `extension.yaml` / `functions/src/config.ts`.
 */
export interface ResizeConfig {
  /** `IMG_BUCKET`: only this bucket's uploads are resized (empty: any bucket). */
  bucket: string;
  /** `IMG_SIZES`: comma-separated `WIDTHxHEIGHT` boxes. */
  sizes: ResizeSize[];
  /** `RESIZED_IMAGES_PATH`: folder, relative to the original's folder, for the copies ('' = same). */
  resizedImagesPath: string;
  /** `IMAGE_TYPE`: output formats; `false` keeps the original's. */
  imageTypes: string[];
  /** `DELETE_ORIGINAL_FILE`: `true`, `false` or `on_success`. */
  deleteOriginal: 'always' | 'never' | 'onSuccess';
  /** `CACHE_CONTROL_HEADER`: overrides the copy's Cache-Control when set. */
  cacheControlHeader: string;
  /** `INCLUDE_PATH_LIST` / `EXCLUDE_PATH_LIST`: absolute folders (`/users/avatars`, `*` = one segment). */
  includePathList: string[];
  excludePathList: string[];
  /** `IS_ANIMATED`: keep animation frames (GIF/WebP). */
  animated: boolean;
  /** `OUTPUT_OPTIONS`: sharp options per output format, JSON. */
  outputOptions: Record<string, Record<string, unknown>>;
}

/**
 * Parses a dotenv file: `KEY=value`, `#` comments, optional single or double quotes.
 *
 * @throws Error when the file cannot be read.
 */
export function readEnvFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const rawLine of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    let value = line.slice(eq + 1).trim();
    if (
      (value.startsWith('"') && value.endsWith('"')) ||
      (value.startsWith("'") && value.endsWith("'"))
    )
      value = value.slice(1, -1);
    env[line.slice(0, eq).trim()] = value;
  }
  return env;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Builds the configuration from the extension's parameters.
 *
 * @throws Error for an `IMG_SIZES` entry that is not `WxH` (or `W,H` as the extension also allows).
 */
export function resizeConfigFromEnv(env: Record<string, string>): ResizeConfig {
  const sizes = list(env.IMG_SIZES).map((label): ResizeSize => {
    const match = /^(\d+)x(\d+)$/.exec(label);
    if (!match) throw new Error(`IMG_SIZES entry "${label}" is not WIDTHxHEIGHT`);
    return { width: Number(match[1]), height: Number(match[2]), label };
  });
  let outputOptions: ResizeConfig['outputOptions'] = {};
  if (env.OUTPUT_OPTIONS) {
    try {
      outputOptions = JSON.parse(env.OUTPUT_OPTIONS) as ResizeConfig['outputOptions'];
    } catch {
      throw new Error('OUTPUT_OPTIONS is not valid JSON');
    }
  }
  return {
    bucket: env.IMG_BUCKET ?? '',
    sizes,
    resizedImagesPath: env.RESIZED_IMAGES_PATH ?? '',
    imageTypes: list(env.IMAGE_TYPE).length ? list(env.IMAGE_TYPE) : ['false'],
    deleteOriginal:
      env.DELETE_ORIGINAL_FILE === 'true'
        ? 'always'
        : env.DELETE_ORIGINAL_FILE === 'on_success'
          ? 'onSuccess'
          : 'never',
    cacheControlHeader: env.CACHE_CONTROL_HEADER ?? '',
    includePathList: list(env.INCLUDE_PATH_LIST),
    excludePathList: list(env.EXCLUDE_PATH_LIST),
    animated: env.IS_ANIMATED === 'true',
    outputOptions,
  };
}
