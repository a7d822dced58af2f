/**
 * The session store against the real reference API (spec §4 Sign-in, §5,
 * §8): code request, verification with the basket sync, resend only at
 * countdown 0, the server's own message on a 429, and logout.
 */
import { describe, expect, it } from 'vitest';
import { $localBasket, $serverBasket } from '../../basket/state/basket.ts';
import { $liked } from '../../favourites/state/favourites.ts';
import { sessionExpired } from '../../../backend/session-expiry.ts';
import { $device, storeTokens } from '../../../backend/tokens.ts';
import { $access, $pendingSignIn, $refresh, requestCode, resendCode, signOut, verifyCode } from './session.ts';
import { useShop } from '../../../../tests/unit/support/shop.ts';
import { useMemoryStorage } from '../../../../tests/unit/support/storage.ts';

useMemoryStorage('localStorage');
const shop = useShop();

let next = 1_000_000;
/** A phone as the sign-in mask holds it, new for every test. */
const typedPhone = () => `998 90 ${String(next++).padStart(7, '0')}`;
const codeFor = (phone: string) => shop.api.sent.filter((s) => s.phone === phone).at(-1)!.code;

describe('sign-in', () => {
  it('an incomplete phone is not sent', async () => {
    expect(await requestCode('998 90 12')).toEqual({ ok: false, reason: 'invalid' });
    expect(shop.requests).toEqual([]);
  });

  it('a code request stores who signs in and when a new code may be asked for', async () => {
    const before = Date.now();
    expect(await requestCode(typedPhone())).toEqual({ ok: true });
    const pending = $pendingSignIn.get()!;
    expect(pending.phone).toMatch(/^\+99890\d{7}$/);
    // The answer's `time` is in minutes: 2 minutes of countdown.
    expect(pending.resendAt - before).toBeGreaterThanOrEqual(119_000);
    expect(shop.toasts()).toEqual(['success isl.toast.codeSent']);
    expect(await resendCode()).toEqual({ ok: false, reason: 'invalid' });
  });

  it('the right code stores the tokens, pushes the local basket and reloads', async () => {
    const product = await shop.product((p) => p.features.length === 0 && p.stock > 0);
    $localBasket.set([{ id: 1, product: product.id, feature: null, quantity: 2 }]);
    await requestCode(typedPhone());
    let reloaded = false;
    const result = await verifyCode(codeFor($pendingSignIn.get()!.phone).toLowerCase(), () => (reloaded = true));
    expect(result).toEqual({ ok: true });
    expect(reloaded).toBe(true);
    expect($access.get()).not.toBe('');
    expect($localBasket.get()).toEqual([]);
    const basket = await shop.api.call('/orders/basket/', { token: $access.get() });
    expect(basket.body.map((i: { product: { id: number }; quantity: number }) => [i.product.id, i.quantity])).toEqual([
      [product.id, 2],
    ]);
  });

  it('a wrong code fails with the spec toast and keeps the pending sign-in', async () => {
    await requestCode(typedPhone());
    const right = codeFor($pendingSignIn.get()!.phone);
    const wrong = right === '0000' ? '1111' : '0000';
    shop.toasts();
    expect(await verifyCode(wrong, () => {})).toEqual({ ok: false, reason: 'failed' });
    expect(shop.toasts()).toEqual(['error isl.toast.verifyFailed']);
    expect($pendingSignIn.get()).not.toBeNull();
    expect($access.get()).toBe('');
  });

  it('a second code request within the countdown shows the server message and goes back to the code step', async () => {
    const phone = typedPhone();
    await requestCode(phone);
    const first = $pendingSignIn.get()!;
    shop.toasts();
    expect(await requestCode(phone)).toEqual({ ok: true });
    expect(shop.toasts()).toEqual(['error isl.toast.serverMessage']);
    expect($pendingSignIn.get()!.resendAt).toBeGreaterThanOrEqual(first.resendAt - 1_000);
  });
});

