import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getBytes,
  getDownloadURL,
  getMetadata,
  ref,
  uploadBytes,
  uploadString,
} from 'firebase/storage';
import type { StorageEmulator } from '../index';
import {
  errorCode,
  pngBytes,
  startTestEmulator,
  webClient,
  type WebClient,
} from '../testing/support';
import { readEnvFile, resizeConfigFromEnv } from './config';
import { resizedName } from './resizer';

const RULES = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if request.auth != null; } } }`;

// The project's own extension settings.
const PROJECT_ENV = join(import.meta.dirname, '../../../extensions/storage-resize-images.env');

describe('resizedName (the extension naming)', () => {
  it.each([
    ['logos/acme.png', 'false', '', 'logos/acme_200x200.png'],
    ['logos/acme.JPG', 'false', '', 'logos/acme_200x200.JPG'],
    ['top.jpeg', 'false', '', 'top_200x200.jpeg'],
    ['logos/acme.png', 'webp', '', 'logos/acme_200x200.webp'],
    ['logos/acme.png', 'false', 'thumbs', 'logos/thumbs/acme_200x200.png'],
    ['logos/acme.png', 'false', '../flat', 'flat/acme_200x200.png'],
    ['logos/file.bin', 'false', '', 'logos/file.bin_200x200'],
  ])('%s (IMAGE_TYPE=%s, RESIZED_IMAGES_PATH=%s) → %s', (original, format, folder, expected) => {
    expect(resizedName(original, '200x200', format, folder)).toBe(expected);
  });

  it('reads the project settings: one 200x200 copy, original kept, same format', () => {
    const config = resizeConfigFromEnv(readEnvFile(PROJECT_ENV));
    expect(config.sizes).toEqual([{ width: 200, height: 200, label: '200x200' }]);
    expect(config.deleteOriginal).toBe('never');
    expect(config.imageTypes).toEqual(['false']);
    expect(config.resizedImagesPath).toBe('');
    expect(config.bucket).toBe('demo-tuition.appspot.com');
  });
});

describe('resized copy made by the server', () => {
  let emulator: StorageEmulator;
  let client: WebClient;

  beforeAll(async () => {
    ({ emulator } = await startTestEmulator(RULES, { resizeConfigPath: PROJECT_ENV }));
    client = webClient(emulator, { user_id: 'u1' });
  });

  afterAll(async () => {
    await client.close();
    await emulator.stop();
  });

  it('writes <name>_200x200.<ext> next to the original, same type, aspect ratio kept', async () => {
    await uploadBytes(ref(client.storage, 'logos/acme.png'), await pngBytes(800, 400), {
      contentType: 'image/png',
      customMetadata: { org: 'acme' },
    });
    await emulator.whenIdle();
    const copy = ref(client.storage, 'logos/acme_200x200.png');
    const metadata = await getMetadata(copy);
    expect(metadata.contentType).toBe('image/png');
    expect(metadata.customMetadata).toEqual({ org: 'acme', resizedImage: 'true' });
    const info = await sharp(Buffer.from(await getBytes(copy))).metadata();
    expect([info.width, info.height, info.format]).toEqual([200, 100, 'png']);
    // Its own download token, different from the original's.
    expect(await getDownloadURL(copy)).not.toBe(
      await getDownloadURL(ref(client.storage, 'logos/acme.png')),
    );
  });

  it('resizes a 2000x2000 JPEG to 200x200', async () => {
    const jpeg = await sharp({
      create: { width: 2000, height: 2000, channels: 3, background: 'orange' },
    })
      .jpeg()
      .toBuffer();
    await uploadBytes(ref(client.storage, 'logos/big.jpg'), new Uint8Array(jpeg), {
      contentType: 'image/jpeg',
    });
    await emulator.whenIdle();
    const info = await sharp(
      Buffer.from(await getBytes(ref(client.storage, 'logos/big_200x200.jpg'))),
    ).metadata();
    expect([info.width, info.height, info.format]).toEqual([200, 200, 'jpeg']);
    expect((await getMetadata(ref(client.storage, 'logos/big_200x200.jpg'))).contentType).toBe(
      'image/jpeg',
    );
  });

  it('does not enlarge small images, nor resize non-images or its own copies', async () => {
    await uploadBytes(ref(client.storage, 'small/tiny.png'), await pngBytes(50, 20), {
      contentType: 'image/png',
    });
    await uploadString(ref(client.storage, 'docs/readme.txt'), 'text', 'raw', {
      contentType: 'text/plain',
    });
    await emulator.whenIdle();
    const info = await sharp(
      Buffer.from(await getBytes(ref(client.storage, 'small/tiny_200x200.png'))),
    ).metadata();
    expect([info.width, info.height]).toEqual([50, 20]);
    expect(await errorCode(getMetadata(ref(client.storage, 'docs/readme_200x200.txt')))).toBe(
      'storage/object-not-found',
    );
    expect(await errorCode(getMetadata(ref(client.storage, 'docs/readme.txt_200x200')))).toBe(
      'storage/object-not-found',
    );
    expect(
      await errorCode(getMetadata(ref(client.storage, 'small/tiny_200x200_200x200.png'))),
    ).toBe('storage/object-not-found');
  });

  it('follows IMAGE_TYPE, RESIZED_IMAGES_PATH and IMG_BUCKET from the settings file', async () => {
    const env = join(mkdtempSync(join(tmpdir(), 'resize-env-')), 'resize.env');
    writeFileSync(
      env,
      'IMG_BUCKET=demo-tuition.appspot.com\nIMG_SIZES=64x64,32x32\nIMAGE_TYPE=webp\nRESIZED_IMAGES_PATH=thumbs\nDELETE_ORIGINAL_FILE=true\n',
    );
    const { emulator: other } = await startTestEmulator(RULES, { resizeConfigPath: env });
    const user = webClient(other, { user_id: 'u1' });
    const otherBucket = webClient(other, { user_id: 'u1' }, 'another-bucket');
    try {
      await uploadBytes(ref(user.storage, 'p/photo.png'), await pngBytes(128, 128), {
        contentType: 'image/png',
      });
      await uploadBytes(ref(otherBucket.storage, 'p/photo.png'), await pngBytes(128, 128), {
        contentType: 'image/png',
      });
      await other.whenIdle();
      expect((await getMetadata(ref(user.storage, 'p/thumbs/photo_64x64.webp'))).contentType).toBe(
        'image/webp',
      );
      expect(
        (await getMetadata(ref(user.storage, 'p/thumbs/photo_32x32.webp'))).size,
      ).toBeGreaterThan(0);
      expect(await errorCode(getMetadata(ref(user.storage, 'p/photo.png')))).toBe(
        'storage/object-not-found',
      );
      expect((await getMetadata(ref(otherBucket.storage, 'p/photo.png'))).size).toBeGreaterThan(0);
      expect(
        await errorCode(getMetadata(ref(otherBucket.storage, 'p/thumbs/photo_64x64.webp'))),
      ).toBe('storage/object-not-found');
    } finally {
      await user.close();
      await otherBucket.close();
      await other.stop();
    }
  });
});
