/**
 * Photos on a phone (360 × 780 at DPR 2) against the reference API, whose media answer `?w=`: every page within
 * its image budget with no Content-Security-Policy violation, and the product gallery at its sizes, swiped and
 * zoomed into the photo's full file (the tests of full-size photos on another origin: tests/e2e-spec/photos.spec.ts).
 */
import { expect, test } from '../support/test.ts';
import { seedData } from '../support/api.ts';
import { checkGallery, openMeasured, PHONE, PHOTO_BUDGETS } from '../support/photos.ts';

test.use(PHONE);

const count = (images: string[] | string | null) =>
  (Array.isArray(images) ? images : (images ?? '').split(',')).filter((image) => image.trim()).length;

test('home, a category and the search page load their photos within budget, unblocked @mobile', async ({
  page,
}, info) => {
  const { categories } = await seedData();
  const figures: string[] = [];
  for (const [path, budget] of [
    ['/uz', PHOTO_BUDGETS.homeKb],
    [`/uz/category/${categories[0]!.id}`, PHOTO_BUDGETS.categoryKb],
  ] as const) {
    const load = await openMeasured(page, path);
    expect(load.violations).toEqual([]);
    expect(load.totalKb, path).toBeLessThanOrEqual(budget);
    // Asked for at a width: the API's ?w=.
    expect([...(await load.bytes()).keys()].some((url) => /[?&]w=\d+/.test(url))).toBe(true);
    figures.push(`${path} ${load.totalKb} KB`);
  }
  info.annotations.push({ type: 'images on load', description: figures.join(', ') });
});

test('the search page asks for its first row’s photos at high priority, at the cards’ width @mobile', async ({
  page,
}) => {
  const { products } = await seedData();
  const word = products.find((product) => count(product.images) > 0)!.title!.split(' ')[0]!;
  const load = await openMeasured(page, `/uz/search?q=${encodeURIComponent(word)}`);
  expect(load.violations).toEqual([]);
  const first = page.locator('.card img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  expect(await first.getAttribute('srcset')).toMatch(/[?&]w=\d+ \d+w/);
  // The photo the phone chose is the one it fetched.
  const chosen = await first.evaluate((image: HTMLImageElement) => image.currentSrc);
  await expect.poll(async () => [...(await load.bytes()).keys()]).toContain(chosen);
});

test('the product gallery: photos at their size, swipe, and the full photo zoomed @mobile', async ({ page }, info) => {
  const { products } = await seedData();
  const product = products.find((p) => count(p.images) >= 3 && p.features.length === 0);
  expect(product, 'a product with three photos and no variants').toBeDefined();
  // The reference API's photos are 640 px wide: the full file is what the view shows.
  const figures = await checkGallery(page, `/uz/product/${product!.id}`, 640);
  info.annotations.push({
    type: 'gallery',
    description: `images on load ${figures.totalKb} KB, main ${figures.mainKb} KB, thumbnails ${figures.thumbsKb.join(', ')} KB`,
  });
});
