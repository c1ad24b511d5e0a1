import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { Crc32c } from './checksums';
import { HttpError } from './errors';

/** Size, MD5 and CRC32C of bytes written so far (hashes base64, as GCS reports them). */
export interface BlobDigest {
  size: number;
  md5Hash: string;
  crc32c: string;
}

/**
 * Streams upload bytes into a temporary file while hashing them, so no upload is ever held in
 * memory whole. A resumable session keeps one writer open across its chunk requests.
 *
 * The file only becomes an object when the store renames it into place (`ObjectStore.commit`);
 * `abort()` removes it, so a failed or denied upload leaves nothing behind.
 */
export class BlobWriter {
  private readonly stream: WriteStream;
  private readonly md5: Hash = createHash('md5');
  private readonly crc = new Crc32c();
  private written = 0;
  private closed = false;
  private error: Error | undefined;

  constructor(
    /** Absolute path of the temporary file. */
    readonly path: string,
    /** Largest accepted total size in bytes; more fails with 413. */
    private readonly maxBytes: number,
    /** fsync the file before {@link finish} resolves (data directory mode). */
    durable = false,
  ) {
    // `flush`: the stream fsyncs its descriptor before closing it.
    this.stream = createWriteStream(path, { flags: 'w', flush: durable });
    // Remembered and rethrown by write()/finish(); the listener also keeps an error that happens
    // between two writes from crashing the process.
    this.stream.on('error', (error) => {
      this.error = error;
    });
  }

  /** Bytes accepted so far. */
  get size(): number {
    return this.written;
  }

  /**
   * Appends bytes, waiting for the disk when its buffer is full (back-pressure).
   *
   * @throws HttpError 413 when the total would exceed `maxBytes`.
   */
  async write(chunk: Buffer): Promise<void> {
    if (chunk.length === 0) return;
    if (this.written + chunk.length > this.maxBytes) {
      throw new HttpError(413, `Upload exceeds the ${this.maxBytes}-byte limit.`);
    }
    if (this.error) throw this.error;
    this.written += chunk.length;
    this.md5.update(chunk);
    this.crc.update(chunk);
    // events.once rejects if the stream emits 'error' while we wait.
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /**
   * Flushes and closes the file (fsynced first when durable); returns the digest of everything
   * written.
   */
  async finish(): Promise<BlobDigest> {
    if (!this.closed) {
      this.closed = true;
      if (this.error) throw this.error;
      this.stream.end();
      // 'close' comes after the fsync of a durable stream; 'finish' would come before it.
      await once(this.stream, 'close');
    }
    if (this.error) throw this.error;
    return {
      size: this.written,
      md5Hash: this.md5.copy().digest('base64'),
      crc32c: this.crc.digestBase64(),
    };
  }

  /** Closes and deletes the temporary file. Safe to call more than once. */
  async abort(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.stream.destroy();
      await once(this.stream, 'close').catch(() => undefined);
    }
    await rm(this.path, { force: true });
  }
}
