/**
 * The search page's head script, inlined by the build before any module (integrations/inline-scripts.ts): asks for
 * the first results as the page parses (the island's first read takes that answer) and, the moment they are known,
 * preloads the first row's photos at high priority, at the sizes the cards ask for them, so they load beside the
 * page's modules instead of after them. Its setup comes as the script's data: the text is the same on every search
 * page, so one hash allows it.
 */
import { CARD_PHOTO, FIRST_ROW, imageAttributes, type ImageService } from '#contract/image-url.ts';
import { startEarlyRead } from '../../../backend/early-start.ts';
import { firstImage } from '../../../shared/product.ts';
import { firstSearchRead } from '../rules/first-read.ts';

export interface SearchHeadSetup {
  /** The search's address (earlyReadAddress). */
  search: string;
  /** How photos are asked for at a width (the build's choice). */
  photos: ImageService;
}

/** A preload of a card's photo, chosen by the browser from the same srcset and sizes as the card's <img>. */
function preloadCardPhoto(url: string): void {
  const { src, srcset, sizes } = imageAttributes(url, CARD_PHOTO, setup.photos);
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: src });
  link.fetchPriority = 'high';
  if (srcset) Object.assign(link, { imageSrcset: srcset, imageSizes: sizes });
  document.head.append(link);
}

const setup = JSON.parse((document.currentScript as HTMLScriptElement).dataset['setup'] ?? '{}') as SearchHeadSetup;
startEarlyRead(setup.search, 'searchProducts', firstSearchRead(location.search))?.then(
  (page) => page.results.slice(0, FIRST_ROW).forEach((product) => preloadCardPhoto(firstImage(product.images))),
  // A failure is the island's to show, when it asks.
  () => undefined,
);
