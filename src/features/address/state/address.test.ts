/**
 * The saved address and the profile (spec §3, §4) against the real reference
 * API: a signed-in page mirrors the profile's address, an empty profile is
 * checked once a browser session, and a profile read that did not finish
 * (failed, or the shopper left the page first) is tried again on the next page.
 */
import { describe, expect, it } from 'vitest';
import { $savedAddress } from './address.ts';
import { syncAddressWithProfile } from './address-profile.ts';
import { getApi } from '../../../backend/api.ts';
import { QARSHI_ADDRESS } from '../../../../tests/fixtures/address.ts';
import { useShop } from '../../../../tests/unit/support/shop.ts';
import { useMemoryStorage } from '../../../../tests/unit/support/storage.ts';

const shop = useShop();
const PROFILE = /^\/users\/profile\/$/;
const profileReads = () => shop.requests.filter((r) => r === 'GET /users/profile/').length;

useMemoryStorage('sessionStorage');

async function signInWithAddress() {
  await shop.signIn();
  await (await getApi()).call('updateProfile', { body: { address: QARSHI_ADDRESS } });
}

describe('the address and the profile', () => {
  it("a signed-in page takes the profile's address", async () => {
    await signInWithAddress();
    await syncAddressWithProfile();
    expect($savedAddress.get()).toMatchObject({ profile: true, address: { street: QARSHI_ADDRESS.street } });
  });

  it('an empty profile is read once a browser session', async () => {
    await shop.signIn();
    await syncAddressWithProfile();
    await syncAddressWithProfile();
    expect($savedAddress.get()).toBeNull();
    expect(profileReads()).toBe(1);
  });

  it('a failed profile read is tried again on the next page', async () => {
    await signInWithAddress();
    shop.fail({ method: 'GET', path: PROFILE, answer: 500 });
    await syncAddressWithProfile();
    expect($savedAddress.get()).toBeNull();

    shop.heal();
    await syncAddressWithProfile();
    expect($savedAddress.get()).toMatchObject({ profile: true, address: { street: QARSHI_ADDRESS.street } });
  });

  it('a profile read cut short by leaving the page is made again on the next one', async () => {
    await signInWithAddress();
    // The first page's read never answers (the shopper went on to checkout before it did).
    let answer = () => {};
    shop.fail({ method: 'GET', path: PROFILE, answer: new Promise<void>((resolve) => (answer = resolve)) });
    const leftPage = syncAddressWithProfile();

    shop.heal();
    await syncAddressWithProfile();
    expect($savedAddress.get()).toMatchObject({ profile: true, address: { street: QARSHI_ADDRESS.street } });
    answer();
    await leftPage;
  });
});
