/** Favourites: the hearts on cards and products and the page that lists them. */
export { $liked } from './state/favourites.ts';
export { enhanceFavourites } from './ui/enhance.ts';
