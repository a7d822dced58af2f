/**
 * The e2e reference API, called through the storefront's own typed client
 * with every answer checked against the contract (so test data is valid data):
 * sign-in, server basket and favourites, orders, and the seeded catalogue.
 */
import { checkAnswer, type Answer } from '#contract/calls.ts';
import type { ApiError } from '#contract/errors.ts';
import { sendWithProof } from '#contract/proof.ts';
import type { Lang } from '#contract/langs.ts';
import { API_PREFIX, type CallName } from '#contract/routes.ts';
import type { OrderStatus } from '#contract/order-status.ts';
import type { CatalogueProduct, Category, Order, PaymentMethod, Store, Tokens } from '#contract/schemas.ts';
import { QARSHI_ADDRESS } from '../../fixtures/address.ts';
import { createApi, type CallArgs } from '../../../src/backend/client.ts';
import { E2E_API } from '../../../playwright.config.ts';

export type { Tokens };

/** The storefront's client answering as the contract gives them (the reference dialect), not the shop's types. */
export interface ContractClient {
  call<N extends CallName>(name: N, args?: CallArgs<N>): Promise<Answer<N>>;
  baseURL: string;
  lang: Lang;
}

/** A client of the e2e API, signed in when given tokens: answers checked against the contract, as it gives them. */
export function api({ lang = 'uz', tokens }: { lang?: Lang; tokens?: Tokens } = {}): ContractClient {
  return createApi({
    baseURL: E2E_API,
    lang,
    token: () => tokens?.access,
    validate: checkAnswer,
    raw: true,
  }) as unknown as ContractClient;
}

/** A fresh Uzbek number per test, so tests never share a server basket. */
export function randomPhone(): string {
  return `+99890${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** The latest sign-in code sent to a phone (the API's test-only route, outside the contract). */
export async function codeFor(phone: string): Promise<string> {
  const answer = await fetch(`${E2E_API}${API_PREFIX}/__test__/codes/?phone=${encodeURIComponent(phone)}`);
  if (!answer.ok) throw new Error(`no sign-in code for ${phone}: ${answer.status}`);
  return ((await answer.json()) as { code: string }).code;
}

/** Sign a shopper in through the API, as the sign-in dialog does. */
export async function signIn(phone = randomPhone()): Promise<Tokens> {
  const visitor = api();
  // Every test signs in from one address: past a few code requests the API asks for a proof of work.
  const challengeOf = (error: unknown) =>
    (error as ApiError).status === 428 ? (error as ApiError).challenge : undefined;
  const { user } = await visitor.call('auth', { body: { phone_number: phone } }).catch((error: unknown) => {
    const challenge = challengeOf(error);
    if (!challenge) throw error;
    return sendWithProof(
      challenge,
      (proof) => visitor.call('auth', { body: { phone_number: phone, proof } }),
      challengeOf,
    );
  });
  const { data } = await visitor.call('verify', { body: { user, code: await codeFor(phone) } });
  return data;
}

export async function addToServerBasket(tokens: Tokens, product: number, feature: number | null, quantity = 1) {
  await api({ tokens }).call('addToBasket', { body: { product, quantity, ...(feature ? { feature } : {}) } });
}

export async function addServerFavourite(tokens: Tokens, product: number) {
  await api({ tokens }).call('addFavourite', { body: { product } });
}

export const serverBasket = (tokens: Tokens) => api({ tokens }).call('basket');

/** The server basket's lines as [product id, quantity]. */
export const serverLines = async (tokens: Tokens) =>
  (await serverBasket(tokens)).map((line) => [line.product.id, line.quantity]);

/** An order of one unit of `product` (its variant when it has one), placed through the API. */
export async function placeOrder(tokens: Tokens, product: ShopProduct, payment_method: PaymentMethod = 'cash') {
  await addToServerBasket(tokens, product.id, product.feature);
  const line = (await serverBasket(tokens)).find((l) => l.product.id === product.id);
  if (!line) throw new Error(`product ${product.id} did not reach the basket`);
  return api({ tokens }).call('placeOrder', {
    body: {
      items: [line.id],
      address: QARSHI_ADDRESS,
      payment_method,
      customer_name: 'Ali Valiyev',
      customer_phone: '+998901234567',
    },
  });
}

/** Moves an order along its status flow (the API's test-only route, outside the contract). */
export async function setOrderStatus(
  order: number,
  change: { status: OrderStatus; payment_status?: 'paid' | 'unpaid' },
): Promise<Order> {
  const answer = await fetch(`${E2E_API}${API_PREFIX}/__test__/orders/${order}/status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(change),
  });
  if (!answer.ok) throw new Error(`order ${order} not moved to ${change.status}: ${answer.status}`);
  return (await answer.json()) as Order;
}

/** Product ids of the shopper's server favourites, in order. */
export async function serverFavourites(tokens: Tokens): Promise<number[]> {
  return (await api({ tokens }).call('favourites')).map((f) => f.product).sort((a, b) => a - b);
}

export interface SeedData {
  products: CatalogueProduct[];
  categories: Category[];
  stores: Store[];
}

let seed: Promise<SeedData> | undefined;

/** The whole (small) e2e catalogue, once per worker. */
export function seedData(): Promise<SeedData> {
  seed ??= (async () => {
    const client = api();
    const [page, categories, stores] = await Promise.all([
      client.call('catalogue', { query: { page_size: '1000' } }),
      client.call('categories'),
      client.call('stores'),
    ]);
    if (page.next !== null) throw new Error('the e2e catalogue is larger than one page');
    return { products: page.results, categories, stores };
  })();
  return seed;
}

export interface ShopProduct {
  id: number;
  /** First variant in stock (the one a card adds), or null for products sold without variants. */
  feature: number | null;
}

/**
 * Units a test product keeps in stock at least: orders take stock, and many tests (with their retries, in both
 * languages) order the same eight products; 10 ran out in a full run.
 */
const PLENTY = 40;

/** The first eight products with plenty in stock, with the variant a card adds. */
export async function products(): Promise<ShopProduct[]> {
  return (await seedData()).products
    .flatMap((p) => {
      const feature = p.features.find((f) => f.count > 0);
      const units = feature ? feature.count : p.features.length === 0 ? p.stock : 0;
      return units >= PLENTY ? [{ id: p.id, feature: feature?.id ?? null }] : [];
    })
    .slice(0, 8);
}
