import { describe, expect, it } from 'vitest';
import {
  combine,
  facetGroups,
  loadKeys,
  MONTHLY_GROUP,
  PRICE_GROUP,
  stateClauses,
  STOCK_GROUP,
  valueIndex,
} from './filters.ts';
import { MONTHLY_STEPS, monthlyOptions, monthlySortKey, monthlyValues } from './monthly.ts';
import { priceBlocks, priceValues } from './price.ts';
import { DEFAULT_SORT, offeredSorts, SORTS, pagefindSort } from './sorts.ts';
import {
  activeCount,
  EMPTY_STATE,
  isDefaultState,
  isFiltered,
  knownFacets,
  listingQuery,
  parseListingQuery,
  toggleToken,
} from './state.ts';
import { brandOf, facetValue, featureValue, parseValue, slug, type Counts } from './values.ts';

describe('the URL ↔ the filter state', () => {
  it('reads sort, facets, price and stock', () => {
    expect(
      parseListingQuery('?sort=price-asc&brand=Samsung,Apple&min=1000000&max=5%20000%20000&stock=1&color=qora'),
    ).toEqual({
      sort: 'price-asc',
      min: 1_000_000,
      max: 5_000_000,
      monthly: null,
      stock: true,
      facets: { brand: ['Apple', 'Samsung'], color: ['qora'] },
    });
  });

  it('drops what it cannot use: an unknown sort, bad amounts, odd names; swaps a reversed range', () => {
    expect(parseListingQuery('?sort=cheapest&min=abc&max=-5&stock=yes&page=2&a%3Cb=1')).toEqual(EMPTY_STATE);
    expect(parseListingQuery('?min=900&max=100')).toMatchObject({ min: 100, max: 900 });
  });

  it('repeated parameters and commas both list values', () => {
    expect(parseListingQuery('?brand=LG&brand=HP,LG').facets).toEqual({ brand: ['HP', 'LG'] });
  });

  it('writes one URL for one state, whatever the order things were chosen in', () => {
    const a = toggleToken(
      toggleToken({ ...EMPTY_STATE, sort: 'rating' }, 'brand', 'Samsung', true),
      'brand',
      'Apple',
      true,
    );
    const b = toggleToken(
      toggleToken({ ...EMPTY_STATE, sort: 'rating' }, 'brand', 'Apple', true),
      'brand',
      'Samsung',
      true,
    );
    expect(listingQuery(a)).toBe('?sort=rating&brand=Apple,Samsung');
    expect(listingQuery(b)).toBe(listingQuery(a));
  });

  it('round-trips every part, named facets first, features by name', () => {
    const state = {
      sort: 'discount' as const,
      min: 500_000,
      max: null,
      monthly: null,
      stock: true,
      facets: { memory: ['128-gb'], store: ['texno-olam'], color: ['toq-kok'], category: ['3'] },
    };
    const query = listingQuery(state);
    expect(query).toBe('?sort=discount&category=3&store=texno-olam&color=toq-kok&memory=128-gb&min=500000&stock=1');
    expect(parseListingQuery(query)).toEqual({
      ...state,
      facets: { category: ['3'], store: ['texno-olam'], color: ['toq-kok'], memory: ['128-gb'] },
    });
  });

  it('the default state is the bare address', () => {
    expect(listingQuery(EMPTY_STATE)).toBe('');
    expect(isDefaultState(parseListingQuery(`?sort=${DEFAULT_SORT}`))).toBe(true);
    expect(isDefaultState(parseListingQuery('?sort=newest'))).toBe(false);
  });

  it('unchecking the last value of a facet drops it', () => {
    const on = toggleToken(EMPTY_STATE, 'brand', 'LG', true);
    expect(toggleToken(on, 'brand', 'LG', false).facets).toEqual({});
  });

  it('counts the chosen filters for the badge', () => {
    expect(activeCount(parseListingQuery('?brand=A,B&color=qora&min=1&max=2&stock=1&sort=rating'))).toBe(5);
  });

  it('keeps only the facets the listing has (a utm_ parameter is no feature)', () => {
    const state = parseListingQuery('?brand=LG&utm_source=tg');
    expect(knownFacets(state, new Set(['brand'])).facets).toEqual({ brand: ['LG'] });
  });
});

describe('sorting keys', () => {
  it('maps each choice to one Pagefind sort', () => {
    expect(pagefindSort('popular')).toEqual({ popular: 'asc' });
    expect(pagefindSort('popular', true)).toEqual({ top: 'asc' });
    expect(pagefindSort('price-asc')).toEqual({ price: 'asc' });
    expect(pagefindSort('price-desc')).toEqual({ price: 'desc' });
    expect(pagefindSort('newest')).toEqual({ new: 'desc' });
    expect(pagefindSort('rating')).toEqual({ rating: 'desc' });
    expect(pagefindSort('discount')).toEqual({ discount: 'desc' });
  });
  it('offers the rating sort only when the backend rates products (a null rating counts, an absent one does not)', () => {
    expect(offeredSorts([{ rating: null }, {}])).toContain('rating');
    expect(offeredSorts([{}, {}])).not.toContain('rating');
    expect(offeredSorts([{}])).toHaveLength(SORTS.length - 1);
  });
});

