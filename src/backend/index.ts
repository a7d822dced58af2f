/**
 * The backend's operations, named in the shop's language, as features' state
 * calls them (`checkout.place(...)`, `favourites.add(id)`, `search.suggestions(q)`):
 * each owns its call's route, builds its body, and answers the shop's own
 * types (the call's reader in answers.ts, loaded with the client). Fallbacks
 * for what a backend lacks are part of the operation. Nothing outside
 * src/backend calls the client itself. Each area is a module namespace, so a
 * page's bundle carries only the operations it calls.
 */
export * as address from './operations/address.ts';
export * as basket from './operations/basket.ts';
export * as checkout from './operations/checkout.ts';
export * as favourites from './operations/favourites.ts';
export * as orders from './operations/orders.ts';
export * as productPage from './operations/product-page.ts';
export * as products from './operations/products.ts';
export * as profile from './operations/profile.ts';
export * as reviews from './operations/reviews.ts';
export * as search from './operations/search.ts';
export * as session from './operations/session.ts';
export { statusOf } from './api.ts';
export { refusalOf } from './refusal.ts';
export type { Order } from './orders.ts';
export type { ServerLine } from './operations/basket.ts';
export type { Favourite, Profile } from './shopper.ts';
export { earlyReadAddress } from './early-address.ts';
