/**
 * Head tags and JSON-LD as pure data (rendered by layouts/Base.astro): canonical
 * and hreflang URLs for both languages plus x-default, and the structured data
 * of product, breadcrumb and organisation pages.
 */
import { LANGS, type Lang } from '#contract/schemas.ts';
import { localizedPath } from '../i18n/urls.ts';
import { cutAtWord, oneLine } from '../backend/rules.ts';

const X_DEFAULT_LANG: Lang = 'uz';
/** How much of a page description search engines show; more is cut off in the results and only weighs the page. */
export const META_DESCRIPTION_CHARS = 160;
/** How much of a page's own title a results page or a tab shows before the site's name. */
export const TITLE_CHARS = 60;
const SITE_NAME = 'Bozor';

/** A page's <title> and og:title: its own title cut on a word to what a tab shows, then the site's name. */
export function documentTitle(title: string): string {
  return title.includes(SITE_NAME)
    ? cutAtWord(title, TITLE_CHARS + 8)
    : `${cutAtWord(title, TITLE_CHARS)} | ${SITE_NAME}`;
}

/** A page's meta description: one line, cut on a word to what search engines show. */
export const metaDescription = (text: string): string => cutAtWord(oneLine(text), META_DESCRIPTION_CHARS);

/** Absolute URL of a site path. */
export function absoluteUrl(site: string | URL, path: string): string {
  return new URL(path, site).href;
}

/** Canonical URL of a page: its own language, no trailing slash, no query. */
export function canonicalUrl(site: string | URL, lang: Lang, path: string): string {
  return absoluteUrl(site, localizedPath(lang, path));
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/** hreflang alternates of a page path (without language): uz, ru and x-default (uz). */
export function alternates(site: string | URL, path: string): Alternate[] {
  const links = LANGS.map((lang) => ({ hreflang: lang, href: canonicalUrl(site, lang, path) }));
  return [...links, { hreflang: 'x-default', href: canonicalUrl(site, X_DEFAULT_LANG, path) }];
}

/** OpenGraph locale per language. */
export const OG_LOCALE: Record<Lang, string> = { uz: 'uz_UZ', ru: 'ru_RU' };

type JsonLd = Record<string, unknown>;

export interface ProductLdInput {
  name: string;
  description: string;
  url: string;
  images: string[];
  /** The price a shopper pays. */
  price: number;
  inStock: boolean;
  sku: string | number;
  rating?: { value: number; count: number } | null;
  brand?: string | null;
  category?: string | null;
}

export function productJsonLd(input: ProductLdInput): JsonLd {
  const ld: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    description: input.description || input.name,
    sku: String(input.sku),
    image: input.images,
    url: input.url,
    offers: {
      '@type': 'Offer',
      url: input.url,
      price: input.price,
      priceCurrency: 'UZS',
      availability: input.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  if (input.brand) ld.brand = { '@type': 'Brand', name: input.brand };
  if (input.category) ld.category = input.category;
  if (input.rating && input.rating.count > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(input.rating.value * 10) / 10,
      reviewCount: input.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}

export interface Crumb {
  name: string;
  /** Absolute URL; the last crumb (the page itself) may omit it. */
  url?: string | undefined;
}

export function breadcrumbJsonLd(crumbs: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  };
}

export interface OrganizationLdInput {
  site: string | URL;
  lang: Lang;
  name: string;
  logo: string;
  phone: string;
  email: string;
  sameAs: string[];
}

/** Organization plus WebSite with a SearchAction to /{lang}/search?q=... (home page). */
export function organizationJsonLd(input: OrganizationLdInput): JsonLd[] {
  const home = canonicalUrl(input.site, input.lang, '/');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: input.name,
      url: home,
      logo: absoluteUrl(input.site, input.logo),
      sameAs: input.sameAs,
      contactPoint: {
        '@type': 'ContactPoint',
        telephone: input.phone,
        email: input.email,
        contactType: 'customer support',
        areaServed: 'UZ',
        availableLanguage: ['uz', 'ru'],
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: input.name,
      url: home,
      inLanguage: input.lang,
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${canonicalUrl(input.site, input.lang, '/search')}?q={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** JSON for a `<script type="application/…json">` data block: `<` escaped so text can never close the element. */
export function jsonScriptText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
