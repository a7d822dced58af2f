/**
 * Uploaded review images: accepted by their bytes (JPEG, PNG or WebP magic
 * numbers, then a full decode), re-encoded by sharp so nothing but pixels
 * survives (EXIF with its GPS position, XMP, comments, trailing data),
 * counted against a per-user storage cap, and deleted from disk when a review
 * drops them.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AppContext } from './context.ts';
import { fieldError } from './http.ts';
import type { Upload } from './multipart.ts';
import { slots } from './slots.ts';
import { IMAGE_FORMATS, MAX_IMAGE_BYTES, REVIEW_MAX_IMAGES, sniffImage, type ImageFormat } from '#contract/reviews.ts';

/** The refusals of too many images and of one too large, on the `images` field. */
export const tooManyImages = () => fieldError('images', `At most ${REVIEW_MAX_IMAGES} images.`);
export const tooLargeImage = (label: string) =>
  fieldError('images', `${label} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
/** Bytes enough to tell JPEG, PNG and WebP apart by their magic numbers. */
export const IMAGE_HEAD_BYTES = 12;
/** Refuses a file whose first bytes are not those of a JPEG, PNG or WebP image. */
export function checkImageHead(label: string, head: Uint8Array): ImageFormat {
  const format = sniffImage(head);
  if (!format) throw fieldError('images', `${label} is not a JPEG, PNG or WebP image.`);
  return format;
}

/** Longest side kept; larger photos are scaled down (a review shows them far smaller). */
const MAX_SIDE = 2000;
/** Decoding bombs: a tiny file that claims 100,000 × 100,000 pixels is refused before it is decoded. */
const MAX_PIXELS = 40_000_000;

/** Stored uploads: uploads/{uuid}.{ext}, the extension of one of IMAGE_FORMATS. */
export const UPLOAD_NAME = new RegExp(
  `^uploads/[0-9a-f-]{36}\\.(${Object.values(IMAGE_FORMATS)
    .map((format) => format.ext)
    .join('|')})$`,
);

/**
 * Images decoded at once, across all requests: a 40-megapixel PNG holds about
 * 160 MB of pixels while it is decoded, so five at once pushed the API to
 * 475 MB. The rest wait their turn, in order.
 */
export const MAX_DECODING = 2;
const decoding = slots(MAX_DECODING);
/** Peak decodes at once since start (tests read it). */
export const decodeStats = { peak: 0 };

// libvips keeps decoded images in a cache for reuse; uploads are never decoded twice.
sharp.cache(false);

/** Decodes and encodes again in the same format: only pixels survive (sharp keeps no metadata unless asked). */
async function reencode(path: string, format: ImageFormat): Promise<Buffer> {
  const image = sharp(path, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    // Applies the EXIF orientation to the pixels, since the EXIF itself is dropped.
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (format === 'jpeg') return image.jpeg({ quality: 85 }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 85 }).toBuffer();
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(IMAGE_HEAD_BYTES), 0, IMAGE_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export function imageStore(ctx: AppContext) {
  const { db } = ctx;
  const dir = join(ctx.dataDir, 'uploads');
  const used = (userId: number) =>
    db.get<{ n: number }>('SELECT coalesce(sum(bytes), 0) AS n FROM uploads WHERE user_id = ?', userId)?.n ?? 0;
  const sizeOf = (paths: readonly string[]) =>
    paths.reduce(
      (sum, path) => sum + (db.get<{ bytes: number }>('SELECT bytes FROM uploads WHERE path = ?', path)?.bytes ?? 0),
      0,
    );

  /** Deletes stored uploads (files and records); other paths (seeded placeholders) are left alone. */
  const remove = async (paths: readonly string[]) => {
    const uploads = paths.filter((path) => UPLOAD_NAME.test(path));
    db.tx(() => uploads.forEach((path) => db.run('DELETE FROM uploads WHERE path = ?', path)));
    await Promise.all(
      uploads.map((path) =>
        unlink(join(ctx.dataDir, path)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        }),
      ),
    );
  };

  /**
   * Checks, re-encodes and stores a user's images; answers their media paths.
   * `replacing` are the images these will replace: they do not count against the cap.
   */
  const save = async (userId: number, files: readonly Upload[], replacing: readonly string[] = []) => {
    if (files.length > REVIEW_MAX_IMAGES) throw tooManyImages();
    const encoded: { path: string; bytes: Buffer }[] = [];
    for (const file of files) {
      const label = file.name || 'An image';
      if (file.size > MAX_IMAGE_BYTES) throw tooLargeImage(label);
      const format = checkImageHead(label, await readHead(file.path));
      let clean: Buffer;
      try {
        clean = await decoding.run(() => {
          decodeStats.peak = Math.max(decodeStats.peak, decoding.active);
          return reencode(file.path, format);
        });
      } catch {
        throw fieldError('images', `${label} is not a readable ${format.toUpperCase()} image.`);
      }
      encoded.push({ path: `uploads/${randomUUID()}.${IMAGE_FORMATS[format].ext}`, bytes: clean });
    }
    if (encoded.length === 0) return [];
    // Check and record in one step, so two uploads at once cannot both squeeze under the cap.
    db.tx(() => {
      const total = used(userId) - sizeOf(replacing) + encoded.reduce((sum, e) => sum + e.bytes.length, 0);
      if (total > ctx.uploadQuotaBytes) {
        const mb = Math.floor(ctx.uploadQuotaBytes / 1024 / 1024);
        throw fieldError('images', `Your review images may take up to ${mb} MB in all; remove some first.`);
      }
      for (const e of encoded)
        db.run('INSERT INTO uploads (path, user_id, bytes) VALUES (?, ?, ?)', e.path, userId, e.bytes.length);
    });
    try {
      await mkdir(dir, { recursive: true });
      await Promise.all(encoded.map((e) => writeFile(join(ctx.dataDir, e.path), e.bytes)));
    } catch (error) {
      await remove(encoded.map((e) => e.path));
      throw error;
    }
    return encoded.map((e) => e.path);
  };

  return { save, remove };
}
