/** Search: the header's search box with suggestions and recent searches, and the results page. */
export { $recentSearches } from './state/recent-searches.ts';
/** The header's search box, hydrated when the shopper reaches for it. */
export const searchBox = () => import('./ui/hydrate.tsx');
export { FIRST_SCREEN_DONE, FIRST_SCREEN_ID, showFirstScreen, type FirstScreenSetup } from './ui/first-screen.ts';
export type { SearchHeadSetup } from './ui/head.ts';
