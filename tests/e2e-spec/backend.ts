/** The spec backend of the running project (playwright.spec-backend.config.ts): its data as it sends it, and its test routes. */
import type { TestInfo } from '@playwright/test';

const origin = (info: TestInfo): string => info.project.metadata['backend'] as string;

/** A §7 call's raw answer, in Uzbek. */
export async function backendGet<T>(info: TestInfo, path: string): Promise<T> {
  const answer = await fetch(`${origin(info)}/api/v1${path}`, { headers: { 'Accept-Language': 'uz' } });
  if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
  return (await answer.json()) as T;
}

/** The code the backend "sent" to a phone. */
export async function codeFor(info: TestInfo, phone: string): Promise<string> {
  const answer = await fetch(`${origin(info)}/__test/code?phone=${encodeURIComponent(phone)}`);
  return ((await answer.json()) as { code: string }).code;
}

/** The shopper's favourites on the backend, by the page's stored token. */
export async function favouriteProducts(info: TestInfo, access: string): Promise<number[]> {
  const answer = await fetch(`${origin(info)}/api/v1/favorite/`, { headers: { Authorization: `Bearer ${access}` } });
  const list = (await answer.json()) as { product: number | { id: number } }[];
  return list.map(({ product }) => (typeof product === 'object' ? product.id : Number(product)));
}

/** Every token stops working, as an expired one would (the backend has no token refresh). */
export async function expireTokens(info: TestInfo): Promise<void> {
  await fetch(`${origin(info)}/__test/expire-tokens`, { method: 'POST' });
}

export const randomPhone = (): string => `+99890${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** The shopper's basket on the backend as [product, quantity], the product read whether it comes as an object or an id. */
export async function basketLines(info: TestInfo, access: string): Promise<[number, number][]> {
  const answer = await fetch(`${origin(info)}/api/v1/orders/basket/`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  const items = (await answer.json()) as { product: number | { id: number }; quantity: number | string }[];
  return items.map(({ product, quantity }) => [
    typeof product === 'object' ? product.id : Number(product),
    Number(quantity),
  ]);
}
