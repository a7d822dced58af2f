/**
 * One way to ask for an image at a width, given how (`ImageService`): the build decides it (integrations/images.ts,
 * `IMAGE_SERVICE`) and writes it into the site as `virtual:photo-urls` (src/lib/image-url.ts binds it), so the
 * build's pages, the browser's islands and the build's variant maker agree on every URL.
 * In order: an image service's URL template (imgproxy, Thumbor, a CDN) for every photo; the backend's own `?w=` for
 * photos on an origin that answers it; width variants the build made under /img/; else the whole file.
 */

export interface ImageService {
  /** A resizing service's URL: `{width}` and `{url}` (or `{url_encoded}`) filled in. */
  template: string | null;
  /** Origins whose media answer `?w=` with the picture scaled to that width (the backend's own resizing). */
  query: string[];
  /** Width variants made by the build (`/img/<key>-<width>.webp`), for photos on any other origin. */
  variants: boolean;
}

/** Widths every photo is offered in: a thumbnail, a phone card at 2×, a phone's screen at 2×, a desktop gallery at 2×. */
export const IMAGE_WIDTHS = [160, 360, 720, 1080] as const;
/** The build's width variants, under the site's root. */
export const VARIANTS_FOLDER = 'img';

/** How wide each kind of image shows: the browser picks the width from these and the screen's density. */
export const SIZES = {
  card: '(max-width:768px) 50vw,240px',
  gallery: '(max-width:768px) 100vw,640px',
  thumb: '64px',
  banner: '(max-width:1240px) 100vw,1240px',
  category: '72px',
  icon: '48px',
} as const;

const HTTP = /^https?:\/\/[^/?#]+/i;
const VECTOR = /\.svg(?:[?#]|$)/i;

/** A key for an image URL, the same in the build and the browser: two FNV-1a hashes of its UTF-16 code units. */
export function imageKey(url: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ url.length;
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The file name of a photo's variant at a width. */
export const variantName = (url: string, width: number): string => `${imageKey(url)}-${width}.webp`;

/** Whether a photo can be asked for at a width: an http(s) raster image (a vector one is sharp at every width). */
export const resizable = (url: string): boolean => HTTP.test(url) && !VECTOR.test(url);

/** The URL of a photo at a width (or the URL itself when it cannot be resized). */
export function imageAt(url: string, width: number, how: ImageService): string {
  if (!resizable(url)) return url;
  if (how.template)
    return how.template
      .replaceAll('{width}', String(width))
      .replaceAll('{url_encoded}', encodeURIComponent(url))
      .replaceAll('{url}', url);
  if (how.query.includes(HTTP.exec(url)![0].toLowerCase())) return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
  if (how.variants) return `/${VARIANTS_FOLDER}/${variantName(url, width)}`;
  return url;
}

/** A photo's width variants as a srcset, or null when it has none. */
export function imageSrcset(url: string, how: ImageService): string | null {
  if (imageAt(url, IMAGE_WIDTHS[0], how) === url) return null;
  return IMAGE_WIDTHS.map((width) => `${imageAt(url, width, how)} ${width}w`).join(',');
}

/** An <img>'s src, srcset and sizes for a photo shown at `sizes`: src stays the whole photo, for a variant missing. */
export function imageAttributes(
  url: string,
  sizes: string,
  how: ImageService,
): { src: string; srcset?: string; sizes?: string } {
  const srcset = imageSrcset(url, how);
  return srcset ? { src: url, srcset, sizes } : { src: url };
}
