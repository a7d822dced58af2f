/**
 * The profile store against the real reference API: loading (and its retry),
 * saving, and a refused or failed save that keeps the profile as it was and
 * answers the API's words per field.
 */
import { describe, expect, it } from 'vitest';
import { $profile, $profileLoad, loadProfile, profileAddressSaved, saveProfile } from './profile.ts';
import { QARSHI_ADDRESS } from '../../../../tests/fixtures/address.ts';
import { useShop } from '../../../../tests/unit/support/shop.ts';

const shop = useShop();
const PROFILE = /^\/users\/profile\/$/;

describe('profile store', () => {
  it('loads once for two callers, and a failed load can be retried', async () => {
    await shop.signIn();
    shop.fail({ method: 'GET', path: PROFILE, answer: 500 });
    await loadProfile();
    expect($profileLoad.get()).toBe('failed');
    expect($profile.get()).toBeNull();

    shop.heal();
    await loadProfile();
    expect($profileLoad.get()).toBe('ready');
    expect($profile.get()).not.toBeNull();
  });

  it('a shared load answers both callers with one request', async () => {
    await shop.signIn();
    await Promise.all([loadProfile(), loadProfile()]);
    expect(shop.requests.filter((r) => r === 'GET /users/profile/')).toHaveLength(1);
    expect($profileLoad.get()).toBe('ready');
    expect($profile.get()?.phone_number).toMatch(/^\+998\d{9}$/);
  });

  it('saves and holds what the API answered', async () => {
    await shop.signIn();
    await loadProfile();
    const result = await saveProfile({ first_name: 'Dilnoza', gender: 'female', birth_date: '1998-03-08' });
    expect(result).toEqual({ ok: true });
    expect($profile.get()).toMatchObject({ first_name: 'Dilnoza', gender: 'female', birth_date: '1998-03-08' });
  });

  it('a 400 answers the field errors and keeps the profile as it was', async () => {
    await shop.signIn();
    await loadProfile();
    const before = $profile.get();
    const result = await saveProfile({ first_name: 'Ali', email: 'not-an-address' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fields)).toEqual(['email']);
    expect(result.detail).toBeTruthy();
    expect($profile.get()).toBe(before);
  });

  it('a 500 or a dropped connection answers no words and keeps the profile', async () => {
    await shop.signIn();
    await loadProfile();
    const before = $profile.get();
    for (const answer of [500, 'abort'] as const) {
      shop.fail({ method: 'PATCH', path: PROFILE, answer });
      expect(await saveProfile({ first_name: 'Ali' })).toEqual({ ok: false, fields: {}, detail: null });
      expect($profile.get()).toBe(before);
    }
  });

  it('an address saved by the picker shows in the held profile', async () => {
    await shop.signIn();
    await loadProfile();
    const address = { ...QARSHI_ADDRESS };
    profileAddressSaved(address);
    expect($profile.get()?.address).toEqual(address);
  });
});
