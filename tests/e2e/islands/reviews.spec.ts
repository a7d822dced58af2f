/**
 * Reviews against the built site and the real reference API: an order placed
 * through the API is moved to delivered through the
 * test route; its product waits under 'pending evaluation'; the shopper writes
 * a review with two photos, finds it under 'rated', edits it, and sees it on
 * the product page at once (its cached comments are not reused). A product
 * without reviews has a comments page with an empty state. Faults: photos too
 * large or not images are refused before anything is sent, a review POST 500
 * keeps the text and photos (the retry saves it), a list that fails to load
 * offers a retry. axe on the page and with the review dialog open.
 */
import sharp from 'sharp';
import type { Page, Request } from '@playwright/test';
import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { MAX_IMAGE_BYTES } from '#contract/reviews.ts';
import type { Lang } from '#contract/langs.ts';
import {
  api,
  addToServerBasket,
  products,
  seedData,
  serverBasket,
  setOrderStatus,
  signIn,
  type Tokens,
} from '../support/api.ts';
import { expectNoAxeViolations, watchErrors } from '../support/site.ts';
import { QARSHI_ADDRESS } from '../../api/helpers.ts';
import { useTokens } from './helpers.ts';
import { perLanguage, words } from '../support/words.ts';

const TEXT = perLanguage((t) => ({
  write: (title: string) => `${t('isl.reviews.write')}: ${title}`,
  edit: (title: string) => `${t('isl.reviews.edit')}: ${title}`,
  star: (n: number) => t('isl.reviews.star', { n }),
  rating: (rating: number) => t('review.rating', { rating }),
  advantage: t('review.advantage'),
  shortcoming: t('review.shortcoming'),
  comment: t('review.comment'),
  pending: t('isl.reviews.tab_pending'),
  rated: t('isl.reviews.tab_rated'),
  pendingEmpty: t('isl.reviews.pending_empty'),
  saved: t('isl.reviews.saved'),
  chosen: (name: string) => t('isl.reviews.chosen_image', { name }),
  remove: (name: string) => t('isl.reviews.remove_image', { name }),
  noReviews: t('product.no_reviews'),
  firstReview: t('isl.reviews.first_review'),
  commentsTitle: (title: string) => t('comments.title', { title }),
  tooLarge: (name: string) => t('isl.reviews.too_large', { name, mb: MAX_IMAGE_BYTES / 1024 / 1024 }),
  notImage: (name: string) => t('isl.reviews.not_image', { name }),
  ratingRequired: t('isl.reviews.rating_required'),
  failed: t('isl.reviews.failed'),
  loadFailed: t('isl.reviews.load_failed'),
  retry: t('isl.reviews.retry'),
}));
/** What a Russian shopper types: a text file's words, a draft without a rating, an advantage, a comment. */
const [NOT_A_PHOTO, NO_RATING, PRICE, KEPT] = ['не фото', 'Без оценки', 'Цена', 'Сохранится после ошибки'];

/** Small real photos, made here: what a shopper's phone would upload, only smaller. */
const photo = async (name: string, format: 'png' | 'jpeg') => ({
  name,
  mimeType: `image/${format}`,
  buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer(),
});

/**
 * A new shopper whose order of the `index`-th test product was delivered
 * (placed through the API, moved along by the test route): the product
 * awaits their review.
 */
async function deliveredProduct(lang: Lang, index: number): Promise<{ tokens: Tokens; id: number; title: string }> {
  const product = (await products())[index]!;
  const tokens = await signIn();
  await addToServerBasket(tokens, product.id, product.feature);
  const [line] = await serverBasket(tokens);
  const order = await api({ tokens }).call('placeOrder', {
    body: {
      items: [line!.id],
      address: QARSHI_ADDRESS,
      payment_method: 'cash',
      customer_name: 'Dilnoza Karimova',
      customer_phone: '+998901112233',
    },
  });
  // The back office's step, through the test-only route (API_EXPOSE_CODES=1).
  await setOrderStatus(order.id, { status: 'delivered' });
  const shown = await api({ lang, tokens }).call('product', { params: { id: product.id } });
  return { tokens, id: product.id, title: shown.title ?? 'Unknown Product' };
}

