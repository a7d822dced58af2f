/**
 * The backend's operations, named in the shop's language, as features' state
 * calls them (`orders.place(...)`, `favourites.add(id)`, `search.suggestions(q)`):
 * each owns its call's route, builds its body, and answers the shop's own
 * types (the call's reader in answers.ts, loaded with the client). Fallbacks
 * for what a backend lacks are part of the operation. Nothing outside
 * src/backend calls the client itself.
 */
export { favourites } from './operations/favourites.ts';
export { delivery, orders, payments } from './operations/orders.ts';
export { products } from './operations/products.ts';
export { address, profile } from './operations/profile.ts';
export { reviews } from './operations/reviews.ts';
export { search } from './operations/search.ts';
export { refusalOf, session } from './operations/session.ts';
export { statusOf } from './api.ts';
export type { Order } from './orders.ts';
export type { Favourite, Profile } from './shopper.ts';
