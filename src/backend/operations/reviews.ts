/**
 * The shopper's reviews (spec §2 Profile, §4): the delivered products waiting
 * for one, those written, and a review sent as multipart form data with its
 * images (an edit's new images replace the old ones; none keeps them). Used as
 * `reviews.write(product, review)`.
 */
import { call } from '../api.ts';
import type { OwnReview, RequiredComment } from '../shop.ts';

/** A review as the shopper wrote it: the rating, the texts by field (advantage, shortcoming, comment) and images. */
interface ReviewForm {
  rating: number;
  texts: Record<string, string>;
  images: readonly File[];
}

function multipart(review: ReviewForm, product?: number): FormData {
  const form = new FormData();
  form.set('rating', String(review.rating));
  for (const [field, value] of Object.entries(review.texts)) form.set(field, value);
  for (const image of review.images) form.append('images', image, image.name);
  if (product !== undefined) form.set('product', String(product));
  return form;
}

/** Delivered products not reviewed yet ('pending evaluation'). */
export const pending = (): Promise<RequiredComment[]> => call('requiredComments');

/** The reviews written ('rated'), newest first. */
export const written = (): Promise<OwnReview[]> => call('comments');

export const write = (product: number, review: ReviewForm): Promise<OwnReview> =>
  call('createComment', { body: multipart(review, product) });

export const edit = (id: number, review: ReviewForm): Promise<OwnReview> =>
  call('updateComment', { params: { id }, body: multipart(review) });
