/**
 * A photo as the build's pages write it: src, srcset and sizes from the one image-URL function
 * (src/shared/image-url.ts), and noted for the build (integrations/images.ts), which makes its width variants and
 * allows its origin in the pages' img-src. Photos a page's script may draw (a variant's gallery) are noted too.
 */
import { imageAttributes, type PhotoKind } from '../shared/image-url.ts';

const NOTED = Symbol.for('bozor.photos');
type Noted = { [NOTED]?: Set<string> };

/** Notes photos the page shows or its scripts may draw. */
export function notePhotos(urls: Iterable<string>): void {
  const noted = ((globalThis as Noted)[NOTED] ??= new Set());
  for (const url of urls) noted.add(url);
}

/** An <img>'s src, srcset and sizes for a photo of a kind. */
export function photo(url: string, kind: PhotoKind): ReturnType<typeof imageAttributes> {
  notePhotos([url]);
  return imageAttributes(url, kind);
}
