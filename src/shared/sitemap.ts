/**
 * Per-locale sitemaps with hreflang alternates. Only indexable pages are listed
 * (no basket, profile, checkout, search or error pages); large lists are split
 * into chunks below the 50,000-URL limit.
 */
import type { Lang } from '#contract/schemas.ts';
import { catalogueView, hasCommentsPage, type Catalogue } from './catalogue-view.ts';
import { listingPagePath, pageCount } from './paging.ts';
import { alternates, canonicalUrl } from './seo.ts';

const SITEMAP_CHUNK = 40_000;

/** Indexable page paths (without language) of a catalogue. */
export function sitemapPaths(catalogue: Catalogue): string[] {
  const view = catalogueView(catalogue);
  const paths = ['/', '/top-product', '/about', '/agreement', '/questions', '/mobile-category'];
  for (const category of catalogue.categories) {
    const count = pageCount(view.byCategory.get(category.id)?.length ?? 0);
    for (let page = 1; page <= count; page++) paths.push(listingPagePath(`/category/${category.id}`, page));
  }
  for (const store of catalogue.stores) {
    const count = pageCount(view.byStore.get(store.id)?.length ?? 0);
    for (let page = 1; page <= count; page++) paths.push(listingPagePath(`/store/${store.address}`, page));
  }
  for (const product of catalogue.products) {
    paths.push(`/product/${product.id}`);
    if (hasCommentsPage(product)) paths.push(`/comments/${product.id}`);
  }
  return paths;
}

export function chunk<T>(items: readonly T[], size = SITEMAP_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks.length > 0 ? chunks : [[]];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

export function sitemapXml(site: string | URL, lang: Lang, paths: readonly string[]): string {
  const urls = paths.map((path) => {
    const links = alternates(site, path)
      .map((alt) => `<xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`)
      .join('');
    return `<url><loc>${escapeXml(canonicalUrl(site, lang, path))}</loc>${links}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(urls: readonly string[]): string {
  const items = urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}
