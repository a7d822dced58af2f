/**
 * The photos' URLs at a width as this build asks for them (contract/image-url.ts with the build's choice,
 * `virtual:photo-urls`): every <img> of a product, banner, category or store takes its src, srcset and sizes here.
 */
import service from 'virtual:photo-urls';
import { imageAttributes as attributesWith, imageAt as at, SIZES } from '#contract/image-url.ts';

export { SIZES };

/** A photo's URL at a width. */
export const imageAt = (url: string, width: number): string => at(url, width, service);

/** An <img>'s src, srcset and sizes for a photo shown at `sizes`. */
export const imageAttributes = (url: string, sizes: string) => attributesWith(url, sizes, service);
