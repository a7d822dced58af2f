/** Entry of the shopper hooks on every page (one small module script): basket, favourites, sign-in link, address label, toasts. */
import { enhanceAddress } from '../features/address/index.ts';
import { enhanceAuth } from '../features/sign-in/index.ts';
import { enhanceBasket } from '../features/basket/index.ts';
import { enhanceFavourites } from '../features/favourites/index.ts';
import { listenForFailures } from '../features/toasts/index.ts';
import { listenForToasts } from '../features/toasts/index.ts';

listenForToasts();
listenForFailures();
enhanceAuth();
enhanceBasket();
enhanceFavourites();
enhanceAddress();
