/**
 * The publish gate's rules. Each refusal is a `Refusal`: the check's name and
 * one line saying why. Cheap checks (the catalogue against the live release)
 * run before the build; the rest over the built release.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS, type Lang } from '#contract/langs.ts';
import { firstLoad } from './budget.ts';
import type { ImageCheck } from './images.ts';
import type { LinkCheck } from './links.ts';
import type { LocaleCounts, Manifest } from './manifest.ts';
import { kindOf, PAGE_TYPES, SITE_FILES, type Budgets, type PageType } from './page-types.ts';

export class Refusal extends Error {
  readonly step: string;
  constructor(step: string, reason: string) {
    super(reason);
    this.name = 'Refusal';
    this.step = step;
  }
}

export interface Thresholds {
  /** Largest drop in products per language against the live release, in percent. */
  maxProductDrop: number;
  maxCategoryDrop: number;
  /** A backend that stops naming stores loses every store page: refused like any other shrink. */
  maxStoreDrop: number;
  jsBudgetKb: Budgets;
}

export type CatalogueCounts = Record<Lang, Omit<LocaleCounts, 'pages'>>;

/** Before building: every language has products, and nothing shrank past its threshold. */
export function checkCatalogue(counts: CatalogueCounts, live: Manifest | null, limits: Thresholds): void {
  for (const lang of LANGS) {
    if (counts[lang].products === 0) {
      const others = LANGS.filter((other) => other !== lang).map((other) => `${other} has ${counts[other].products}`);
      throw new Refusal('locales', `the API has no products in ${lang} (${others.join(', ')})`);
    }
  }
  if (!live) return;
  const rules = [
    { what: 'products', key: 'products', limit: limits.maxProductDrop, setting: 'REBUILD_MAX_PRODUCT_DROP' },
    { what: 'categories', key: 'categories', limit: limits.maxCategoryDrop, setting: 'REBUILD_MAX_CATEGORY_DROP' },
    { what: 'stores', key: 'stores', limit: limits.maxStoreDrop, setting: 'REBUILD_MAX_STORE_DROP' },
  ] as const;
  for (const { what, key, limit, setting } of rules) {
    for (const lang of LANGS) {
      const before = live.counts[lang]?.[key] ?? 0;
      const now = counts[lang][key];
      const drop = before > 0 ? ((before - now) / before) * 100 : 0;
      if (drop > limit) {
        throw new Refusal(
          'shrink',
          `${what} in ${lang} shrank by ${drop.toFixed(0)}% (${before} → ${now}) against live release ${live.release}; the limit is ${limit}% (${setting})`,
        );
      }
    }
  }
}

const idOrder = new Intl.Collator('en', { numeric: true }).compare;

/** Every built file of a page type in a language (a listing's first pages), in id order. */
export function pageFiles(root: string, lang: Lang, type: PageType): string[] {
  const path = `${lang}${PAGE_TYPES[type]}`;
  const param = path.indexOf('/:');
  if (param < 0) return existsSync(join(root, `${path}.html`)) ? [`${path}.html`] : [];
  const folder = path.slice(0, param);
  return existsSync(join(root, folder))
    ? readdirSync(join(root, folder))
        .filter((name) => name.endsWith('.html'))
        .sort(idOrder)
        .map((name) => `${folder}/${name}`)
    : [];
}

/** The built file that stands for a page type in a language, or null when none was built. */
export function pageFile(root: string, lang: Lang, type: PageType): string | null {
  return pageFiles(root, lang, type)[0] ?? null;
}

/** Every required page type in every language, and the site-wide files. */
export function checkPageTypes(root: string, required: readonly PageType[]): void {
  const missing: string[] = SITE_FILES.filter((file) => !existsSync(join(root, file)));
  for (const lang of LANGS) {
    for (const type of required) if (!pageFile(root, lang, type)) missing.push(`${lang}/${type}`);
  }
  if (missing.length > 0) throw new Refusal('page-types', `page types missing from the build: ${missing.join(', ')}`);
}

export function checkLinkResult({ broken }: LinkCheck): void {
  if (broken.length === 0) return;
  const shown = broken
    .slice(0, 3)
    .map((link) => `${link.href} (on ${link.page}${link.pages > 1 ? ` and ${link.pages - 1} more` : ''})`);
  throw new Refusal(
    'links',
    `${broken.length} broken internal link${broken.length > 1 ? 's' : ''}: ${shown.join(', ')}${broken.length > 3 ? ', ...' : ''}`,
  );
}

/** Every image a page refers to is allowed by its policy and, when a width variant, in the release. */
export function checkImageResult({ blocked, missing }: ImageCheck): void {
  if (blocked.length > 0) {
    const named = blocked
      .slice(0, 3)
      .map(({ origin, page, pages }) => `${origin} (on ${page}${pages > 1 ? ` and ${pages - 1} more` : ''})`);
    throw new Refusal(
      'images',
      `images the pages' Content-Security-Policy blocks (img-src): ${named.join(', ')}${blocked.length > 3 ? ', ...' : ''}; add the origin to MEDIA_ORIGINS or find why the build left it out`,
    );
  }
  if (missing.length > 0) {
    throw new Refusal(
      'images',
      `${missing.length} width variant${missing.length > 1 ? 's' : ''} missing from the release: ${missing
        .slice(0, 3)
        .map(({ file, page }) => `${file} (on ${page})`)
        .join(', ')}`,
    );
  }
}

/** First-load JavaScript of every page type in both languages, the root page and the 404 page. */
export async function measureFirstLoad(root: string, types: readonly PageType[]): Promise<Record<string, number>> {
  const pages: [string, string | null][] = [
    ['root', 'index.html'],
    ['not-found', '404.html'],
    ...LANGS.flatMap((lang) =>
      types.map((type): [string, string | null] => [`${lang}/${type}`, pageFile(root, lang, type)]),
    ),
  ];
  const figures: Record<string, number> = {};
  const gzipped = new Map<string, Promise<number>>();
  for (const [name, file] of pages)
    if (file) figures[name] = Math.round((await firstLoad(root, file, gzipped)).kb * 10) / 10;
  return figures;
}

export function checkBudget(figures: Record<string, number>, budgets: Budgets): void {
  const over = Object.entries(figures).filter(([name, kb]) => kb > budgets[kindOf(name)]);
  if (over.length === 0) return;
  throw new Refusal(
    'budget',
    `first-load JavaScript over budget (REBUILD_JS_BUDGET_KB ${formatBudgets(budgets)}): ${over.map(([name, kb]) => `${name} ${kb} KB`).join(', ')}`,
  );
}

/** `catalogue=30 product=30 shopper=96`, the form REBUILD_JS_BUDGET_KB takes. */
const formatBudgets = (budgets: Budgets): string =>
  Object.entries(budgets)
    .map(([kind, kb]) => `${kind}=${kb}`)
    .join(' ');
