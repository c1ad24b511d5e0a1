import { randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import sharp, { type FormatEnum } from 'sharp';
import { DOWNLOAD_TOKENS_KEY, type StoredObject, type WritableMetadata } from '../metadata';
import type { StorageService } from '../service';
import type { ResizeConfig } from './config';

/** Content types the extension resizes (`supportedContentTypes` in its resize-image.ts). */
const SUPPORTED_CONTENT_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/tiff',
  'image/webp',
  'image/gif',
  'image/avif',
]);

/** Output format → content type, as the extension maps them. */
const FORMAT_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tif',
  tiff: 'image/tiff',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

const SUPPORTED_EXTENSIONS = new Set(
  Object.keys(FORMAT_CONTENT_TYPES).map((format) => `.${format}`),
);

/**
 * Name of the resized copy, exactly as the extension builds it: `<dir>/[<RESIZED_IMAGES_PATH>/]
 * <name>_<WxH><ext>` (ext replaced by the output format when `IMAGE_TYPE` is set); for unknown
 * extensions the suffix goes after the whole file name (`file.bin_200x200`, extension issue #476).
 */
export function resizedName(
  original: string,
  size: string,
  format: string,
  resizedImagesPath: string,
): string {
  const { dir, name, ext } = posix.parse(original);
  const converted = format !== 'false';
  const extension = ext && converted ? `.${format}` : ext;
  const fileName = SUPPORTED_EXTENSIONS.has(ext.toLowerCase())
    ? `${name}_${size}${extension}`
    : `${name}${ext}_${size}`;
  return posix.normalize(
    resizedImagesPath ? posix.join(dir, resizedImagesPath, fileName) : posix.join(dir, fileName),
  );
}

function pathListMatches(list: string[], dir: string): boolean {
  const folder = `/${dir}`;
  return list.some((entry) => {
    const pattern = entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
    return new RegExp(`^${pattern}(?:/|$)`).test(folder);
  });
}

/**
 * The local stand-in for the Resize Images extension: after an object is written it makes the
 * configured copies with sharp (`rotate()` then `resize(w, h, {fit: 'inside',
 * withoutEnlargement: true})`, as the extension does), asynchronously like the Cloud Function.
 * `whenIdle()` resolves once every scheduled copy is written.
 */
export class Resizer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly service: StorageService,
    private readonly config: ResizeConfig,
    private readonly log: (line: string) => void,
  ) {}

  /** The extension's filters (`shouldResize`): bucket, image type, not itself a copy, path lists. */
  shouldResize(object: StoredObject): boolean {
    const { config } = this;
    if (config.sizes.length === 0) return false;
    if (config.bucket && object.bucket !== config.bucket) return false;
    if (
      !object.contentType.startsWith('image/') ||
      !SUPPORTED_CONTENT_TYPES.has(object.contentType)
    )
      return false;
    if (object.metadata.resizedImage === 'true') return false;
    const dir = posix.dirname(object.name) === '.' ? '' : posix.dirname(object.name);
    if (config.includePathList.length && !pathListMatches(config.includePathList, dir))
      return false;
    if (config.excludePathList.length && pathListMatches(config.excludePathList, dir)) return false;
    return true;
  }

  /** Store listener: schedules the copies for `object` if the filters accept it. */
  readonly onCommit = (object: StoredObject): void => {
    if (!this.shouldResize(object)) return;
    const job = this.resizeAll(object).finally(() => this.pending.delete(job));
    this.pending.add(job);
  };

  /** Resolves when no resize job is running (including jobs started by those jobs). */
  async whenIdle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async resizeAll(original: StoredObject): Promise<void> {
    let allSucceeded = true;
    for (const size of this.config.sizes) {
      for (const format of this.config.imageTypes) {
        try {
          await this.resizeOne(original, size.width, size.height, size.label, format);
        } catch (error) {
          allSucceeded = false;
          this.log(
            `Resize Images: ${original.name} (${size.label}, ${format}) failed: ${(error as Error).message}`,
          );
        }
      }
    }
    const { deleteOriginal } = this.config;
    if (deleteOriginal === 'always' || (deleteOriginal === 'onSuccess' && allSucceeded)) {
      const current = this.service.store.get(original.bucket, original.name);
      if (current?.generation === original.generation)
        await this.service.store.delete(original.bucket, original.name);
    }
  }

  private async resizeOne(
    original: StoredObject,
    width: number,
    height: number,
    label: string,
    format: string,
  ): Promise<void> {
    const started = performance.now();
    // The original may have been replaced or deleted meanwhile; resize the generation we were told about.
    if (this.service.store.get(original.bucket, original.name)?.generation !== original.generation)
      return;
    const animated = this.config.animated;
    let image = sharp(this.service.store.blobPath(original), { failOn: 'none', animated })
      .rotate()
      .resize(width, height, { fit: 'inside', withoutEnlargement: true });
    if (format !== 'false') {
      const options = this.config.outputOptions[format] ?? {};
      image = image.toFormat((format === 'jpg' ? 'jpeg' : format) as keyof FormatEnum, options);
    }
    const output = await image.toBuffer();

    const name = resizedName(original.name, label, format, this.config.resizedImagesPath);
    const fileName = posix.basename(name);
    const custom: Record<string, string> = { ...original.metadata, resizedImage: 'true' };
    // A new token for the copy when the original had one (extension issue #323).
    if (custom[DOWNLOAD_TOKENS_KEY]) custom[DOWNLOAD_TOKENS_KEY] = randomUUID();
    const metadata: WritableMetadata = {
      contentDisposition:
        original.contentDisposition?.replace(
          /(filename\*=utf-8''[^;\s]+)/,
          `filename*=utf-8''${fileName}`,
        ) ?? null,
      contentEncoding: original.contentEncoding ?? null,
      contentLanguage: original.contentLanguage ?? null,
      cacheControl: this.config.cacheControlHeader || original.cacheControl || null,
      metadata: custom,
    };
    const contentType =
      format !== 'false'
        ? (FORMAT_CONTENT_TYPES[format] ?? original.contentType)
        : original.contentType;
    await this.service.upload(async (writer) => {
      await writer.write(output);
      return {
        bucket: original.bucket,
        name,
        contentType,
        metadata,
        caller: { kind: 'admin' },
        firebase: false,
      };
    }, Number.MAX_SAFE_INTEGER);
    this.log(
      `Resize Images: ${original.name} → ${name} in ${Math.round(performance.now() - started)} ms`,
    );
  }
}
