import { API_PREFIX, routes, type CallName } from '#contract/routes.ts';

/** The address of a read a page's head starts early (early-start.ts), for the page to give it. */
export const earlyReadAddress = (apiUrl: string, name: CallName): string =>
  `${apiUrl.replace(/\/+$/, '')}${API_PREFIX}${routes[name].path}`;
