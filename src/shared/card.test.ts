import { describe, expect, it } from 'vitest';
import { CARD_WORDS, cardHtml, cardWords, listingCard, type CardLook, type ListingCard } from './card.ts';
import { CARD_PHOTO, imageAttributes } from './image-url.ts';
import type { CardProduct } from './catalogue-view.ts';

const card = (over: Partial<ListingCard> = {}): ListingCard => ({
  id: 7,
  title: 'Telefon <"Pro"> & Co',
  image: 'https://cdn.example/p/7.webp',
  price: '1 800 000 soʻm',
  old: '2 000 000 soʻm',
  badge: '−10%',
  monthly: '150 000 soʻm × 12 oy',
  rating: { value: '4.6', reviews: '(12)', label: '4.6 / 5 · 12 ta sharh' },
  soldOut: false,
  variants: false,
  ...over,
});

const look: CardLook = {
  words: cardWords((key) => `«${key}»`),
  sprite: '/_astro/icons.abc.svg',
  lang: 'uz',
  heading: 'h3',
  eager: false,
};

/** The attributes of the card's first `<tag …>`. */
const attributesOf = (html: string, tag: string) =>
  Object.fromEntries(
    [...(new RegExp(`<${tag}\\b([^>]*)>`).exec(html)?.[1] ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(
      ([, name, value]) => [name, value ?? ''],
    ),
  );

describe('a card’s markup', () => {
  it('is one list item linking to its product, its title escaped', () => {
    const html = cardHtml(card(), look);
    expect(html).toMatch(/^<li class="card" data-product-card="7">.*<\/li>$/);
    expect(html).toContain('href="/uz/product/7"');
    expect(html).toContain('<h3 class="card-title">Telefon &#60;&#34;Pro&#34;> &#38; Co</h3>');
    expect(html).not.toContain('<"Pro">');
    expect(cardHtml(card(), { ...look, lang: 'ru', heading: 'h2' })).toContain('<h2 class="card-title">');
  });

  it('prints the rating, the old price (named for screen readers), the badge and the monthly line when it has them', () => {
    const html = cardHtml(card(), look);
    expect(html).toContain('aria-label="4.6 / 5 · 12 ta sharh"><i>★</i> <b>4.6</b> (12)</p>');
    expect(html).toContain('<span class="sr-only">«product.old_price»: </span>2 000 000 soʻm</s>');
    expect(html).toContain('<span class="badge-sale card-badge">−10%</span>');
    expect(html).toContain('data-installment>150 000 soʻm × 12 oy</p>');
    const bare = cardHtml(card({ rating: null, old: null, badge: null, monthly: null }), look);
    for (const part of ['card-rating', 'old-price', 'card-badge', 'data-installment']) expect(bare).not.toContain(part);
  });

  it('adds to the basket, or is sold out, and names its product on the heart and the button', () => {
    const html = cardHtml(card(), look);
    expect(html).toContain('<button type="button" class="btn card-add" data-add-to-basket="7">');
    expect(html).toContain('data-favourite="7" aria-label="«product.favourite»: Telefon &#60;&#34;Pro&#34;> &#38; Co"');
    expect(html).toContain('<a class="card-go" href="/uz/basket"');
    expect(cardHtml(card({ soldOut: true }), look)).toContain('data-add-to-basket="7" data-sold-out="true" disabled>');
  });

  it('of a product sold in variants leads to its page for the choice, and adds nothing', () => {
    const html = cardHtml(card({ variants: true }), look);
    expect(html).not.toContain('data-add-to-basket');
    expect(html).not.toContain('card-go');
    expect(html).toContain(
      '<a class="btn card-add" href="/uz/product/7" data-card-choose aria-label="«product.choose_short»: ' +
        'Telefon &#60;&#34;Pro&#34;> &#38; Co"><span class="card-add-text">«product.choose_short»</span></a>',
    );
  });

  it('loads the first row’s image at once and first, the others when near', () => {
    const first = attributesOf(cardHtml(card({ title: 'Telefon' }), { ...look, eager: true }), 'img');
    expect(first).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    const later = attributesOf(cardHtml(card({ title: 'Telefon' }), look), 'img');
    expect(later).toMatchObject({
      loading: 'lazy',
      width: '300',
      height: '300',
      sizes: CARD_PHOTO.sizes,
      srcset: imageAttributes('https://cdn.example/p/7.webp', CARD_PHOTO).srcset,
    });
    expect(later).not.toHaveProperty('fetchpriority');
  });

  it('has every word it prints, in the page’s language', () => {
    expect(Object.values(look.words)).toEqual(Object.values(CARD_WORDS).map((key) => `«${key}»`));
  });
});

describe('a card’s choice of variant', () => {
  const product = { id: 7, title: 'Telefon', price: 100, discount: null, discount_price: null, images: [] };
  const variantsOf = (over: Partial<CardProduct>) =>
    listingCard({ ...product, ...over }, (key) => key, null, 'uz').variants;
  it('is on the product page when it has variants in stock, known from its features or their count', () => {
    expect(variantsOf({ features: [{ count: 3 }] })).toBe(true);
    expect(variantsOf({ feature_count: 2 })).toBe(true);
    expect(variantsOf({ feature_count: 0 })).toBe(false);
    expect(variantsOf({ features: [], feature_count: 2 })).toBe(false);
    expect(variantsOf({})).toBe(false);
  });
});
