/**
 * The shopper's reviews (spec §2 Profile, §4 review states): delivered
 * products waiting for a review ('pending evaluation', GET /required-comments/)
 * and the reviews written ('rated', GET /comments/), each loaded with a retry;
 * and the review being written or edited, a draft of rating, texts and chosen
 * images, sent as multipart POST /comments/ or PUT /comments/{id}/ (new images
 * replace the old ones; none chosen keeps them).
 *
 * A send that fails leaves the draft exactly as it was: nothing typed or
 * chosen is lost, and sending again retries it. One send at a time.
 */
import { atom, type WritableAtom } from 'nanostores';
import { IMAGE_SNIFF_BYTES } from '#contract/reviews.ts';
import type { OwnReview, ProductSummary, RequiredComment } from '../../../backend/shop.ts';
import {
  EMPTY_REVIEW,
  chooseImages,
  hasErrors,
  reviewErrors,
  trimmedTexts,
  type ImageProblem,
  type ReviewFields,
} from '../rules/review-form.ts';
import { reviews, statusOf } from '../../../backend/index.ts';
import { markReviewed } from '../../../shared/reviewed.ts';

export interface ListState<T> {
  status: 'loading' | 'ready' | 'failed';
  items: T[];
}

export const $pending = atom<ListState<RequiredComment>>({ status: 'loading', items: [] });
export const $rated = atom<ListState<OwnReview>>({ status: 'loading', items: [] });

async function loadList<T>(store: WritableAtom<ListState<T>>, load: () => Promise<T[]>): Promise<void> {
  store.set({ status: 'loading', items: store.get().items });
  try {
    store.set({ status: 'ready', items: await load() });
  } catch {
    store.set({ status: 'failed', items: store.get().items });
  }
}

export const loadPending = () => loadList($pending, reviews.pending);
export const loadRated = () => loadList($rated, reviews.written);
export const loadReviews = () => Promise.all([loadPending(), loadRated()]).then(() => undefined);

/** A product to review, or one of the shopper's reviews to edit. */
export type ReviewTarget = { product: ProductSummary; review: OwnReview | null };

export interface Draft {
  target: ReviewTarget;
  fields: ReviewFields;
  /** Image files chosen in this form (an edit's current images stay unless these replace them). */
  images: File[];
}

/** The review being written; kept when the dialog closes, until it is sent or another is started. */
export const $draft = atom<Draft | null>(null);
/** Whether the review dialog is open. */
export const $reviewOpen = atom(false);

export interface SendState {
  status: 'idle' | 'sending' | 'failed';
  /** A 400's messages by field (rating, advantage, ..., images, product, non_field_errors). */
  errors: Record<string, string[]>;
  /** A 4xx's own words; null when no answer came or the server failed (5xx). */
  detail: string | null;
}
const IDLE: SendState = { status: 'idle', errors: {}, detail: null };
export const $send = atom<SendState>(IDLE);

const sameTarget = (a: ReviewTarget, b: ReviewTarget) =>
  a.product.id === b.product.id && (a.review?.id ?? null) === (b.review?.id ?? null);

/** Opens the review dialog for a product or a review, with its draft if one was left (else a new one). */
export function openReview(target: ReviewTarget): void {
  const draft = $draft.get();
  if (!draft || !sameTarget(draft.target, target)) {
    const { review } = target;
    $draft.set({
      target,
      fields: review
        ? {
            rating: review.rating ?? null,
            advantage: review.advantage,
            shortcoming: review.shortcoming,
            comment: review.comment,
          }
        : EMPTY_REVIEW,
      images: [],
    });
    $send.set(IDLE);
  }
  $reviewOpen.set(true);
}

export function closeReview(): void {
  $reviewOpen.set(false);
}

function editDraft(change: (draft: Draft) => Partial<Draft>): void {
  const draft = $draft.get();
  if (draft) $draft.set({ ...draft, ...change(draft) });
}

export function setReviewField<K extends keyof ReviewFields>(field: K, value: ReviewFields[K]): void {
  editDraft((draft) => ({ fields: { ...draft.fields, [field]: value } }));
}

/**
 * Adds the picked files that are images the API accepts (size, then their
 * first bytes), while there is room; answers the refused ones and why.
 * Nothing is uploaded here.
 */
export async function addReviewImages(files: readonly File[]): Promise<{ file: File; problem: ImageProblem }[]> {
  const picked = await Promise.all(
    files.map(async (file) => ({ file, head: new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer()) })),
  );
  const draft = $draft.get();
  if (!draft) return [];
  const { added, refused } = chooseImages(draft.images.length, picked);
  editDraft((current) => ({ images: [...current.images, ...added] }));
  return refused;
}

export function removeReviewImage(file: File): void {
  editDraft((draft) => ({ images: draft.images.filter((image) => image !== file) }));
}

let sending: Promise<boolean> | null = null;

/**
 * Sends the draft; answers whether it was saved. Saved: the lists follow at
 * once (the product leaves 'pending', the review is under 'rated'), the
 * product's cached comments are out of date, the draft is cleared and the
 * dialog closes. Not saved: the draft stays as it is and `$send` says why.
 */
export function sendReview(): Promise<boolean> {
  sending ??= (async () => {
    const draft = $draft.get();
    if (!draft || hasErrors(reviewErrors(draft.fields))) return false;
    $send.set({ status: 'sending', errors: {}, detail: null });
    const { product, review } = draft.target;
    const form = { rating: Number(draft.fields.rating), texts: trimmedTexts(draft.fields), images: draft.images };
    let saved: OwnReview;
    try {
      saved = review ? await reviews.edit(review.id, form) : await reviews.write(product.id, form);
    } catch (error) {
      const status = statusOf(error);
      const known = status >= 400 && status < 500;
      $send.set({
        status: 'failed',
        errors: (known && (error as { errors?: Record<string, string[]> }).errors) || {},
        detail: known && error instanceof Error ? error.message : null,
      });
      return false;
    }
    const reviewed = saved.product_summary.id;
    markReviewed(reviewed);
    $pending.set({ ...$pending.get(), items: $pending.get().items.filter((p) => p.product.id !== reviewed) });
    const rated = $rated.get().items;
    $rated.set({
      ...$rated.get(),
      // An edit stays where it was; a new review comes first, as the API lists them.
      items: review ? rated.map((r) => (r.id === saved.id ? saved : r)) : [saved, ...rated],
    });
    $draft.set(null);
    $send.set(IDLE);
    $reviewOpen.set(false);
    return true;
  })().finally(() => {
    sending = null;
  });
  return sending;
}
