/**
 * The stored tokens (spec §3, §6): the bearer under `access`, the refresh
 * token under `refresh`. Signed in when an access token is stored. Kept apart
 * from session.ts so the API client can read and renew them without the
 * sign-in code.
 */
import { persistentAtom } from '@nanostores/persistent';
import { ACCESS_KEY } from './token-keys.ts';
import { computed } from 'nanostores';
import type { Tokens } from '#contract/schemas.ts';

const decodeToken = (raw: string) => (typeof raw === 'string' && /^[\w.~+/=-]+$/.test(raw.trim()) ? raw.trim() : '');

/** An empty token removes the key (signing out leaves nothing behind). */
const encodeToken = (value: string) => (value || undefined) as unknown as string;

export const $access = persistentAtom<string>(ACCESS_KEY, '', { decode: decodeToken, encode: encodeToken });
export const $refresh = persistentAtom<string>('refresh', '', { decode: decodeToken, encode: encodeToken });

/**
 * This browser's device token: answered by the API at sign-in for the one
 * phone that proved it, sent back with renewals and with sign-out (which makes
 * the API forget it). It lives as long as the session: whoever uses this
 * browser next, or a script that read it, spends no pool of the shopper's.
 * A backend that implements spec §7 only answers none, and nothing is sent.
 */
export const $device = persistentAtom<string>('device', '', { decode: decodeToken, encode: encodeToken });

export const $signedIn = computed($access, (access) => access.length > 0);

/**
 * Runs `forget` whenever this browser holds no session: at once (a session
 * that ended while no page was open, or a page restored without one) and each
 * time one ends, by signing out or because the server refused to renew it.
 * Each store forgets its own per-shopper keys this way.
 */
export function onSignedOut(forget: () => void): void {
  if (typeof localStorage !== 'undefined' && !$signedIn.get()) forget();
  $signedIn.listen((signedIn) => {
    if (!signedIn) forget();
  });
}

onSignedOut(() => $device.set(''));

// A page the back/forward cache restores after its session ended (or another began) is drawn afresh: it may show the
// last shopper's order or basket. The private pages are sent no-store as well (integrations/host-headers.ts).
if (typeof window !== 'undefined') {
  const drawnFor = () => localStorage.getItem(ACCESS_KEY) ?? '';
  const atLoad = drawnFor();
  addEventListener('pageshow', (event) => {
    if (event.persisted && drawnFor() !== atLoad) location.reload();
  });
}
// A session that ends here: the service worker drops the pages it kept (public/sw.js).
$signedIn.listen((signedIn) => {
  if (!signedIn && typeof navigator !== 'undefined') navigator.serviceWorker?.controller?.postMessage('signed-out');
});

/**
 * Reads the stored pair again from localStorage: another tab may have renewed
 * it a moment ago, before this tab's storage event arrived.
 */
export function reloadTokens(): void {
  if (typeof localStorage === 'undefined') return;
  const stored = (key: string) => decodeToken(localStorage.getItem(key) ?? '');
  const [access, refresh] = [stored('access'), stored('refresh')];
  if (access !== $access.get()) $access.set(access);
  if (refresh !== $refresh.get()) $refresh.set(refresh);
}

/** Keep a new pair (sign-in, renewal), or clear both: signed out. */
export function storeTokens(tokens: Tokens | null): void {
  $access.set(tokens?.access ?? '');
  $refresh.set(tokens?.refresh ?? '');
}
