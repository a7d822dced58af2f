/**
 * Sign-in and the session (spec §2 sign-in modal, §4, §6, §7, §8): request a
 * code for a phone, verify it (4 characters, upper-cased), store the tokens,
 * push the visitor's basket to the server, reload. Signing out clears every
 * private key of browser storage.
 */
import { atom } from 'nanostores';
import { countdownSeconds, toUzE164 } from '../lib/phone.ts';
import { $localBasket, syncLocalBasket } from './basket.ts';
import { getApi } from './api.ts';
import { $liked } from './favourites.ts';
import { notify, notifyAfterReload, type ToastMessage } from './notify.ts';
import { $recentSearches } from './recent-searches.ts';
import { $access, $refresh, $signedIn } from './session-tokens.ts';

export { $access, $refresh, $signedIn };

/** A code was requested: for whom, and when a new one may be asked for. */
export interface PendingSignIn {
  phone: string;
  user: number;
  /** Epoch ms when the resend countdown reaches 0. */
  resendAt: number;
}
export const $pendingSignIn = atom<PendingSignIn | null>(null);

export type Result = { ok: true } | { ok: false; reason: 'invalid' | 'failed' };

/** Step 1: ask for a code. `phone` as typed; only complete Uzbek numbers are sent (+998...). */
export async function requestCode(phone: string): Promise<Result> {
  const e164 = toUzE164(phone);
  if (!e164) return { ok: false, reason: 'invalid' };
  try {
    const answer = await (await getApi()).call('auth', { body: { phone_number: e164 } });
    $pendingSignIn.set({ phone: e164, user: answer.user, resendAt: Date.now() + countdownSeconds(answer.time) * 1000 });
    notify('success', 'isl.toast.codeSent');
    return { ok: true };
  } catch {
    notify('error', 'isl.toast.codeRequestFailed');
    return { ok: false, reason: 'failed' };
  }
}

/** A new code, allowed only when the countdown is 0. */
export async function resendCode(): Promise<Result> {
  const pending = $pendingSignIn.get();
  if (!pending || Date.now() < pending.resendAt) return { ok: false, reason: 'invalid' };
  try {
    const answer = await (await getApi()).call('resend', { body: { phone_number: pending.phone } });
    $pendingSignIn.set({ ...pending, user: answer.user, resendAt: Date.now() + countdownSeconds(answer.time) * 1000 });
    notify('success', 'isl.toast.codeResent');
    return { ok: true };
  } catch {
    notify('error', 'isl.toast.resendFailed');
    return { ok: false, reason: 'failed' };
  }
}

/**
 * Step 2: verify the code. Success stores the tokens, pushes the visitor
 * basket to the server and reloads (the messages are shown after the reload).
 */
export async function verifyCode(code: string, reload: () => void = () => location.reload()): Promise<Result> {
  const pending = $pendingSignIn.get();
  const clean = code.toUpperCase();
  if (!pending || !/^[A-Z0-9]{4}$/.test(clean)) return { ok: false, reason: 'invalid' };
  let tokens;
  try {
    tokens = (await (await getApi()).call('verify', { body: { code: clean, user: pending.user } })).data;
  } catch {
    notify('error', 'isl.toast.verifyFailed');
    return { ok: false, reason: 'failed' };
  }
  $access.set(tokens.access);
  $refresh.set(tokens.refresh);
  $pendingSignIn.set(null);
  const messages: ToastMessage[] = [{ kind: 'success', key: 'isl.toast.verified' }, ...(await syncLocalBasket())];
  notifyAfterReload(messages);
  reload();
  return { ok: true };
}

/** Log out: nothing private stays in browser storage. */
export function signOut(reload: () => void = () => location.reload()): void {
  $access.set('');
  $refresh.set('');
  $localBasket.set([]);
  $liked.set([]);
  $recentSearches.set([]);
  $pendingSignIn.set(null);
  reload();
}
