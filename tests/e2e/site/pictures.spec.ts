/**
 * The seeded pictures on the built site: a category's cards show their products' renders (WebP from the API's
 * media, decoded), not the placeholder; the home banners (their headline in the page's language) and the category's
 * pictures load the same way.
 */
import type { Locator } from '@playwright/test';
import { seedData } from '../support/api.ts';
import { hasNoImages } from '../support/site.ts';
import { expect, test } from '../support/test.ts';

/** The images' sources once each has loaded, with their decoded widths. */
const loaded = (images: Locator) =>
  images.evaluateAll((nodes) =>
    Promise.all(
      (nodes as HTMLImageElement[]).map(async (image) => {
        image.loading = 'eager';
        await image.decode().catch(() => undefined);
        return { src: image.currentSrc || image.src, width: image.naturalWidth };
      }),
    ),
  );

test('cards and banners show the seeded renders, decoded, and no placeholder but for the product without images @both', async ({
  page,
}) => {
  const { products, categories } = await seedData();
  const first = categories[0];
  if (!first) throw new Error('the seed has categories');
  const imageless = products.filter((p) => p.category?.id === first.id && hasNoImages(p)).length;
  await page.goto(`/uz/category/${first.id}`);
  const cards = await loaded(page.locator('main .grid img'));
  expect(cards.length).toBeGreaterThan(4);
  const placeholders = cards.filter((image) => image.src.endsWith('/placeholder.svg'));
  expect(placeholders).toHaveLength(Math.min(imageless, cards.length));
  for (const image of cards.filter((card) => !placeholders.includes(card))) {
    expect(image.src).toMatch(/\/media\/products\/phone\/[a-z]+-\d\.webp(\?w=\d+)?$/);
    expect(image.width, image.src).toBeGreaterThan(0);
  }
  // Each language's banners carry their headline in that language alone.
  for (const lang of ['uz', 'ru'] as const) {
    await page.goto(`/${lang}`);
    const banners = await loaded(page.locator('.banners img'));
    expect(banners.length).toBeGreaterThan(0);
    for (const banner of banners) {
      expect(banner.src).toMatch(
        new RegExp(`/media/banners/home-(phone|laptop)-[bt]-\\d\\.${lang}\\.webp(\\?w=\\d+)?$`),
      );
      expect(banner.width, banner.src).toBeGreaterThan(0);
    }
  }
});
