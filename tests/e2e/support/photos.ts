/**
 * What a page's photos cost a phone (360 × 780 at device pixel ratio 2, the budgets' screen): the bytes of every
 * image it loads until the network is quiet, each image's own, and the Content-Security-Policy violations on the
 * way. Shared by the reference API's suite and the spec backend's (full-size photos on a media host).
 */
import type { Page, Request } from '@playwright/test';
import { expectNoAxeViolations } from './site.ts';
import { expect } from './test.ts';

export const PHONE = { viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** The budgets: images on load per page, a product page's main photo and each thumbnail, the zoomed photo's width. */
export const PHOTO_BUDGETS = { homeKb: 500, categoryKb: 400, mainPhotoKb: 150, thumbnailKb: 25, zoomedWidth: 1000 };

export interface PhotoLoad {
  /** Bytes of the images loaded until the network was first quiet (response body as sent, and headers). */
  totalKb: number;
  violations: string[];
  /** The bytes of each image the page loaded so far (measured on after the first quiet), by URL. */
  bytes: () => Promise<Map<string, number>>;
}

/** Opens `path` and measures its images until the network is quiet. */
export async function openMeasured(page: Page, path: string): Promise<PhotoLoad> {
  const sizes: Promise<[string, number]>[] = [];
  const onFinished = (request: Request) => {
    if (request.resourceType() !== 'image' || request.url().startsWith('data:')) return;
    sizes.push(
      request
        .sizes()
        .then((size) => [request.url(), size.responseBodySize + size.responseHeadersSize] as [string, number]),
    );
  };
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  page.on('requestfinished', onFinished);
  await page.goto(path, { waitUntil: 'networkidle' });
  const bytes = async () => new Map(await Promise.all(sizes));
  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  const total = [...(await bytes()).values()].reduce((sum, size) => sum + size, 0);
  return { bytes, totalKb: Math.round(total / 102.4) / 10, violations };
}

/** The bytes an <img> cost: the response for the URL it shows, waiting for it to be drawn. */
async function imageBytes(page: Page, load: PhotoLoad, selector: string): Promise<number[]> {
  const images = page.locator(selector);
  const shown: string[] = [];
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0))
      .toBe(true);
    shown.push(await image.evaluate((node: HTMLImageElement) => node.currentSrc));
  }
  // Its response's sizes are read once the request has finished.
  for (const url of shown) await expect.poll(async () => (await load.bytes()).has(url), { message: url }).toBe(true);
  const bytes = await load.bytes();
  return shown.map((url) => bytes.get(url)!);
}

/**
 * The product page's gallery on a phone: the main photo and each thumbnail within budget, a swipe bringing the next
 * photo (its thumbnail pressed), and the full-screen view: opened by a tap or the keyboard, showing the photo at
 * `zoomedWidth` or more, zoomed by the button, closed by Escape, the back button and a swipe down.
 */
export async function checkGallery(
  page: Page,
  path: string,
  zoomedWidth: number,
): Promise<{ totalKb: number; mainKb: number; thumbsKb: number[] }> {
  const load = await openMeasured(page, path);
  expect(load.violations).toEqual([]);
  const [main] = await imageBytes(page, load, '[data-gallery-main]');
  const thumbs = await imageBytes(page, load, '[data-thumbs] img');
  expect(thumbs.length).toBeGreaterThan(1);
  expect(main!).toBeLessThanOrEqual(PHOTO_BUDGETS.mainPhotoKb * 1024);
  for (const thumb of thumbs) expect(thumb).toBeLessThanOrEqual(PHOTO_BUDGETS.thumbnailKb * 1024);
  await expect(page.locator('[data-gallery-main]')).toHaveAttribute('fetchpriority', 'high');

  // A swipe (the row scrolled by a photo's width) brings the second photo; its thumbnail is pressed.
  const slides = page.locator('[data-product-panel] .slides');
  await slides.evaluate((row) => row.scrollTo({ left: row.clientWidth }));
  await expect(page.locator('[data-thumb="1"]')).toHaveAttribute('aria-pressed', 'true');

  // A tap opens the second photo full screen, at its full size.
  const dialog = page.locator('[data-zoom-dialog]');
  const zoomed = dialog.locator('[data-zoom-view] img');
  await page.locator('[data-zoom="1"]').tap();
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => zoomed.evaluate((node: HTMLImageElement) => node.naturalWidth))
    .toBeGreaterThanOrEqual(zoomedWidth);
  await expect(zoomed).toHaveAttribute('alt', /2$/);
  // Focus is inside the view, and it passes axe.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-zoom-dialog]'))).toBe(true);
  await expectNoAxeViolations(page);
  // Zoom: the photo grows past the screen.
  await dialog.locator('[data-zoom-in]').click();
  await expect.poll(() => zoomed.evaluate((node) => node.getBoundingClientRect().width)).toBeGreaterThan(360);
  // Escape closes; focus is back on the page.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const url = page.url();

  // The keyboard: Enter on the photo opens it, the arrow goes to the next, the back button closes.
  await page.locator('[data-zoom="1"]').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(zoomed).toHaveAttribute('alt', /3$|1$/);
  await page.goBack();
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(url);

  // A swipe down closes it.
  await page.locator('[data-zoom="0"]').click();
  await expect(dialog).toBeVisible();
  const view = dialog.locator('[data-zoom-view]');
  const finger = { pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: 180, bubbles: true };
  await view.dispatchEvent('pointerdown', { ...finger, clientY: 200 });
  await view.dispatchEvent('pointermove', { ...finger, clientY: 300 });
  await view.dispatchEvent('pointerup', { ...finger, clientY: 350 });
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(url);
  return {
    totalKb: load.totalKb,
    mainKb: Math.round(main! / 102.4) / 10,
    thumbsKb: thumbs.map((bytes) => Math.round(bytes / 102.4) / 10),
  };
}
