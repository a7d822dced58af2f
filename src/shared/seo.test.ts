import { describe, expect, it } from 'vitest';
import {
  alternates,
  breadcrumbJsonLd,
  canonicalUrl,
  documentTitle,
  jsonScriptText,
  META_DESCRIPTION_CHARS,
  metaDescription,
  organizationJsonLd,
  productJsonLd,
  TITLE_CHARS,
} from './seo.ts';

const site = 'https://bozor.uz';

describe('canonical and hreflang', () => {
  it('builds canonical URLs without trailing slash', () => {
    expect(canonicalUrl(site, 'ru', '/product/5/')).toBe('https://bozor.uz/ru/product/5');
    expect(canonicalUrl(site, 'uz', '/')).toBe('https://bozor.uz/uz');
  });

  it('lists uz, ru and x-default pointing at uz', () => {
    expect(alternates(site, '/category/3')).toEqual([
      { hreflang: 'uz', href: 'https://bozor.uz/uz/category/3' },
      { hreflang: 'ru', href: 'https://bozor.uz/ru/category/3' },
      { hreflang: 'x-default', href: 'https://bozor.uz/uz/category/3' },
    ]);
  });
});

describe('JSON-LD', () => {
  const base = {
    name: 'Telefon',
    description: '',
    url: 'https://bozor.uz/uz/product/1',
    images: ['https://api/media/1.svg'],
    price: 1000,
    sku: 1,
  };

  it('describes a product with an offer in UZS', () => {
    const ld = productJsonLd({ ...base, inStock: true, rating: { value: 4.26, count: 3 } });
    expect(ld['@type']).toBe('Product');
    expect(ld.description).toBe('Telefon');
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      price: 1000,
      priceCurrency: 'UZS',
      availability: 'https://schema.org/InStock',
      url: base.url,
    });
    expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3 });
  });

  it('marks out of stock and leaves out ratings without reviews', () => {
    const ld = productJsonLd({ ...base, inStock: false, rating: { value: 0, count: 0 } });
    expect(ld.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('numbers breadcrumb items from 1', () => {
    const ld = breadcrumbJsonLd([{ name: 'Bosh sahifa', url: 'https://bozor.uz/uz' }, { name: 'Telefon' }]);
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Bosh sahifa', item: 'https://bozor.uz/uz' },
      { '@type': 'ListItem', position: 2, name: 'Telefon' },
    ]);
  });

  it('gives the organisation a search action to the localized search page', () => {
    const [org, website] = organizationJsonLd({
      site,
      lang: 'ru',
      name: 'Bozor',
      logo: '/favicon.svg',
      phone: '+998',
      email: 'a@b',
      sameAs: [],
    });
    expect(org).toMatchObject({ '@type': 'Organization', url: 'https://bozor.uz/ru' });
    expect(website).toMatchObject({
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://bozor.uz/ru/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('escapes < so text cannot close the script element', () => {
    expect(jsonScriptText({ name: '</script><b>' })).not.toContain('<');
  });
});

describe('document title and meta description', () => {
  it('cut a seller’s long title on a word before the site’s name, and leave a short one whole', () => {
    expect(documentTitle('iPhone 15')).toBe('iPhone 15 | Bozor');
    const long = documentTitle('Juda uzun nomli mahsulot '.repeat(200));
    expect(long).toMatch(/^Juda uzun nomli mahsulot( \S+)*… \| Bozor$/);
    expect(long.length).toBeLessThanOrEqual(TITLE_CHARS + ' | Bozor'.length);
    expect(documentTitle('W'.repeat(500))).toBe(`${'W'.repeat(TITLE_CHARS - 1)}… | Bozor`);
  });

  it('keep a description to what search engines show, on one line', () => {
    expect(metaDescription('Qisqa\ntavsif')).toBe('Qisqa tavsif');
    const long = metaDescription('soʻz '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(META_DESCRIPTION_CHARS);
    expect(long).toMatch(/soʻz…$/);
  });
});
