/**
 * The basket store against the real reference API (spec §4 Basket, §7, §8):
 * visitors' local entries, signed-in server calls with a refetch, and every
 * fallback when the server fails.
 */
import { describe, expect, it, vi } from 'vitest';
import { lineKey } from '../rules/basket.ts';
import {
  $basketCount,
  $basketFailed,
  $basketKeys,
  $featureChoice,
  $localBasket,
  $pendingBasket,
  $refusedLines,
} from './basket.ts';
import { sendPending } from './sync.ts';
import {
  $basketLines,
  addToBasket,
  changeQuantity,
  clearBasket,
  loadBasket,
  loadLocalProducts,
  removeFromBasket,
  removeSelected,
  retryLine,
  syncLocalBasket,
} from './edit.ts';
import { useShop } from '../../../../tests/unit/support/shop.ts';

const shop = useShop();

const ADD = /^\/orders\/add-basket\/$/;
const BASKET = /^\/orders\/basket\/$/;
const QUANTITY = /^\/orders\/basket\/quantity\/$/;
const DELETE = /^\/orders\/basket\/delete\/$/;

const plain = () => shop.product((p) => p.features.length === 0 && p.stock > 0);
const withVariants = () => shop.product((p) => p.features.length > 1);
/** Adds a product as its page does: one sold in variants with its first variant chosen. */
const addChosen = (product: { id: number; features: readonly { id: number }[] }) =>
  addToBasket({ id: product.id, features: product.features }, product.features[0]?.id ?? null);
/** Two products in the signed-in shopper's server basket, loaded here. */
const signedInWithTwoLinesFor = async () => {
  const products = [await plain(), await withVariants()] as const;
  await loadBasket();
  for (const product of products) await addChosen(product);
  return products;
};
const serverBasket = async (token: string) =>
  (await shop.api.call('/orders/basket/', { token })).body as { product: { id: number }; quantity: number }[];