describe('facet values', () => {
  it('are token|label, features key|key label|token|label, read back', () => {
    expect(facetValue('texno-olam', 'Texno | Olam')).toBe('texno-olam|Texno / Olam');
    expect(parseValue('st', 'texno-olam|Texno Olam')).toEqual({
      facet: 'store',
      facetLabel: null,
      token: 'texno-olam',
      label: 'Texno Olam',
    });
    const colour = featureValue('color', 'Цвет', 'qora', 'Черный');
    expect(parseValue('ft', colour)).toEqual({ facet: 'color', facetLabel: 'Цвет', token: 'qora', label: 'Черный' });
    expect(parseValue('ft', 'broken')).toBeNull();
    expect(parseValue('p0', '12')).toBeNull();
  });

  it('slugs fold Uzbek apostrophes and spaces', () => {
    expect(slug('Toʻq koʻk')).toBe('toq-kok');
    expect(slug("To'q ko‘k")).toBe('toq-kok');
    expect(slug('128 GB')).toBe('128-gb');
    expect(slug('  Черный ')).toBe('черный');
  });

  it('a title’s brand is the first known brand word', () => {
    expect(brandOf('Smartfon Samsung Galaxy A55 Pro')).toBe('Samsung');
    expect(brandOf('Ноутбук HP Pavilion 15')).toBe('HP');
    expect(brandOf('Televizor LG OLED evo 55"')).toBe('LG');
    expect(brandOf('Yongʻoq, oliy nav, 1 kg')).toBeNull();
    expect(brandOf(null)).toBeNull();
  });
});

describe('the price range', () => {
  /** Whether a price falls in the blocks, as Pagefind would decide it. */
  const matches = (price: number, blocks: Record<string, string[]>) => {
    const values = priceValues(price);
    return Object.entries(blocks).some(([key, list]) => list.includes(values[key]!));
  };

  it('gives a price its value at each scale', () => {
    expect(priceValues(3_489_000)).toEqual({ p0: '3489', p1: '34', p2: '0', p3: '0' });
  });

  it('matches exactly the prices in the range, in whole thousands', () => {
    const cases: [number | null, number | null][] = [
      [1_000_000, 5_000_000],
      [1_234_000, 1_299_000],
      [null, 450_000],
      [2_500_000, null],
      [99_000, 101_000],
      [0, 0],
    ];
    const prices = [0, 12_000, 99_000, 100_000, 101_000, 450_000, 451_000, 999_000, 1_000_000, 1_233_000, 1_234_000];
    prices.push(1_299_000, 1_300_000, 2_499_000, 2_500_000, 5_000_000, 5_001_000, 18_000_000, 250_000_000);
    for (const [min, max] of cases) {
      const blocks = priceBlocks(min, max);
      for (const price of prices)
        expect(matches(price, blocks), `${price} in [${min}, ${max}]`).toBe(
          price >= (min ?? 0) && price <= (max ?? Infinity),
        );
    }
  });

  it('stays a few hundred values at most, for any range', () => {
    const blocks = priceBlocks(123_000, 87_654_000);
    expect(Object.values(blocks).flat().length).toBeLessThan(4 * 2 * 100);
    expect(priceBlocks(5_000, 1_000)).toEqual({});
  });

  it('rounds bounds to whole thousands: min up, max down', () => {
    expect(matches(12_500, priceBlocks(12_500, null))).toBe(false);
    expect(matches(13_000, priceBlocks(12_500, null))).toBe(true);
  });
});

