/**
 * The review rules both sides apply: the rating range, text length, image
 * count, and which uploads are images. The reference API refuses what breaks
 * them (schemas.ts, api/images.ts); the review form checks the same before
 * anything is sent. No zod here, so the browser's form can import it.
 */

export const REVIEW_RATING = { min: 1, max: 5 } as const;
/** Advantage, shortcoming and comment, each. */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_TEXT_FIELDS = ['advantage', 'shortcoming', 'comment'] as const;
export type ReviewTextField = (typeof REVIEW_TEXT_FIELDS)[number];
export const REVIEW_MAX_IMAGES = 5;
/** One review image, as uploaded. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The accepted image formats: their MIME type and the extension they are stored under. */
export const IMAGE_FORMATS = {
  jpeg: { type: 'image/jpeg', ext: 'jpg' },
  png: { type: 'image/png', ext: 'png' },
  webp: { type: 'image/webp', ext: 'webp' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
/** MIME types of the accepted formats (a file input's `accept`). */
export const IMAGE_TYPES: readonly string[] = Object.values(IMAGE_FORMATS).map((format) => format.type);
/** Bytes `sniffImage` needs from the start of a file. */
export const IMAGE_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, offset: number, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The format a file's first bytes announce (JPEG, PNG or WebP magic numbers),
 * whatever its name or declared type says; null for anything else.
 */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'webp';
  return null;
}
