/**
 * A backend without token refresh (the `refresh` capability): a refused
 * access token ends the session, and the shopper is asked to sign in again.
 * The tokens and what only a session keeps go (each store's onSignedOut); the
 * local basket, favourites and searches stay,
 * and the server keeps its basket for the next sign-in.
 */
import { atom } from 'nanostores';
import { storeTokens } from './tokens.ts';

/** True once a refused token ended the session on this page: the header opens the sign-in modal. */
export const $signInAgain = atom(false);

export function sessionExpired(): void {
  storeTokens(null);
  $signInAgain.set(true);
}
