/**
 * Full-size photos (1600 × 1600 JPEGs of about 370 KB) on a media host of another origin, the backend resizing
 * nothing, the site built without MEDIA_ORIGINS: on a phone every page stays within its image budget with no
 * Content-Security-Policy violation, and the product gallery zooms into the full photo.
 */
import { expect, test } from '../e2e/support/test.ts';
import { checkGallery, openMeasured, PHONE, PHOTO_BUDGETS } from '../e2e/support/photos.ts';
import { backendGet } from './backend.ts';

test.use(PHONE);

const count = (images: string[] | string | null) =>
  (Array.isArray(images) ? images : (images ?? '').split(',')).filter((image) => image.trim()).length;

test('home and a category page load their photos within budget, from the media host, unblocked', async ({
  page,
}, info) => {
  const media = info.project.metadata['media'] as string;
  const home = await openMeasured(page, '/uz');
  expect(home.violations).toEqual([]);
  // The photos come as the build's width variants, never the media host's full files.
  const loaded = [...(await home.bytes()).keys()];
  expect(loaded.some((url) => new URL(url).pathname.startsWith('/img/'))).toBe(true);
  expect(loaded.filter((url) => url.startsWith(media))).toEqual([]);
  expect(home.totalKb).toBeLessThanOrEqual(PHOTO_BUDGETS.homeKb);
  const category = await openMeasured(page, '/uz/category/1');
  expect(category.violations).toEqual([]);
  expect(category.totalKb).toBeLessThanOrEqual(PHOTO_BUDGETS.categoryKb);
  info.annotations.push({
    type: 'images on load',
    description: `home ${home.totalKb} KB, category ${category.totalKb} KB`,
  });
});

test('the product gallery: photos at their size, swipe, and the full photo zoomed', async ({ page }, info) => {
  let id = 0;
  for (let candidate = 1; candidate <= 40 && !id; candidate++) {
    const product = await backendGet<{ images: string[] | string | null; features?: unknown[] }>(
      info,
      `/products/product/${candidate}/`,
    );
    if (count(product.images) >= 3 && !product.features?.length) id = candidate;
  }
  expect(id, 'a product with three photos and no variants').toBeGreaterThan(0);
  const figures = await checkGallery(page, `/uz/product/${id}`, PHOTO_BUDGETS.zoomedWidth);
  info.annotations.push({
    type: 'gallery',
    description: `images on load ${figures.totalKb} KB, main ${figures.mainKb} KB, thumbnails ${figures.thumbsKb.join(', ')} KB`,
  });
});
