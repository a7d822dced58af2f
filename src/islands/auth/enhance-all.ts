/** Entry of the shopper hooks on every page (one small module script): basket, favourites, sign-in link, address label. */
import { enhanceAddress } from '../address/enhance.ts';
import { enhanceBasket } from '../basket/enhance.ts';
import { enhanceFavourites } from '../favourites/enhance.ts';
import { enhanceAuth } from './enhance.ts';

enhanceAuth();
enhanceBasket();
enhanceFavourites();
enhanceAddress();