/** The shopper's reviews page, signed in, with the pending list loaded. */
async function openReviews(page: Page, lang: Lang, tokens: Tokens) {
  await useTokens(page, tokens);
  await page.goto(`/${lang}/profile/reviews`);
  await expect(page.getByRole('tab', { name: TEXT[lang].pending })).toHaveAttribute('aria-selected', 'true');
}

const dialog = (page: Page) => page.getByRole('dialog');
const commentPosts = (requests: Request[]) =>
  requests.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/comments/');

test('uz: a delivered product is reviewed with two photos, edited, and shows on the product page @both', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const text = TEXT.uz;
  const errors = await watchErrors(page);
  const { tokens, id, title } = await deliveredProduct('uz', 0);
  const comment = `Rasmlari bilan sharh ${Date.now()}`;

  // The product page first: its comments are now cached for 5 minutes in this tab.
  await useTokens(page, tokens);
  await page.goto(`/uz/product/${id}`);
  await page.locator('[data-live-reviews]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-live-reviews="checked"]')).toBeVisible();

  await page.goto('/uz/profile/reviews');
  const pending = page.getByRole('tabpanel', { name: text.pending });
  const write = pending.getByRole('button', { name: text.write(title) });
  await expect(write).toBeVisible();
  await expectNoAxeViolations(page);

  await write.click();
  await expect(dialog(page)).toBeVisible();
  await page.getByRole('radio', { name: text.star(4) }).check();
  await page.getByLabel(text.advantage).fill('Sifati yaxshi');
  await page.getByLabel(text.shortcoming).fill('Qutisi ezilgan');
  await page.getByLabel(text.comment).fill(comment);
  await page.getByTestId('review-files').setInputFiles([await photo('old.png', 'png'), await photo('old.jpg', 'jpeg')]);
  // Changed my mind about one: removed before sending, another chosen.
  await expect(dialog(page).getByRole('img', { name: text.chosen('old.jpg') })).toBeVisible();
  await dialog(page)
    .getByRole('button', { name: text.remove('old.jpg') })
    .click();
  await page.getByTestId('review-files').setInputFiles([await photo('new.jpg', 'jpeg')]);
  const previews = page.getByTestId('review-previews').getByRole('img');
  await expect(previews).toHaveCount(2);
  await expect(previews.first()).toHaveAttribute('src', /^blob:/);
  await expectNoAxeViolations(page);

  const [created] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/comments/')),
    page.getByTestId('review-send').click(),
  ]);
  expect(created.status()).toBe(201);
  expect(created.request().headers()['content-type']).toMatch(/^multipart\/form-data/);

  // It moved to 'rated', where the shopper is taken.
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('review-saved')).toHaveText(text.saved);
  await expect(page.getByRole('tab', { name: text.rated })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: text.rated })).toBeFocused();
  const review = page.getByRole('tabpanel', { name: text.rated }).locator(`[data-rated-product="${id}"]`);
  await expect(review.getByRole('img', { name: text.rating(4) })).toBeVisible();
  await expect(review).toContainText('Sifati yaxshi');
  await expect(review).toContainText(comment);
  await expect(review.locator('.review-images img')).toHaveCount(2);
  await page.getByRole('tab', { name: text.pending }).click();
  await expect(pending).toContainText(text.pendingEmpty);
  await page.getByRole('tab', { name: text.rated }).click();

  // Edited: the same form, filled in; without new photos the old ones stay.
  await review.getByRole('button', { name: text.edit(title) }).click();
  await expect(page.getByLabel(text.comment)).toHaveValue(comment);
  await expect(page.getByRole('radio', { name: text.star(4) })).toBeChecked();
  await page.getByRole('radio', { name: text.star(4) }).press('ArrowRight');
  await expect(page.getByRole('radio', { name: text.star(5) })).toBeChecked();
  await page.getByLabel(text.comment).fill(`${comment}, tahrirlangan`);
  const [edited] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/v1\/comments\/\d+\/$/.test(r.url())),
    page.getByTestId('review-send').click(),
  ]);
  expect(edited.status()).toBe(200);
  await expect(dialog(page)).toBeHidden();
  await expect(review.getByRole('img', { name: text.rating(5) })).toBeVisible();
  await expect(review).toContainText(`${comment}, tahrirlangan`);
  await expect(review.locator('.review-images img')).toHaveCount(2);

  // The product page, in the same tab: the cached comments predate the review and are not used.
  const [comments] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/v1/product-comments/${id}/`)),
    page.goto(`/uz/product/${id}`).then(() => page.locator('[data-live-reviews]').scrollIntoViewIfNeeded()),
  ]);
  expect(comments.status()).toBe(200);
  const live = page.locator('[data-live-reviews="checked"]');
  await expect(live.locator('.review', { hasText: `${comment}, tahrirlangan` })).toBeVisible();
  await expect(live.locator('[data-comments-link]')).toHaveAttribute('href', `/uz/comments/${id}`);
  expect(errors).toEqual([]);
});

test('ru: the comments page of a product without reviews offers to write one', async ({ page }) => {
  // The comments page of a product without reviews is not built: the host answers 200 with the comments
  // shell, which renders it from the API, noindex and with no console error.
  const { products: all } = await seedData();
  const reviewedByTests = new Set((await products()).map((p) => p.id));
  const { id } = all.findLast((p) => p.reviews_count === 0 && !reviewedByTests.has(p.id))!;
  const product = await api({ lang: 'ru' }).call('product', { params: { id } });

  await page.goto(`/ru/product/${product.id}`);
  const section = page.locator('[data-live-reviews]');
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText(TEXT.ru.noReviews);
  await section.getByRole('link', { name: TEXT.ru.firstReview }).click();

  await expect(page).toHaveURL(`/ru/comments/${product.id}`);
  const empty = page.getByTestId('comments-empty');
  const answer = await page.request.get(`/ru/comments/${product.id}`);
  expect(answer.status()).toBe(200);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(empty).toContainText(TEXT.ru.noReviews);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.ru.commentsTitle(String(product.title)));
  await expect(empty.getByRole('link', { name: words('ru')('isl.reviews.write') })).toHaveAttribute(
    'href',
    '/ru/profile/reviews',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expectNoAxeViolations(page);
});

test('uz: the comments page of a product the API does not have answers 200 and says the page is not found', async ({
  page,
}) => {
  // The API's own 404 for the product (the page itself answers 200).
  expectConsole(page, failedLoad(404, /\/api\/v1\/.*999999/));
  const response = await page.goto('/uz/comments/999999');
  expect(response?.status()).toBe(200);
  const missing = page.locator('[data-comments-missing]');
  await expect(missing.getByRole('heading', { level: 1 })).toHaveText('Sahifa topilmadi');
  await expect(page.locator('[data-comments-shell]')).toBeHidden();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('ru: a photo too large or not an image is refused before anything is sent', async ({ page }) => {
  const text = TEXT.ru;
  const { tokens, title } = await deliveredProduct('ru', 1);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await openReviews(page, 'ru', tokens);
  await page.getByRole('button', { name: text.write(title) }).click();

  // A PNG's first bytes, one byte past the limit; and a text file.
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const huge = Buffer.concat([signature, Buffer.alloc(MAX_IMAGE_BYTES + 1 - signature.length)]);
  await page
    .getByTestId('review-files')
    .setInputFiles([
      { name: 'huge.png', mimeType: 'image/png', buffer: huge },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(NOT_A_PHOTO) },
      await photo('ok.png', 'png'),
    ]);
  await expect(dialog(page)).toContainText(text.tooLarge('huge.png'));
  await expect(dialog(page)).toContainText(text.notImage('notes.txt'));
  await expect(page.getByTestId('review-previews').getByRole('img')).toHaveCount(1);
  await expect(page.getByRole('img', { name: text.chosen('ok.png') })).toBeVisible();

  // Without a rating nothing is sent either; the rating is where focus goes.
  await page.getByLabel(text.comment).fill(NO_RATING);
  await page.getByTestId('review-send').click();
  await expect(dialog(page)).toContainText(text.ratingRequired);
  await expect(page.getByRole('radio', { name: text.star(1) })).toBeFocused();

  // Escape closes it, back to the button; opened again, the draft is as it was left.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  const write = page.getByRole('button', { name: text.write(title) });
  await expect(write).toBeFocused();
  await write.click();
  await expect(page.getByLabel(text.comment)).toHaveValue(NO_RATING);
  await expect(page.getByTestId('review-previews').getByRole('img')).toHaveCount(1);
  expect(commentPosts(requests)).toEqual([]);
});

test('ru: a review POST 400 shows beside its field, a 500 keeps the text and photos, and sending again saves it', async ({
  page,
}) => {
  expectConsole(page, failedLoad(400, /\/api\/v1\/comments\/$/), failedLoad(500, /\/api\/v1\/comments\/$/));
  const text = TEXT.ru;
  const { tokens, id, title } = await deliveredProduct('ru', 2);
  await openReviews(page, 'ru', tokens);
  await page.getByRole('button', { name: text.write(title) }).click();
  await page.getByRole('radio', { name: text.star(3) }).check();
  await page.getByLabel(text.advantage).fill(PRICE);
  await page.getByLabel(text.comment).fill(KEPT);
  await page.getByTestId('review-files').setInputFiles([await photo('a.png', 'png'), await photo('b.jpg', 'jpeg')]);
  await expect(page.getByTestId('review-previews').getByRole('img')).toHaveCount(2);

  // The API refuses it once (a 400 naming a field), then fails (500), then the route is lifted.
  const answers = [
    { status: 400, body: { detail: 'Invalid input.', errors: { comment: ['Test field error.'] } } },
    { status: 500, body: { detail: 'Test 500.' } },
  ];
  let failed = 0;
  await page.route('**/api/v1/comments/', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const { status, body } = answers[failed++]!;
    return route.fulfill({
      status,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify(body),
    });
  });
  await page.getByTestId('review-send').click();
  const commentField = page.getByLabel(text.comment);
  await expect(commentField).toHaveAttribute('aria-invalid', 'true');
  await expect(commentField).toHaveAccessibleDescription('Test field error.');
  await expect(commentField).toBeFocused();
  await expect(page.getByTestId('review-failure')).toBeEmpty();

  await page.getByTestId('review-send').click();
  await expect(page.getByTestId('review-failure')).toHaveText(text.failed);
  await expect(page.getByTestId('review-failure')).toBeFocused();
  expect(failed).toBe(2);
  await expect(page.getByRole('radio', { name: text.star(3) })).toBeChecked();
  await expect(page.getByLabel(text.advantage)).toHaveValue(PRICE);
  await expect(page.getByLabel(text.comment)).toHaveValue(KEPT);
  await expect(page.getByTestId('review-previews').getByRole('img')).toHaveCount(2);

  await page.unroute('**/api/v1/comments/');
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/comments/')),
    page.getByTestId('review-send').click(),
  ]);
  expect(created.status()).toBe(201);
  const review = page.locator(`[data-rated-product="${id}"]`);
  await expect(review).toContainText(KEPT);
  await expect(review.locator('.review-images img')).toHaveCount(2);
});

test('ru: a list that fails to load says so, and the retry loads it', async ({ page }) => {
  expectConsole(page, failedLoad(500, /\/api\/v1\/required-comments\/$/));
  const text = TEXT.ru;
  const { tokens, title } = await deliveredProduct('ru', 3);
  await page.route('**/api/v1/required-comments/', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({ detail: 'Test 500.' }),
    }),
  );
  await useTokens(page, tokens);
  await page.goto('/ru/profile/reviews');
  const failure = page.getByRole('tabpanel', { name: text.pending }).getByTestId('reviews-failed');
  await expect(failure).toContainText(text.loadFailed, { timeout: 15_000 });
  await page.unroute('**/api/v1/required-comments/');
  await failure.getByRole('button', { name: text.retry }).click();
  await expect(page.getByRole('button', { name: text.write(title) })).toBeVisible();
});

test('uz: on a phone the list stays in place when the tab counts come (no layout shift)', async ({ page }) => {
  const { tokens, title } = await deliveredProduct('uz', 4);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/required-comments/', async (route) => {
    await held;
    await route.fallback();
  });
  // Lighthouse's phone: at this width the Uzbek tabs wrap once their counts are written.
  await page.setViewportSize({ width: 412, height: 823 });
  await useTokens(page, tokens);
  const asked = page.waitForRequest('**/api/v1/required-comments/');
  await page.goto('/uz/profile/reviews');
  await asked;
  const panel = page.getByTestId('reviews-pending');
  const before = (await panel.boundingBox())!.y;
  release();
  await expect(page.getByRole('button', { name: TEXT.uz.write(title) })).toBeVisible();
  expect((await panel.boundingBox())!.y).toBe(before);
});