describe('visitor basket (local storage)', () => {
  it('adding toggles: a second add of the same line removes it', async () => {
    const { id } = await plain();
    expect(await addToBasket({ id })).toBe(true);
    expect($localBasket.get()).toEqual([{ id: 1, product: id, feature: null, quantity: 1 }]);
    expect(await addToBasket({ id })).toBe(false);
    expect($localBasket.get()).toEqual([]);
    expect(shop.toasts()).toEqual(['success isl.toast.added', 'success isl.toast.removed']);
    expect(shop.requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('refuses an invalid product id or a feature the product does not have', async () => {
    const product = await withVariants();
    expect(await addToBasket({ id: Number.NaN })).toBe(false);
    expect(await addToBasket({ id: product.id, features: product.features }, 999_999)).toBe(false);
    expect($localBasket.get()).toEqual([]);
    expect(shop.toasts()).toEqual(['error isl.toast.invalidProduct', 'error isl.toast.invalidProduct']);
  });

  it('a product or variant out of stock cannot be added, but a line already there can be removed', async () => {
    const soldOut = await shop.product((p) => p.stock === 0);
    expect(await addToBasket({ id: soldOut.id })).toBe(false);
    expect($localBasket.get()).toEqual([]);
    expect(shop.toasts()).toEqual(['error isl.toast.outOfStock']);
    $localBasket.set([{ id: 1, product: soldOut.id, feature: null, quantity: 1 }]);
    expect(await addToBasket({ id: soldOut.id })).toBe(false);
    expect($localBasket.get()).toEqual([]);
  });

  it('a card add of a product sold by variants adds none: its page opens for the choice', async () => {
    const product = await withVariants();
    const choices: unknown[] = [];
    const stop = $featureChoice.listen((choice) => choices.push(choice));
    expect(await addToBasket({ id: product.id })).toBe(false);
    expect(await addToBasket({ id: product.id })).toBe(false);
    stop();
    expect($localBasket.get()).toEqual([]);
    expect(choices).toEqual([{ product: product.id }, { product: product.id }]);
    expect(shop.toasts()).toEqual([]);
    // Once chosen on its page, the card's add takes that line out again (a toggle).
    await addChosen(product);
    expect(await addToBasket({ id: product.id })).toBe(false);
    expect($localBasket.get()).toEqual([]);
  });

  it('quantity: increase, decrease, and decrease at 1 removes', async () => {
    const { id } = await plain();
    await addToBasket({ id });
    const line = { key: lineKey(id, null) };
    await changeQuantity(line, 'increase');
    expect($localBasket.get()[0]!.quantity).toBe(2);
    await changeQuantity(line, 'decrease');
    await changeQuantity(line, 'decrease');
    expect($localBasket.get()).toEqual([]);
    shop.toasts();
    await changeQuantity(line, 'increase');
    expect(shop.toasts()).toEqual(['error isl.toast.notInBasket']);
  });

  it('removes one, the selected ones, or all', async () => {
    const a = await plain();
    const b = await withVariants();
    await addToBasket({ id: a.id });
    await addChosen(b);
    await removeFromBasket({ key: lineKey(a.id, null) });
    expect($localBasket.get().map((e) => e.product)).toEqual([b.id]);
    await addToBasket({ id: a.id });
    await removeSelected([{ key: lineKey(b.id, $localBasket.get()[0]!.feature) }]);
    expect($localBasket.get().map((e) => e.product)).toEqual([a.id]);
    await clearBasket();
    expect($localBasket.get()).toEqual([]);
    expect(shop.toasts().filter((t) => t !== 'success isl.toast.added')).toEqual([
      'success isl.toast.removed',
      'success isl.toast.removedSelected',
      'success isl.toast.cleared',
    ]);
  });

  it('is rebuilt by fetching each product; a product or variant that is gone is reported and not shown', async () => {
    const { id } = await plain();
    const product = await withVariants();
    $localBasket.set([
      { id: 1, product: id, feature: null, quantity: 2 },
      { id: 2, product: 99_999, feature: null, quantity: 1 },
      { id: 3, product: product.id, feature: 99_998, quantity: 1 },
    ]);
    await loadLocalProducts();
    expect($basketLines.get().map((l) => [l.product.id, l.quantity])).toEqual([[id, 2]]);
    expect($localBasket.get()).toHaveLength(3);
    expect(shop.toasts().sort()).toEqual(['error isl.toast.featureNotFound', 'error isl.toast.productNotFound']);
  });

  it('a product that cannot be fetched (server error) is reported as a load failure', async () => {
    const { id } = await plain();
    shop.fail({ method: 'GET', path: /^\/products\/product\/\d+\/$/, answer: 500 });
    $localBasket.set([{ id: 1, product: id, feature: null, quantity: 1 }]);
    await loadLocalProducts();
    expect($basketLines.get()).toEqual([]);
    expect(shop.toasts()).toEqual(['error isl.toast.productsLoadFailed']);
  });
});

describe('signed-in basket (server, with the changes it has not taken)', () => {
  it('adds on the server, then refetches; a second add removes it there', async () => {
    const { access } = await shop.signIn();
    const { id } = await plain();
    await loadBasket();
    expect(await addToBasket({ id })).toBe(true);
    expect((await serverBasket(access)).map((i) => i.product.id)).toEqual([id]);
    expect($basketLines.get().map((l) => [l.source, l.status, l.product.id])).toEqual([['server', 'saved', id]]);
    expect(shop.toasts()).toEqual(['success isl.toast.added']);
    expect(await addToBasket({ id })).toBe(false);
    expect(await serverBasket(access)).toEqual([]);
    expect($pendingBasket.get()).toEqual([]);
  });

  it('a refused add is kept with its reason, not counted, and can be retried or removed', async () => {
    const { access } = await shop.signIn();
    const { id } = await plain();
    await loadBasket();
    shop.fail({
      method: 'POST',
      path: ADD,
      answer: 400,
      body: { detail: 'Invalid input.', errors: { quantity: ['Out of stock.'] } },
    });
    expect(await addToBasket({ id })).toBe(false);
    expect($pendingBasket.get()).toMatchObject([{ product: id, kind: 'add', state: 'refused' }]);
    expect($pendingBasket.get()[0]!.reason).toContain('Out of stock.');
    expect($basketCount.get()).toBe(0);
    expect(shop.toasts()).toEqual(['error isl.toast.addFailed']);
    // Its button does not claim the line, says why, and a second press sends the add again (still refused here).
    expect($basketKeys.get().has(lineKey(id, null))).toBe(false);
    expect($refusedLines.get().get(lineKey(id, null))).toContain('Out of stock.');
    const adds = () => shop.requests.filter((r) => r.startsWith('POST /orders/add-basket/')).length;
    const sent = adds();
    expect(await addToBasket({ id })).toBe(false);
    expect(adds()).toBe(sent + 1);
    expect($pendingBasket.get()).toMatchObject([{ product: id, kind: 'add', state: 'refused' }]);
    shop.toasts();
    shop.heal();
    await retryLine($basketLines.get()[0]!);
    expect((await serverBasket(access)).map((i) => i.product.id)).toEqual([id]);
    expect($pendingBasket.get()).toEqual([]);
    expect($basketCount.get()).toBe(1);
  });

  it('a failed add waits, counted, and is sent once at the next load; an answer lost on the way is not sent twice', async () => {
    const { access } = await shop.signIn();
    const [a, b] = [await plain(), await withVariants()];
    await loadBasket();
    shop.fail({ method: 'POST', path: ADD, answer: 500 });
    await addToBasket({ id: a.id });
    expect(shop.toasts()).toEqual(['error isl.toast.addFailed']);
    expect($basketCount.get()).toBe(1);
    expect($basketLines.get().map((l) => l.status)).toEqual(['waiting']);
    shop.heal();
    shop.fail({ method: 'POST', path: ADD, answer: 'lost' });
    await addChosen(b);
    expect($pendingBasket.get().map((c) => c.product)).toEqual([a.id, b.id]);
    shop.heal();
    shop.requests.length = 0;
    await loadBasket();
    await vi.waitFor(() => expect($pendingBasket.get()).toEqual([]));
    // b reached the server before its answer was lost: only a is sent.
    expect(shop.requests.filter((r) => r.startsWith('POST'))).toEqual(['POST /orders/add-basket/']);
    expect((await serverBasket(access)).map((i) => [i.product.id, i.quantity]).sort()).toEqual(
      [
        [a.id, 1],
        [b.id, 1],
      ].sort(),
    );
  });

  it('a failed quantity change stays on screen, waiting, and is sent later', async () => {
    const { access } = await shop.signIn();
    const { id } = await plain();
    await loadBasket();
    await addToBasket({ id });
    shop.fail({ method: 'POST', path: QUANTITY, answer: 'abort' });
    await changeQuantity($basketLines.get()[0]!, 'increase');
    expect($basketLines.get().map((l) => [l.quantity, l.status])).toEqual([[2, 'waiting']]);
    expect(shop.toasts().at(-1)).toBe('error isl.toast.quantityFailed');
    shop.heal();
    await sendPending();
    expect((await serverBasket(access)).map((i) => i.quantity)).toEqual([2]);
  });

  it('a refused increase (no more stock) leaves the server quantity', async () => {
    await shop.signIn();
    const { id } = await plain();
    await loadBasket();
    await addToBasket({ id });
    shop.fail({ method: 'POST', path: QUANTITY, answer: 400 });
    await changeQuantity($basketLines.get()[0]!, 'increase');
    expect($basketLines.get().map((l) => [l.quantity, l.status])).toEqual([[1, 'saved']]);
    expect(shop.toasts().at(-1)).toBe('error isl.basket.at_limit');
  });

  it('a failed delete removes the lines here at once and sends the removal later (one delete for many)', async () => {
    const { access } = await shop.signIn();
    await signedInWithTwoLinesFor();
    const [first, second] = $basketLines.get();
    shop.fail({ method: 'DELETE', path: DELETE, answer: 500 });
    await removeFromBasket(first!);
    expect($basketLines.get().map((l) => l.key)).toEqual([second!.key]);
    expect(shop.toasts().at(-1)).toBe('error isl.toast.removeFailed');
    await removeSelected([second!]);
    expect($basketLines.get()).toEqual([]);
    expect(shop.toasts().at(-1)).toBe('error isl.toast.removeManyFailed');
    shop.heal();
    shop.requests.length = 0;
    await sendPending();
    expect(shop.requests.filter((r) => r.startsWith('DELETE'))).toEqual(['DELETE /orders/basket/delete/']);
    expect(await serverBasket(access)).toEqual([]);
  });

  it('a delete the server does not know (404) says the line is not in the basket', async () => {
    await shop.signIn();
    const { id } = await plain();
    await loadBasket();
    await addToBasket({ id });
    shop.fail({ method: 'DELETE', path: DELETE, answer: 404 });
    await removeFromBasket($basketLines.get()[0]!);
    expect(shop.toasts().at(-1)).toBe('error isl.toast.notInBasket');
  });

  it('a basket that cannot load keeps the lines known here, and an add then neither removes nor duplicates a line', async () => {
    const { access } = await shop.signIn();
    const { id } = await plain();
    await loadBasket();
    await addToBasket({ id });
    shop.toasts();
    shop.fail({ method: 'GET', path: BASKET, answer: 500 });
    await loadBasket();
    expect($basketFailed.get()).toBe(true);
    expect($basketCount.get()).toBe(1);
    expect(shop.toasts()).toEqual(['error isl.toast.basketLoadFailed']);
    // Known to be in the basket, but the basket as it is now is unknown: the add keeps the line, as often as asked,
    // and says the basket could not be read.
    expect(await addToBasket({ id })).toBe(true);
    expect(await addToBasket({ id })).toBe(true);
    expect($basketCount.get()).toBe(1);
    expect($pendingBasket.get()).toEqual([]);
    expect(shop.toasts()).toEqual(['error isl.toast.basketLoadFailed', 'error isl.toast.basketLoadFailed']);
    shop.heal();
    await loadBasket();
    await vi.waitFor(() => expect($pendingBasket.get()).toEqual([]));
    expect((await serverBasket(access)).map((i) => [i.product.id, i.quantity])).toEqual([[id, 1]]);
  });

  it('coming back online reads the basket again, after a read that was already on its way', async () => {
    await shop.signIn();
    shop.requests.length = 0;
    let answer = () => {};
    shop.fail({ method: 'GET', path: BASKET, answer: new Promise<void>((resolve) => (answer = resolve)) });
    const first = loadBasket();
    const again = loadBasket({ again: true });
    answer();
    await Promise.all([first, again]);
    expect(shop.requests.filter((r) => r === 'GET /orders/basket/')).toHaveLength(2);
  });

  it('sync at sign-in hands the local entries to the server, keeps the larger quantity, and keeps failures waiting', async () => {
    const { access } = await shop.signIn();
    const a = await plain();
    const b = await withVariants();
    await shop.api.call('/orders/add-basket/', { method: 'POST', token: access, body: { product: a.id, quantity: 3 } });
    $localBasket.set([
      { id: 1, product: a.id, feature: null, quantity: 1 },
      { id: 2, product: b.id, feature: b.features[0]!.id, quantity: 2 },
      { id: 3, product: 99_999, feature: null, quantity: 1 },
    ]);
    const messages = await syncLocalBasket();
    const server = await serverBasket(access);
    expect(server.map((i) => [i.product.id, i.quantity]).sort()).toEqual(
      [
        [a.id, 3],
        [b.id, 2],
      ].sort(),
    );
    expect($localBasket.get()).toEqual([]);
    expect($pendingBasket.get()).toMatchObject([{ product: 99_999, state: 'refused' }]);
    expect(messages.map((m) => `${m.kind} ${m.key}`)).toEqual([
      'error isl.toast.syncItemFailed',
      'error isl.toast.syncFailed',
    ]);
  });

  it('sync with nothing local says nothing', async () => {
    await shop.signIn();
    expect(await syncLocalBasket()).toEqual([]);
  });
});
