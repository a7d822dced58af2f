/**
 * The signed-in shopper's profile (spec §3 User): loaded once for the
 * personal-data page and checkout's prefilled name and phone, saved with
 * PATCH /users/profile/. A refused save answers the API's words per field and
 * changes nothing held here, so nothing typed is lost.
 */
import { atom } from 'nanostores';
import type { Address, ProfileUpdate } from '#contract/schemas.ts';
import { profile, statusOf, type Profile } from '../../../backend/index.ts';
import { hasCapability } from '../../../backend/capabilities.ts';

/** The profile, null until loaded (or when it could not be). */
export const $profile = atom<Profile | null>(null);
/** 'unavailable': the backend keeps no profile (the `profile` capability); the address stays in the browser. */
export const $profileLoad = atom<'idle' | 'loading' | 'ready' | 'failed' | 'unavailable'>('idle');

/** GET /users/profile/ (a second call while one is on its way shares it). */
let loading: Promise<void> | null = null;
export function loadProfile(): Promise<void> {
  if (!hasCapability('profile')) {
    $profileLoad.set('unavailable');
    return Promise.resolve();
  }
  loading ??= (async () => {
    $profileLoad.set('loading');
    try {
      $profile.set(await profile.read());
      $profileLoad.set('ready');
    } catch {
      $profileLoad.set('failed');
    } finally {
      loading = null;
    }
  })();
  return loading;
}

export type SaveProfileResult =
  | { ok: true }
  /** The API's words: per field for a 400, else its detail; both empty when there was no answer. */
  | { ok: false; fields: Record<string, string[]>; detail: string | null };

export async function saveProfile(body: ProfileUpdate): Promise<SaveProfileResult> {
  try {
    $profile.set(await profile.save(body));
    return { ok: true };
  } catch (error) {
    const status = statusOf(error);
    const fields = (error as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    const detail = status >= 400 && status < 500 && error instanceof Error ? error.message : null;
    return { ok: false, fields, detail };
  }
}

/** The picker saved a new address into the profile: show it without reloading the profile. */
export function profileAddressSaved(address: Address | null): void {
  const shown = $profile.get();
  if (shown) $profile.set({ ...shown, address });
}
