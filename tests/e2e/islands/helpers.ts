/** Shared helpers of the islands specs: signed-in pages, storage reads, toasts and faults (API calls: support/api.ts). */
import type { Locator, Page, Route } from '@playwright/test';
import { expect, expectConsole, failedLoad } from '../support/test.ts';
import type { Tokens } from '../support/api.ts';

/** Put tokens in the page's storage (then the next navigation is signed in). */
export async function useTokens(page: Page, tokens: Tokens): Promise<void> {
  // Any document of the site's origin holds its storage: a text file loads no scripts and calls nothing.
  await page.goto('/robots.txt');
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('access', access);
    localStorage.setItem('refresh', refresh);
  }, tokens);
}

/** The basket's changes waiting to be sent, as this browser keeps them. */
export const pendingChanges = (page: Page) =>
  storedJson<{ product: number; kind: string; state: string; reason?: string }[]>(page, 'basketPending');

export async function storedJson<T>(page: Page, key: string): Promise<T | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key);
  return raw === null ? null : (JSON.parse(raw) as T);
}

/** Visitor basket entries stored as the basket store keeps them (ids 1, 2, ...). */
export async function setLocalBasket(
  page: Page,
  entries: { product: number; feature: number | null; quantity: number }[],
): Promise<void> {
  await page.evaluate(
    (list) => localStorage.setItem('basket', JSON.stringify(list.map((entry, i) => ({ id: i + 1, ...entry })))),
    entries,
  );
}

export async function localBasket(page: Page) {
  return (
    (await storedJson<Array<{ product: number; feature: number | null; quantity: number }>>(page, 'basket')) ?? []
  ).map((e) => [e.product, e.feature, e.quantity]);
}

export async function likedIds(page: Page) {
  return ((await storedJson<number[]>(page, 'liked')) ?? []).slice().sort((a, b) => a - b);
}

/** An add-to-basket button for `product` (or a raw id) put on a page without cards, as a card's would be. */
export async function addButton(page: Page, product: number | string) {
  await page.evaluate((id) => {
    const button = document.createElement('button');
    button.dataset['addToBasket'] = String(id);
    button.textContent = `add ${id}`;
    button.id = `test-add-${id}`;
    document.querySelector('main')!.prepend(button);
  }, product);
  return page.locator(`#test-add-${product}`);
}

/** Toasts: sonner's on pages that run React, the React-free toaster's (`data-toast`) on the others. */
export const TOASTS = '[data-sonner-toast], [data-toast]';

export function toast(page: Page, text: string | RegExp) {
  return page.locator(TOASTS, { hasText: text }).first();
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(toast(page, text)).toBeVisible({ timeout: 15_000 });
}

export type Fault = '500' | 'abort' | 'timeout' | '404' | '401' | '400';

/**
 * Make matching calls fail: an HTTP error with an error body, an aborted
 * request, or (timeout) no answer at all — the page's clock is then moved
 * past the client's 10 s timeout and retries by the test.
 */
export async function fail(page: Page, url: RegExp, fault: Fault, method?: string): Promise<void> {
  // Chromium logs the failed load; the error watcher takes it as this test's doing.
  if (fault !== 'timeout') expectConsole(page, failedLoad(fault === 'abort' ? 'aborted' : Number(fault), url));
  await page.route(url, async (route: Route) => {
    if (method && route.request().method() !== method) return route.fallback();
    if (route.request().method() === 'OPTIONS') return route.fallback();
    if (fault === 'abort') return route.abort('failed');
    if (fault === 'timeout') return; // never answered
    const status = Number(fault);
    const body =
      status === 400
        ? { detail: 'Bad request.', errors: { product: ['Test field error.'] } }
        : { detail: `Test ${status}.` };
    return route.fulfill({
      status,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify(body),
    });
  });
}

/**
 * Run the page's fake clock on until `done` shows (or hides): past the
 * client's 10 s timeout and, for reads, its retries (4 × 10 s + 3 × 1 s). A
 * call may start a moment after the click (its code loads first), so time
 * moves a second at a time: a toast lasts 3 s of the clock, so a step never
 * skips one.
 */
export async function passTimeouts(page: Page, done: Locator, state: 'visible' | 'hidden' = 'visible'): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1_000);
        return (await done.isVisible()) === (state === 'visible');
      },
      { message: `${state} once the calls have timed out`, intervals: [50], timeout: 30_000 },
    )
    .toBe(true);
}

/** Badge text of the visible basket link (header on desktop, bottom bar on mobile). */
export async function badge(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const badges = [...document.querySelectorAll<HTMLElement>('[data-basket-count]')];
    const shown = badges.find((b) => b.offsetParent !== null || !b.hidden) ?? badges[0];
    return shown && !shown.hidden ? (shown.textContent ?? '') : null;
  });
}

/** Map tiles are stubbed at the tile origin: tests never call OpenStreetMap. */
export const TILES = 'https://tile.openstreetmap.org/**';
/** A 1×1 PNG for every tile. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export const stubTiles = (page: Page) =>
  page.route(TILES, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));

/** Web Mercator pixel of a point at a zoom level (Leaflet's default CRS). */
function pixel(lat: number, lng: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** Click the map where `point` is shown, from the view the map reports. */
export async function clickMap(page: Page, point: { lat: number; lng: number }) {
  const map = page.getByTestId('address-map');
  const [zoom, centre, box] = await Promise.all([
    map.getAttribute('data-zoom'),
    map.getAttribute('data-centre'),
    map.boundingBox(),
  ]);
  const [lat, lng] = centre!.split(',').map(Number) as [number, number];
  const from = pixel(lat, lng, Number(zoom));
  const to = pixel(point.lat, point.lng, Number(zoom));
  await map.click({ position: { x: box!.width / 2 + to.x - from.x, y: box!.height / 2 + to.y - from.y } });
}
