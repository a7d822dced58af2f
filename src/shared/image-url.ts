/**
 * The photos' URLs at a width as this build asks for them (contract/image-url.ts with the build's choice,
 * `virtual:photo-urls`): every <img> of a product, banner, category or store takes its src, srcset and sizes here.
 */
import service from 'virtual:photo-urls';
import { imageAttributes as attributesWith, type PhotoKind } from '#contract/image-url.ts';

export { BANNER_PHOTO, CARD_PHOTO, GALLERY_PHOTO, SMALL_PHOTO, type PhotoKind } from '#contract/image-url.ts';

/** An <img>'s src, srcset and sizes for a photo of a kind. */
export const imageAttributes = (url: string, kind: PhotoKind) => attributesWith(url, kind, service);
