/** A photo's src, srcSet and sizes as React's <img> takes them, from the one image-URL function. */
import { imageAttributes } from '../../lib/image-url.ts';

export function photoProps(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const { src, srcset } = imageAttributes(url, sizes);
  return srcset ? { src, srcSet: srcset, sizes } : { src };
}
