/**
 * One way to ask for an image at a width, given how (`ImageService`): the build decides it (integrations/images.ts,
 * `IMAGE_SERVICE`) and writes it into the site as `virtual:photo-urls` (src/shared/image-url.ts binds it), so the
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

/**
 * How wide each kind of photo shows, and the widths it is offered in: the browser picks one from its sizes and the
 * screen's density. A small one (a thumbnail, a category's or a store's icon, a basket line) is one width, sharp at
 * 64 px up to 2.5×, and its src alone: no srcset to weigh on every page.
 */
export interface PhotoKind {
  sizes: string;
  widths: readonly (typeof IMAGE_WIDTHS)[number][];
}
/** Cards in the first row on a wide screen (four; a phone shows two): their photos load at once, first. */
export const FIRST_ROW = 4;

// A card's photo on a phone: two columns up to 768 px, less the page's and the card's padding (142 px at 360).
export const CARD_PHOTO: PhotoKind = { sizes: '(max-width:768px) calc(50vw - 38px),240px', widths: [360, 720] };
export const GALLERY_PHOTO: PhotoKind = { sizes: '(max-width:768px) calc(100vw - 32px),640px', widths: [720, 1080] };
export const BANNER_PHOTO: PhotoKind = { sizes: '(max-width:1240px) 100vw,1240px', widths: [360, 720, 1080] };
export const SMALL_PHOTO: PhotoKind = { sizes: '', widths: [160] };

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
const variantName = (url: string, width: number): string => `${imageKey(url)}-${width}.webp`;

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
export function imageSrcset(url: string, widths: readonly number[], how: ImageService): string | null {
  if (imageAt(url, widths[0] ?? IMAGE_WIDTHS[0], how) === url) return null;
  return widths.map((width) => `${imageAt(url, width, how)} ${width}w`).join(',');
}

/**
 * An <img>'s src, srcset and sizes for a photo of a kind: src stays the whole photo (what a browser falls back to
 * when a variant is missing), or for a small one is its one width.
 */
export function imageAttributes(
  url: string,
  kind: PhotoKind,
  how: ImageService,
): { src: string; srcset?: string; sizes?: string } {
  const { sizes, widths } = kind;
  if (widths.length === 1) return { src: imageAt(url, widths[0]!, how) };
  const srcset = imageSrcset(url, widths, how);
  return srcset ? { src: url, srcset, sizes } : { src: url };
}
