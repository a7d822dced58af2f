/** Shared helpers of the islands specs: API setup, sign-in, storage reads, toasts and faults. */
import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { E2E_API } from '../../../playwright.config.ts';

export const API = `${E2E_API}/api/v1`;

/** A fresh Uzbek number per test, so tests never share a server basket. */
export function randomPhone(): string {
  return `+99890${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

export interface Tokens {
  access: string;
  refresh: string;
}

/** Sign a new user in through the API (code read from the test route). */
export async function apiSignIn(request: APIRequestContext, phone = randomPhone()): Promise<Tokens> {
  const auth = await request.post(`${API}/users/auth/`, { data: { phone_number: phone } });
  expect(auth.ok()).toBeTruthy();
  const { user } = (await auth.json()) as { user: number };
  const code = await codeFor(request, phone);
  const verify = await request.post(`${API}/users/verify/`, { data: { user, code } });
  expect(verify.ok()).toBeTruthy();
  return ((await verify.json()) as { data: Tokens }).data;
}

export async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  const answer = await request.get(`${API}/__test__/codes/?phone=${encodeURIComponent(phone)}`);
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { code: string }).code;
}

/** Put tokens in the page's storage (then the next navigation is signed in). */
export async function useTokens(page: Page, tokens: Tokens): Promise<void> {
  await page.goto('/uz/about');
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('access', access);
    localStorage.setItem('refresh', refresh);
  }, tokens);
}

export async function serverBasket(request: APIRequestContext, tokens: Tokens) {
  const answer = await request.get(`${API}/orders/basket/`, { headers: { Authorization: `Bearer ${tokens.access}` } });
  return (await answer.json()) as Array<{
    id: number;
    product: { id: number };
    feature: { id: number } | null;
    quantity: number;
  }>;
}

export async function serverFavourites(request: APIRequestContext, tokens: Tokens) {
  const answer = await request.get(`${API}/favorite/`, { headers: { Authorization: `Bearer ${tokens.access}` } });
  return ((await answer.json()) as Array<{ id: number; product: number }>).map((f) => f.product).sort((a, b) => a - b);
}

export async function addOnServer(
  request: APIRequestContext,
  tokens: Tokens,
  product: number,
  feature: number | null,
  quantity = 1,
) {
  const answer = await request.post(`${API}/orders/add-basket/`, {
    headers: { Authorization: `Bearer ${tokens.access}` },
    data: { product, quantity, ...(feature ? { feature } : {}) },
  });
  expect(answer.ok()).toBeTruthy();
}

interface ShopProduct {
  id: number;
  /** First variant in stock, or null for products sold without variants. */
  feature: number | null;
}
let catalogue: Promise<ShopProduct[]> | undefined;

/** Products in stock, with the variant a card adds. */
export function products(request: APIRequestContext): Promise<ShopProduct[]> {
  catalogue ??= (async () => {
    const found: ShopProduct[] = [];
    for (let id = 1; found.length < 8 && id < 60; id++) {
      const answer = await request.get(`${API}/products/product/${id}/`);
      if (!answer.ok()) continue;
      const p = (await answer.json()) as { id: number; stock: number; features: Array<{ id: number; count: number }> };
      const feature = p.features.find((f) => f.count > 0);
      if (feature || (p.features.length === 0 && p.stock > 0)) found.push({ id: p.id, feature: feature?.id ?? null });
    }
    return found;
  })();
  return catalogue;
}

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

export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]', { hasText: text }).first();
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
 * Move the fake clock past the client's 10 s timeout (and the GET retries,
 * 4 × 10 s + 3 × 1 s) until the expected message shows: a call may start a
 * moment after the click (its code loads first), so time moves in steps.
 */
export async function passTimeouts(page: Page, until: string | RegExp): Promise<void> {
  // Steps of 1 s: a toast lasts 3 s of the (fake) clock, so a step never skips one.
  const end = Date.now() + 40_000;
  while (Date.now() < end) {
    await page.clock.runFor(1_000);
    if (await toast(page, until).isVisible()) return;
    await page.waitForTimeout(100);
  }
}

/** Badge text of the visible basket link (header on desktop, bottom bar on mobile). */
export async function badge(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const badges = [...document.querySelectorAll<HTMLElement>('[data-basket-count]')];
    const shown = badges.find((b) => b.offsetParent !== null || !b.hidden) ?? badges[0];
    return shown && !shown.hidden ? (shown.textContent ?? '') : null;
  });
}

/** Errors thrown in the page (a crash fails the test). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
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
