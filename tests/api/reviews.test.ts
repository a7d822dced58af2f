/** Reviews against the real reference API: what waits for a review, writing one with a photo, editing it. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { expectFieldError, startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ products: 40 });
});
afterAll(() => api.stop());

describe('reviews', () => {
  it('lists delivered products to review, creates with an image and edits, updating the rating', async () => {
    const { access } = await api.signIn('+998901234567');
    const pending = calls.requiredComments.answer.parse(
      (await api.call('/required-comments/', { token: access })).body,
    );
    expect(pending.length).toBeGreaterThan(0);
    const target = pending[0]?.product;
    if (!target) throw new Error('no pending review');
    const before = calls.product.answer.parse((await api.call(`/products/product/${target.id}/`)).body);

    const form = new FormData();
    form.set('product', String(target.id));
    form.set('rating', '6');
    form.set('advantage', 'Zoʻr');
    form.set('shortcoming', 'Yoʻq');
    form.set('comment', 'Tavsiya qilaman');
    expectFieldError(await api.call('/comments/', { method: 'POST', token: access, form }), 'rating');
    form.set('rating', '2');
    form.append(
      'images',
      new Blob([new TextEncoder().encode('<svg onload=alert(1)/>')], { type: 'image/svg+xml' }),
      'x.svg',
    );
    expectFieldError(await api.call('/comments/', { method: 'POST', token: access, form }), 'images');
    form.delete('images');
    const png = Uint8Array.from(
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    form.append('images', new Blob([png], { type: 'image/png' }), 'photo.png');
    const created = await api.call('/comments/', { method: 'POST', token: access, form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const review = calls.createComment.answer.parse(created.body);
    expect(review).toMatchObject({ product: target.id, rating: 2, advantage: 'Zoʻr' });
    expect(review.images).toHaveLength(1);
    const image = await fetch(review.images[0] ?? '');
    expect(image.headers.get('content-type')).toBe('image/png');
    // Stored re-encoded: the same picture, not the same bytes (tests/api/uploads.test.ts).
    expect(await sharp(new Uint8Array(await image.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 1,
      height: 1,
    });

    const after = calls.product.answer.parse((await api.call(`/products/product/${target.id}/`)).body);
    expect(after.reviews_count).toBe(before.reviews_count + 1);
    expectFieldError(await api.call('/comments/', { method: 'POST', token: access, form }), 'product');
    const pendingAfter = calls.requiredComments.answer.parse(
      (await api.call('/required-comments/', { token: access })).body,
    );
    expect(pendingAfter.map((p) => p.product.id)).not.toContain(target.id);

    const edit = await api.call(`/comments/${review.id}/`, {
      method: 'PUT',
      token: access,
      body: { rating: 5, comment: 'Aslida juda yaxshi' },
    });
    expect(calls.updateComment.answer.parse(edit.body)).toMatchObject({
      rating: 5,
      comment: 'Aslida juda yaxshi',
      advantage: 'Zoʻr',
    });
    const rated = calls.product.answer.parse((await api.call(`/products/product/${target.id}/`)).body);
    expect(rated.rating).toBeGreaterThan(after.rating ?? 0);
    expectFieldError(
      await api.call(`/comments/${review.id}/`, { method: 'PUT', token: access, body: { rating: 0 } }),
      'rating',
    );
    const editForm = new FormData();
    editForm.set('rating', '4');
    expect(
      calls.updateComment.answer.parse(
        (await api.call(`/comments/${review.id}/`, { method: 'PUT', token: access, form: editForm })).body,
      ).rating,
    ).toBe(4);

    const mine = calls.comments.answer.parse((await api.call('/comments/', { token: access })).body);
    expect(mine.map((r) => r.id)).toEqual([review.id]);
    const stranger = await api.signIn('+998970000009');
    expect(
      (await api.call(`/comments/${review.id}/`, { method: 'PUT', token: stranger.access, body: { rating: 1 } }))
        .status,
    ).toBe(404);
    expectFieldError(
      await api.call('/comments/', {
        method: 'POST',
        token: stranger.access,
        body: { product: target.id, rating: 5, advantage: '', shortcoming: '', comment: '' },
      }),
      'product',
    );
  });
});
