/** Entry of the shopper hooks on every page (one small module script): basket, favourites, sign-in link, address label, toasts. */
import { enhanceAddress } from '../islands/address/enhance.ts';
import { enhanceAuth } from '../islands/auth/enhance.ts';
import { enhanceBasket } from '../islands/basket/enhance.ts';
import { enhanceFavourites } from '../islands/favourites/enhance.ts';
import { listenForFailures } from '../islands/toasts/failures.ts';
import { listenForToasts } from '../islands/toasts/listen.ts';

listenForToasts();
listenForFailures();
enhanceAuth();
enhanceBasket();
enhanceFavourites();
enhanceAddress();