describe('Pagefind filters and counts', () => {
  const values = valueIndex({
    br: { 'Samsung|Samsung': 5, 'Apple|Apple': 3 },
    ft: { 'color|Rang|qora|Qora': 4 },
    st: { 'texno-olam|Texno Olam': 8 },
  });

  it('one facet’s values are alternatives, groups all apply, each group can be left out', () => {
    const state = { ...parseListingQuery('?brand=Apple,Samsung&color=qora&stock=1&max=1000000') };
    const clauses = stateClauses(state, values);
    expect(clauses.get('brand')).toEqual({ br: { any: ['Apple|Apple', 'Samsung|Samsung'] } });
    expect(clauses.get('color')).toEqual({ ft: { any: ['color|Rang|qora|Qora'] } });
    expect(clauses.get(STOCK_GROUP)).toEqual({ stk: 'yes' });
    expect(clauses.get(PRICE_GROUP)).toHaveProperty('any');
    const scope = { ct: '3|Smartfonlar' };
    expect(combine(scope, clauses, 'brand')).toEqual({
      all: [scope, clauses.get('color'), clauses.get(STOCK_GROUP), clauses.get(PRICE_GROUP)],
    });
  });

  it('a token the index does not know matches nothing', () => {
    const clauses = stateClauses(parseListingQuery('?brand=Nokia'), values);
    expect(clauses.get('brand')).toEqual({ br: { any: ['brand|Nokia|unknown'] } });
  });

  it('loading keys filters nothing out', () => {
    expect(loadKeys(['br', 'ft'])).toEqual({ none: { br: '', ft: '' } });
  });

  it('shows every value of the listing, its count from its own group’s search, 0 disabled', () => {
    const scope: Counts = {
      br: { 'Samsung|Samsung': 5, 'Apple|Apple': 3, 'LG|LG': 0 },
      st: { 'a|Alfa': 4, 'b|Beta': 4 },
      ft: { 'memory|Xotira|128-gb|128 GB': 2, 'memory|Xotira|64-gb|64 GB': 2, 'color|Rang|qora|Qora': 4 },
      ct: { '3|Smartfonlar': 8 },
    };
    const main: Counts = { br: { 'Samsung|Samsung': 2 }, st: { 'a|Alfa': 2, 'b|Beta': 0 }, ft: {} };
    const brandOwn: Counts = { br: { 'Samsung|Samsung': 2, 'Apple|Apple': 1 } };
    const groups = facetGroups(scope, (g) => (g === 'brand' ? brandOwn : main), ['category'], { brand: ['Samsung'] });
    expect(groups.map((g) => g.facet)).toEqual(['store', 'brand', 'memory']);
    expect(groups[1]!.options.map((o) => [o.label, o.count])).toEqual([
      ['Apple', 1],
      ['Samsung', 2],
    ]);
    expect(groups[0]!.options.map((o) => o.count)).toEqual([2, 0]);
    // Natural order, and the feature's own name.
    expect(groups[2]!.label).toBe('Xotira');
    expect(groups[2]!.options.map((o) => o.label)).toEqual(['64 GB', '128 GB']);
  });
});

describe('the monthly payment: sort and "up to N a month"', () => {
  it('sorts by the monthly amount, lowest first, on both kinds of listing', () => {
    expect(pagefindSort('monthly')).toEqual({ monthly: 'asc' });
    expect(pagefindSort('monthly', true)).toEqual({ monthly: 'asc' });
    expect(monthlySortKey(215_000)).toBe(215_000);
    // No offer: after every product that has one.
    expect(monthlySortKey(null)).toBe(Number.MAX_SAFE_INTEGER);
    expect(monthlySortKey(0)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('a product carries every step its amount is within; none without an offer', () => {
    expect(monthlyValues(215_000)).toEqual(['300000', '500000', '1000000', '2000000']);
    expect(monthlyValues(100_000)).toEqual(MONTHLY_STEPS.map(String));
    expect(monthlyValues(2_500_000)).toEqual([]);
    expect(monthlyValues(null)).toEqual([]);
    expect(monthlyValues(undefined)).toEqual([]);
  });

  it('the URL holds the step, the same token in both languages; a value that is no step is dropped', () => {
    const state = parseListingQuery('?sort=monthly&monthly=300000&brand=LG');
    expect(state).toMatchObject({ sort: 'monthly', monthly: 300_000 });
    expect(listingQuery(state)).toBe('?sort=monthly&brand=LG&monthly=300000');
    expect(listingQuery({ ...EMPTY_STATE, min: 1_000, monthly: 500_000, stock: true })).toBe(
      '?min=1000&monthly=500000&stock=1',
    );
    expect(parseListingQuery('?monthly=250000').monthly).toBeNull();
    expect(parseListingQuery('?monthly=abc').monthly).toBeNull();
    expect(parseListingQuery('?monthly=300000').facets).toEqual({});
    expect(activeCount(parseListingQuery('?monthly=300000&stock=1'))).toBe(2);
    expect(isFiltered(parseListingQuery('?monthly=100000'))).toBe(true);
    expect(isFiltered(parseListingQuery('?sort=monthly'))).toBe(false);
  });

  it('a step is one clause of its own group: products with no offer match none', () => {
    const clauses = stateClauses(parseListingQuery('?monthly=500000&stock=1'), new Map());
    expect(clauses.get(MONTHLY_GROUP)).toEqual({ mo: '500000' });
    expect(clauses.get(STOCK_GROUP)).toEqual({ stk: 'yes' });
  });

  it('offers the steps that add products to the one below, counted; the chosen one always', () => {
    // In scope: 2 within 100 000, 5 within 200 000 and every step above it (nothing costs more a month).
    const scope: Counts = {
      mo: { '100000': 2, '200000': 5, '300000': 5, '500000': 5, '1000000': 5, '2000000': 5 },
    };
    const left: Counts = { mo: { '100000': 0, '200000': 3 } };
    expect(monthlyOptions(scope, left)).toEqual([
      { step: 100_000, count: 0 },
      { step: 200_000, count: 3 },
    ]);
    expect(monthlyOptions(scope, left, 1_000_000).map((o) => o.step)).toEqual([100_000, 200_000, 1_000_000]);
    // No product with an offer: no group.
    expect(monthlyOptions({}, {})).toEqual([]);
  });
});
