/** A photo's src, srcSet and sizes as React's <img> takes them, from the one image-URL function. */
import { imageAttributes, type PhotoKind } from '../image-url.ts';

export function photoProps(url: string, kind: PhotoKind): { src: string; srcSet?: string; sizes?: string } {
  const { src, srcset, sizes } = imageAttributes(url, kind);
  return srcset ? { src, srcSet: srcset, sizes } : { src };
}
