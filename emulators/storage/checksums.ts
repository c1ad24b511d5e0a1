/**
 * CRC32C (Castagnoli), the checksum Cloud Storage reports as `crc32c` and in `x-goog-hash`.
 *
 * `@google-cloud/storage` recomputes it for every upload and deletes the object when the server's
 * value differs (reference notes §5), so it must be exact. Node has `zlib.crc32` but only for the
 * IEEE polynomial, hence this table-driven version ("slicing by 8" so that hashing a 20 MB upload
 * costs a few tens of milliseconds rather than dominating the transfer).
 */

const POLY = 0x82f63b78; // reversed Castagnoli polynomial

const TABLES: Uint32Array[] = (() => {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  const t0 = tables[0]!;
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
    t0[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    let c = t0[n]!;
    for (let k = 1; k < 8; k++) {
      c = t0[c & 0xff]! ^ (c >>> 8);
      tables[k]![n] = c >>> 0;
    }
  }
  return tables;
})();

/** Incremental CRC32C: feed chunks with `update`, read the result with `digest*`. */
export class Crc32c {
  private crc = 0xffffffff;

  /** Adds `data` to the running checksum. */
  update(data: Uint8Array): this {
    const [t0, t1, t2, t3, t4, t5, t6, t7] = TABLES as [
      Uint32Array,
      Uint32Array,
      Uint32Array,
      Uint32Array,
      Uint32Array,
      Uint32Array,
      Uint32Array,
      Uint32Array,
    ];
    let crc = this.crc;
    let i = 0;
    const end8 = data.length - (data.length % 8);
    for (; i < end8; i += 8) {
      const lo =
        (data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24)) ^ crc;
      crc =
        t7[lo & 0xff]! ^
        t6[(lo >>> 8) & 0xff]! ^
        t5[(lo >>> 16) & 0xff]! ^
        t4[lo >>> 24]! ^
        t3[data[i + 4]!]! ^
        t2[data[i + 5]!]! ^
        t1[data[i + 6]!]! ^
        t0[data[i + 7]!]!;
    }
    for (; i < data.length; i++) crc = t0[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
    this.crc = crc;
    return this;
  }

  /** The checksum as an unsigned 32-bit integer. */
  digest(): number {
    return (this.crc ^ 0xffffffff) >>> 0;
  }

  /** The checksum as GCS writes it: base64 of the 4 big-endian bytes. */
  digestBase64(): string {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(this.digest());
    return out.toString('base64');
  }
}
