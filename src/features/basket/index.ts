/** The basket: its lines, their sum, the buttons that fill it and the page that shows it. */
export { totals, type BasketLine } from './rules/basket.ts';
export { $basketOwner, $localBasket, $pendingBasket, $serverBasket } from './state/basket.ts';
export { $basketLines, $basketLoaded, loadBasket, loadLocalProducts, syncLocalBasket } from './state/edit.ts';
export { enhanceBasket } from './ui/enhance.ts';
/** The server side of the basket, loaded when a signed-in shopper's changes are sent. */
export const basketSync = () => import('./state/sync.ts');
