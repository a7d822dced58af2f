/**
 * The reviews store against the real reference API: the pending and rated
 * lists with their retry, writing a review with images as multipart (only
 * images the API accepts are added), editing it (images replaced only when new
 * ones are chosen), and failed sends that keep everything typed and chosen.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { MAX_IMAGE_BYTES } from '#contract/reviews.ts';
import { readProductSummary, type ProductSummary } from '../../../backend/shop.ts';
import { reviewedAt } from '../../../shared/reviewed.ts';
import {
  $draft,
  $pending,
  $rated,
  $reviewOpen,
  $send,
  addReviewImages,
  closeReview,
  loadPending,
  loadReviews,
  openReview,
  removeReviewImage,
  sendReview,
  setReviewField,
} from './reviews.ts';
import { QARSHI_ADDRESS } from '../../../../tests/fixtures/address.ts';
import { useShop } from '../../../../tests/unit/support/shop.ts';
import { useMemoryStorage } from '../../../../tests/unit/support/storage.ts';

const shop = useShop();

// The store's mark of a reviewed product.
useMemoryStorage('localStorage');

const COMMENTS = /^\/comments\/$/;
const REQUIRED = /^\/required-comments\/$/;
const posts = () => shop.requests.filter((r) => r === 'POST /comments/');

const image = async (format: 'png' | 'jpeg', name: string) => {
  const bytes = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#2a6' } })
    .toFormat(format)
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: `image/${format}` });
};

/** A signed-in shopper whose order of one product was delivered: the product awaits a review. */
async function delivered(): Promise<ProductSummary> {
  const { access } = await shop.signIn();
  const { id } = await shop.product((p) => p.features.length === 0 && p.stock > 1);
  const call = (path: string, body: unknown) => shop.api.call(path, { method: 'POST', token: access, body });
  const line = calls.addToBasket.answer.parse((await call('/orders/add-basket/', { product: id, quantity: 1 })).body);
  const order = calls.placeOrder.answer.parse(
    (
      await call('/orders/', {
        items: [line.id],
        address: QARSHI_ADDRESS,
        payment_method: 'cash',
        customer_name: 'Ali Valiyev',
        customer_phone: '+998901112233',
      })
    ).body,
  );
  expect((await call(`/__test__/orders/${order.id}/status`, { status: 'delivered' })).status).toBe(200);
  return readProductSummary(line.product);
}

/** Loads the lists and opens a new review of the product with a rating and texts. */
async function writing(product: ProductSummary) {
  await loadReviews();
  openReview({ product, review: null });
  setReviewField('rating', 4);
  setReviewField('advantage', ' Tez yetkazildi ');
  setReviewField('comment', 'Rasmlari bilan');
}

describe('lists', () => {
  it('lists the delivered product under pending and nothing rated', async () => {
    const product = await delivered();
    await loadReviews();
    expect($pending.get()).toMatchObject({ status: 'ready', items: [{ product: { id: product.id } }] });
    expect($rated.get()).toEqual({ status: 'ready', items: [] });
  });

  it.each([500, 'abort'] as const)('a list that fails (%s) says so, and loading again retries it', async (answer) => {
    const product = await delivered();
    shop.fail({ method: 'GET', path: REQUIRED, answer });
    await loadReviews();
    expect($pending.get().status).toBe('failed');
    expect($rated.get().status).toBe('ready');
    shop.heal();
    await loadPending();
    expect($pending.get()).toMatchObject({ status: 'ready', items: [{ product: { id: product.id } }] });
  });
});

