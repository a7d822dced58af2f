/**
 * Sign-in and the session (spec §2 sign-in modal, §4, §6, §7, §8): request a
 * code for a phone, verify it (4 characters, upper-cased), store the tokens,
 * push the visitor's basket to the server, reload. A throttled step (429)
 * shows the server's own message and holds the resend countdown until the
 * server allows another code. The device token a verify answers is kept for
 * the session (renewals and sign-out send it); a browser signing in holds
 * none, so it always asks as a new browser. Signing out revokes the refresh
 * token on the server, makes it forget the device token, and clears every
 * private key of browser storage (each store forgets its own when the session
 * ends, onSignedOut), except basket changes the server has not taken, kept for
 * the same phone's next sign-in under a digest of the phone.
 */
import { atom } from 'nanostores';
import { countdownSeconds, toUzE164 } from '../rules/phone.ts';
import { $basketOwner, $localBasket, $pendingBasket, $serverBasket } from '../../basket/index.ts';
import { syncLocalBasket } from '../../basket/index.ts';
import { basketSync } from '../../basket/index.ts';
import { refusalOf, session, statusOf } from '../../../backend/index.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import { $liked } from '../../favourites/index.ts';
import { notify, notifyAfterReload, type ToastKey, type ToastMessage } from '../../../shared/notify.ts';
import { $recentSearches } from '../../search/index.ts';
import { $access, $device, $refresh, storeTokens } from '../../../backend/tokens.ts';

export { $access, $refresh };

/** This session's device token for sign-out, when it has one: an optional field a spec-only backend ignores. */
const deviceToken = (): string | undefined => {
  const device = $device.get();
  return device && hasCapability('device') ? device : undefined;
};

/** What `basketOwner` keeps of a phone: its SHA-256, so the number does not stay in the browser's storage. */
async function ownerKey(phone: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`bozor-basket-owner:${phone}`));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A code was requested: for whom, and when a new one may be asked for. */
export interface PendingSignIn {
  phone: string;
  user: number;
  /** Epoch ms when the resend countdown reaches 0. */
  resendAt: number;
}
export const $pendingSignIn = atom<PendingSignIn | null>(null);

/** `ok`: the step is done (for a code request: the code step applies). */
export type Result = { ok: true } | { ok: false; reason: 'invalid' | 'failed' };

/**
 * A failed step's toast: for a 429 the server's message (it answers in the
 * page's language) instead of the spec's, and the resend countdown of the
 * pending sign-in runs at least until the server's `retry_after`.
 */
function failed(error: unknown, key: ToastKey, phone: string): void {
  const body = statusOf(error) === 429 ? refusalOf(error) : undefined;
  if (!body) {
    notify('error', key);
    return;
  }
  notify('error', 'isl.toast.serverMessage', { message: body.detail });
  const pending = $pendingSignIn.get();
  if (pending?.phone === phone && body.retry_after)
    $pendingSignIn.set({ ...pending, resendAt: Math.max(pending.resendAt, Date.now() + body.retry_after * 1000) });
}

/** Step 1: ask for a code. `phone` as typed; only complete Uzbek numbers are sent (+998...). */
export async function requestCode(phone: string): Promise<Result> {
  const e164 = toUzE164(phone);
  if (!e164) return { ok: false, reason: 'invalid' };
  try {
    const answer = await session.sendCode(e164);
    $pendingSignIn.set({ phone: e164, user: answer.user, resendAt: Date.now() + countdownSeconds(answer.time) * 1000 });
    notify('success', 'isl.toast.codeSent');
    return { ok: true };
  } catch (error) {
    failed(error, 'isl.toast.codeRequestFailed', e164);
    // Throttled while a code sent to this phone is pending: back to that code, under the server's countdown.
    if (statusOf(error) === 429 && $pendingSignIn.get()?.phone === e164) return { ok: true };
    return { ok: false, reason: 'failed' };
  }
}

/** A new code, allowed only when the countdown is 0. */
export async function resendCode(): Promise<Result> {
  const pending = $pendingSignIn.get();
  if (!pending || Date.now() < pending.resendAt) return { ok: false, reason: 'invalid' };
  try {
    const answer = await session.resendCode(pending.phone);
    $pendingSignIn.set({ ...pending, user: answer.user, resendAt: Date.now() + countdownSeconds(answer.time) * 1000 });
    notify('success', 'isl.toast.codeResent');
    return { ok: true };
  } catch (error) {
    failed(error, 'isl.toast.resendFailed', pending.phone);
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
    const answer = await session.verify(pending.user, clean);
    tokens = answer.data;
    if (answer.device) $device.set(answer.device);
  } catch (error) {
    failed(error, 'isl.toast.verifyFailed', pending.phone);
    return { ok: false, reason: 'failed' };
  }
  storeTokens(tokens);
  $pendingSignIn.set(null);
  // Basket changes kept from an earlier session are this shopper's only if the phone is the same.
  const owner = $basketOwner.get();
  const key = await ownerKey(pending.phone);
  if (owner && owner !== key) $pendingBasket.set([]);
  $basketOwner.set(key);
  const messages: ToastMessage[] = [{ kind: 'success', key: 'isl.toast.verified' }, ...(await syncLocalBasket())];
  notifyAfterReload(messages);
  reload();
  return { ok: true };
}

/**
 * Log out: the server revokes the refresh token, then nothing private stays in
 * browser storage and the page reloads. Best effort: whatever the server
 * answers (or if it cannot be reached), the shopper is signed out here.
 */
export async function signOut(reload: () => void = () => location.reload()): Promise<void> {
  // Basket changes not yet sent are tried once more; those still waiting stay for this shopper's next sign-in.
  await basketSync()
    .then(({ sendPending }) => sendPending())
    .catch(() => undefined);
  const refresh = $refresh.get();
  if (refresh && hasCapability('logout')) {
    try {
      // With the device token: the API stops recognising this browser for the phone.
      await session.logout(refresh, deviceToken());
    } catch {
      // A token the server could not revoke still expires; this device forgets it below.
    }
  }
  storeTokens(null);
  $localBasket.set([]);
  $serverBasket.set(null);
  $liked.set([]);
  $recentSearches.set([]);
  $pendingSignIn.set(null);
  reload();
}
