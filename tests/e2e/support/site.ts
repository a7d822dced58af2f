/** Shared helpers for the site specs: the e2e API, catalogue look-ups and page checks. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_API } from '../../../playwright.config.ts';
import type { CatalogueProduct, Category, Store } from '#contract/schemas.ts';
import { PAGE_TYPES, type PageType } from '../../../scripts/rebuild/page-types.ts';

export const API = `${E2E_API}/api/v1`;

export async function apiJson<T>(path: string, lang = 'uz'): Promise<T> {
  const response = await fetch(`${API}${path}`, { headers: { 'Accept-Language': lang } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

export interface SeedData {
  products: CatalogueProduct[];
  categories: Category[];
  stores: Store[];
}

let seed: Promise<SeedData> | null = null;

/** The whole (small) e2e catalogue, once per worker. */
export function seedData(): Promise<SeedData> {
  seed ??= (async () => {
    const [page, categories, stores] = await Promise.all([
      apiJson<{ results: CatalogueProduct[] }>('/products/catalogue/?page_size=1000'),
      apiJson<Category[]>('/products/categories/'),
      apiJson<Store[]>('/stores/'),
    ]);
    return { products: page.results, categories, stores };
  })();
  return seed;
}

/**
 * One path (without the language prefix) of every page type, from the seeded
 * catalogue; shared by the route, accessibility and JS budget checks.
 */
export async function pageOfEveryType(): Promise<Record<PageType, string>> {
  const { products, categories, stores } = await seedData();
  const reviewed = products.find((p) => p.reviews_count > 0)!;
  const withFeatures = products.find((p) => p.features.some((f) => f.count > 0))!;
  const samples: Partial<Record<PageType, string>> = {
    category: String(categories[0]!.id),
    product: String(withFeatures.id),
    comments: String(reviewed.id),
    store: stores[0]!.address,
  };
  const paths = Object.entries(PAGE_TYPES).map(([type, path]) => [
    type,
    path.replace(/:\w+/, samples[type as PageType] ?? '') + (type === 'search' ? '?q=telefon' : ''),
  ]);
  return Object.fromEntries(paths) as Record<PageType, string>;
}

export const hasNoImages = (p: CatalogueProduct) =>
  p.images === null || (Array.isArray(p.images) ? p.images.length === 0 : p.images.trim() === '');

/** axe with WCAG 2.x A/AA rules (2.2 included). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Collects CSP violations and page errors. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;