describe('writing a review', () => {
  it('adds only images the API accepts, sends them as multipart, and moves the product to rated', async () => {
    const product = await delivered();
    await writing(product);
    const png = await image('png', 'photo.png');
    const jpeg = await image('jpeg', 'photo.jpg');
    const notes = new File(['not a picture'], 'notes.png', { type: 'image/png' });
    const huge = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const refused = await addReviewImages([png, notes, huge, jpeg]);
    expect(refused.map((r) => `${r.file.name} ${r.problem}`)).toEqual(['notes.png not_image', 'huge.jpg too_large']);
    expect($draft.get()?.images).toEqual([png, jpeg]);
    expect(posts()).toEqual([]);

    expect(await sendReview()).toBe(true);
    expect(posts()).toHaveLength(1);
    const [review] = $rated.get().items;
    expect(review).toMatchObject({
      product: product.id,
      product_summary: { id: product.id },
      rating: 4,
      advantage: 'Tez yetkazildi',
      comment: 'Rasmlari bilan',
    });
    expect(review?.images).toHaveLength(2);
    expect($pending.get().items.map((p) => p.product.id)).not.toContain(product.id);
    expect($draft.get()).toBeNull();
    expect($reviewOpen.get()).toBe(false);
    expect(reviewedAt(product.id)).toBeGreaterThan(0);
    // The API agrees.
    await loadReviews();
    expect($rated.get().items.map((r) => r.id)).toEqual([review?.id]);
  });

  it.each([500, 'abort'] as const)(
    'a send that fails (%s) keeps the rating, texts and images; sending again saves it once',
    async (answer) => {
      const product = await delivered();
      await writing(product);
      const png = await image('png', 'a.png');
      await addReviewImages([png]);
      const before = $draft.get();
      shop.fail({ method: 'POST', path: COMMENTS, answer });
      expect(await sendReview()).toBe(false);
      expect($draft.get()).toBe(before);
      expect($draft.get()?.images[0]).toBe(png);
      expect($send.get()).toEqual({ status: 'failed', errors: {}, detail: null });
      expect($pending.get().items.map((p) => p.product.id)).toContain(product.id);

      shop.heal();
      expect(await sendReview()).toBe(true);
      expect(posts()).toHaveLength(2);
      expect($rated.get().items[0]?.images).toHaveLength(1);
    },
  );

  it("a 400 gives the server's words by field, and keeps the draft", async () => {
    const product = await delivered();
    await writing(product);
    shop.fail({
      method: 'POST',
      path: COMMENTS,
      answer: 400,
      body: { detail: 'Invalid input.', errors: { images: ['photo.png is not a readable PNG image.'] } },
    });
    expect(await sendReview()).toBe(false);
    expect($send.get()).toEqual({
      status: 'failed',
      errors: { images: ['photo.png is not a readable PNG image.'] },
      detail: 'Invalid input.',
    });
    expect($draft.get()?.fields.rating).toBe(4);
  });

  it('sends nothing without a rating, and one request for a double click', async () => {
    const product = await delivered();
    await loadReviews();
    openReview({ product, review: null });
    expect(await sendReview()).toBe(false);
    expect(posts()).toEqual([]);
    setReviewField('rating', 5);
    const [a, b] = await Promise.all([sendReview(), sendReview()]);
    expect([a, b]).toEqual([true, true]);
    expect(posts()).toHaveLength(1);
  });

  it('keeps a draft across closing and reopening the same product; another product starts afresh', async () => {
    const product = await delivered();
    await writing(product);
    const png = await image('png', 'a.png');
    await addReviewImages([png]);
    closeReview();
    openReview({ product, review: null });
    expect($draft.get()?.fields.advantage).toBe(' Tez yetkazildi ');
    removeReviewImage(png);
    expect($draft.get()?.images).toEqual([]);
    openReview({ product: { ...product, id: product.id + 1 }, review: null });
    expect($draft.get()?.fields.rating).toBeNull();
  });
});

describe('editing a review', () => {
  it('opens filled in; PUT keeps the images unless new ones are chosen, which replace them', async () => {
    const product = await delivered();
    await writing(product);
    await addReviewImages([await image('png', 'a.png'), await image('png', 'b.png')]);
    await sendReview();
    const review = $rated.get().items[0]!;

    openReview({ product, review });
    expect($draft.get()?.fields).toEqual({
      rating: 4,
      advantage: 'Tez yetkazildi',
      shortcoming: '',
      comment: 'Rasmlari bilan',
    });
    setReviewField('rating', 2);
    expect(await sendReview()).toBe(true);
    expect(shop.requests).toContain(`PUT /comments/${review.id}/`);
    const edited = $rated.get().items[0]!;
    expect(edited).toMatchObject({ id: review.id, rating: 2, images: review.images });

    openReview({ product, review: edited });
    await addReviewImages([await image('jpeg', 'c.jpg')]);
    expect(await sendReview()).toBe(true);
    const replaced = $rated.get().items[0]!;
    expect(replaced.images).toHaveLength(1);
    expect(replaced.images[0]).not.toBe(review.images[0]);
    expect($rated.get().items).toHaveLength(1);
  });
});
