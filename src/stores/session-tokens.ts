/**
 * The stored tokens (spec §3, §6): the bearer under `access`, the refresh
 * token under `refresh`. Signed in when an access token is stored. Kept apart
 * from session.ts so the API client can read and renew them without the
 * sign-in code.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { Tokens } from '#contract/schemas.ts';

const decodeToken = (raw: string) => (typeof raw === 'string' && /^[\w.~+/=-]+$/.test(raw.trim()) ? raw.trim() : '');

/** An empty token removes the key (signing out leaves nothing behind). */
const encodeToken = (value: string) => (value || undefined) as unknown as string;

export const $access = persistentAtom<string>('access', '', { decode: decodeToken, encode: encodeToken });
export const $refresh = persistentAtom<string>('refresh', '', { decode: decodeToken, encode: encodeToken });

export const $signedIn = computed($access, (access) => access.length > 0);

/** Keep a new pair (sign-in, renewal), or clear both: signed out. */
export function storeTokens(tokens: Tokens | null): void {
  $access.set(tokens?.access ?? '');
  $refresh.set(tokens?.refresh ?? '');
}