describe('the device token', () => {
  /** A stranger with unlimited addresses spends the phone's budget of unrecognised browsers. */
  const lockOut = async (phone: string) => {
    for (let round = 0; round < 5; round++) {
      const auth = await shop.api.call('/users/auth/', { method: 'POST', body: { phone_number: phone } });
      if (auth.status === 429) return auth;
      const code = codeFor(phone);
      for (let i = 0; i < 5; i++)
        await shop.api.call('/users/verify/', {
          method: 'POST',
          body: { user: auth.body.user, code: code === '0000' ? '1111' : '0000' },
        });
      shop.api.clock.now += 121_000;
    }
    throw new Error('never locked');
  };

  it('lives as long as the session: signing out forgets it here, and the API no longer recognises a kept copy', async () => {
    const typed = typedPhone();
    await requestCode(typed);
    const phone = $pendingSignIn.get()!.phone;
    await verifyCode(codeFor(phone), () => {});
    expect($device.get()).toMatch(/^[\w-]{43}$/);
    const device = $device.get();
    await signOut(() => {});
    expect([$access.get(), $device.get(), localStorage.getItem('device')]).toEqual(['', '', null]);

    // Whoever kept a copy of it (the next person on a shared phone, a script) asks as a new browser: wide codes.
    shop.api.clock.now += 121_000;
    await shop.api.call('/users/auth/', { method: 'POST', body: { phone_number: phone, device } });
    expect(codeFor(phone)).toMatch(/^[A-Z2-9]{4}$/);
    expect(codeFor(phone)).not.toMatch(/^\d{4}$/);
  });

  it('a browser that never signed in is told how long to wait during a lock', async () => {
    const typed = typedPhone();
    const phone = `+${typed.replace(/\D/g, '')}`;
    await lockOut(phone);
    shop.toasts();
    expect(await requestCode(typed)).toEqual({ ok: false, reason: 'failed' });
    expect(shop.toasts()).toEqual(['error isl.toast.serverMessage']);
    expect($device.get()).toBe('');
  });
});

describe('the end of a session', () => {
  /** Every key of browser storage whose value names the phone, in any form a reader would recognise. */
  const namingPhone = (phone: string) =>
    Object.keys(localStorage).filter((key) => (localStorage.getItem(key) ?? '').includes(phone.slice(4)));

  it('sign-out leaves no key of the shopper but unsent basket changes, and not the phone number', async () => {
    const typed = typedPhone();
    await requestCode(typed);
    const phone = $pendingSignIn.get()!.phone;
    await verifyCode(codeFor(phone), () => {});
    $serverBasket.set([]);
    expect(localStorage.getItem('basketSaved')).toBe('[]');
    await signOut(() => {});
    for (const key of ['access', 'refresh', 'device', 'basketSaved', 'address', 'liked'])
      expect(localStorage.getItem(key), key).toBeNull();
    expect(namingPhone(phone)).toEqual([]);
  });

  it('a session that ends without sign-out (a refused renewal, an expired token) leaves no server basket, no device token', async () => {
    await shop.signIn();
    $device.set('a'.repeat(43));
    $serverBasket.set([]);
    // What the client does when the server refuses the renewal (client.ts), and a backend without renewal on a 401.
    storeTokens(null);
    for (const key of ['basketSaved', 'device']) expect(localStorage.getItem(key), key).toBeNull();
    await shop.signIn();
    $serverBasket.set([]);
    sessionExpired();
    expect(localStorage.getItem('basketSaved')).toBeNull();
  });
});

describe('logout', () => {
  it('revokes the refresh token on the server and forgets everything private', async () => {
    await shop.signIn();
    const refresh = $refresh.get();
    $liked.set([3]);
    let reloaded = false;
    await signOut(() => (reloaded = true));
    expect(reloaded).toBe(true);
    expect([$access.get(), $refresh.get(), $liked.get()]).toEqual(['', '', []]);
    const renewed = await shop.api.call('/users/token/refresh/', { method: 'POST', body: { refresh } });
    expect(renewed.status).toBe(401);
  });

  it('still signs out when the server cannot be reached', async () => {
    await shop.signIn();
    shop.fail({ method: 'POST', path: /^\/users\/logout\/$/, answer: 'abort' });
    await signOut(() => {});
    expect($access.get()).toBe('');
  });
});
