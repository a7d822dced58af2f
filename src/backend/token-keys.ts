/** The stored tokens' keys in localStorage (tokens.ts); signed in while an access token is stored. */
export const ACCESS_KEY = 'access';
