/**
 * The browser's API client: base URL from astro:env, the page's language, the
 * stored bearer token, renewed with the stored refresh token after a 401 (a
 * refused renewal clears both: signed out), once across tabs. Loaded on the first call (with
 * ofetch), so pages that make none do not download it.
 */
import { API_URL } from 'astro:env/client';
import type { Api } from './client.ts';
import { hasCapability } from './capabilities.ts';
import { $lang } from '../i18n/language.ts';
import { sessionExpired } from './session-expiry.ts';
import { $access, $device, $refresh, reloadTokens, storeTokens } from './tokens.ts';

let api: Promise<Api> | undefined;

/** The Web Lock every tab of the shop takes to renew the session. */
const REFRESH_LOCK = 'bozor-session-refresh';

/**
 * Runs a session renewal alone across this browser's tabs: two tabs whose
 * access token expired together spend the refresh token once, the second
 * reading the pair the first stored. Browsers without
 * Web Locks renew as before; the API's grace window answers their second
 * refresh with the same pair.
 */
async function acrossTabs<T>(renew: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return renew();
  const spent = $refresh.get();
  const free = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return null;
    reloadTokens();
    return { result: await renew() };
  });
  if (free) return free.result;
  // Another tab was renewing. Its pair is written before it lets go of the lock, but Chromium carries storage to
  // other tabs on its own channel, so it may reach this one a moment after the lock does (a second refresh was seen).
  return locks.request(REFRESH_LOCK, async () => {
    reloadTokens();
    if ($refresh.get() === spent) await storageChange('refresh', OTHER_TAB_WAIT_MS);
    reloadTokens();
    return await renew();
  }) as Promise<T>;
}

/** How long a tab that waited for another's renewal waits for its pair to arrive before renewing itself. */
const OTHER_TAB_WAIT_MS = 250;

/** Resolves when another tab changes `key` in localStorage, or after `ms`. */
function storageChange(key: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener('storage', onStorage);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) done();
    };
    const timer = setTimeout(done, ms);
    addEventListener('storage', onStorage);
  });
}

export function getApi(): Promise<Api> {
  api ??= import('./client.ts').then(({ createApi }) => {
    const client = createApi({
      baseURL: API_URL,
      lang: $lang.get(),
      token: () => $access.get() || null,
      ...(hasCapability('refresh')
        ? {
            refresh: {
              token: () => $refresh.get() || null,
              device: () => $device.get() || null,
              store: storeTokens,
              exclusive: acrossTabs,
            },
          }
        : {}),
    });
    return hasCapability('refresh') ? client : { ...client, call: askToSignInAgain(client) };
  });
  return api;
}

/** Without token refresh, a call refused for its token ends the session and asks the shopper to sign in again. */
function askToSignInAgain(client: Api): Api['call'] {
  return async (name, args) => {
    const token = $access.get();
    try {
      return await client.call(name, args);
    } catch (error) {
      if (token && statusOf(error) === 401 && $access.get() === token) sessionExpired();
      throw error;
    }
  };
}

/** A call through the browser's client, loaded on the first call: what the operations (operations/) use. */
export const call: Api['call'] = async (name, args) => (await getApi()).call(name, args);

/** Replaces the client, e.g. with one whose fetch reaches an in-process reference API (store unit tests). */
export function setApi(client: Api): void {
  api = Promise.resolve(client);
}

/** HTTP status of a failed call (ApiError), 0 when no answer came. */
export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

// A signed-in shopper's pages call the API as they start: the client is fetched now, beside the islands' own
// modules, rather than after they hydrate (a round trip off their largest paint on a phone).
if (typeof window !== 'undefined' && $access.get()) void getApi();
