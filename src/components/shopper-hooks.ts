/** Entry of the shopper hooks on every page (one small module script): basket, favourites, sign-in link, toasts. */
import { enhanceAuth } from '../islands/auth/enhance.ts';
import { enhanceBasket } from '../islands/basket/enhance.ts';
import { enhanceFavourites } from '../islands/favourites/enhance.ts';
import { listenForToasts } from '../islands/toasts/listen.ts';

listenForToasts();
enhanceAuth();
enhanceBasket();
enhanceFavourites();
