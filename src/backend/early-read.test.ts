import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyReadAddress } from './early-address.ts';
import { startEarlyRead } from './early-start.ts';
import { takeEarlyRead } from './early-read.ts';

const API = earlyReadAddress('https://api.example.uz/', 'searchProducts');
const summary = { id: 7, title: 'Smartfon', price: 1000, images: ['https://media.example.uz/7.jpg'] };

let stored: Record<string, string>;
let fetched: { url: string; headers: Record<string, string> }[];
let answer: () => Response;

beforeEach(() => {
  stored = {};
  fetched = [];
  answer = () => Response.json({ count: 1, next: null, previous: null, results: [summary] });
  vi.stubGlobal('localStorage', { getItem: (key: string) => stored[key] ?? null });
  vi.stubGlobal('document', { documentElement: { lang: 'ru' } });
  vi.stubGlobal('fetch', (url: URL, init: { headers: Record<string, string> }) => {
    fetched.push({ url: url.href, headers: init.headers });
    return Promise.resolve(answer());
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  // Reads no test took are left for no other test.
  while (takeEarlyRead('searchProducts', { q: 'telefon', page: '1' })?.catch(() => undefined));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a page’s early read', () => {
  it('asks the call’s address with the query in the page’s language, as a simple request, and reads the answer', async () => {
    const read = startEarlyRead(API, 'searchProducts', { q: 'telefon', page: '1' });
    expect(fetched).toEqual([
      {
        url: 'https://api.example.uz/api/v1/products/search-product/?q=telefon&page=1',
        headers: { Accept: 'application/json', 'Accept-Language': 'ru' },
      },
    ]);
    const page = await read;
    expect(page?.count).toBe(1);
    expect(page?.results[0]).toMatchObject({ id: 7, title: 'Smartfon', images: ['https://media.example.uz/7.jpg'] });
  });

  it('is taken once, by the same call with the same query, whatever its order', async () => {
    startEarlyRead(API, 'searchProducts', { q: 'telefon', page: '1' });
    expect(takeEarlyRead('searchProducts', { q: 'telefon', page: '2' })).toBeUndefined();
    expect(takeEarlyRead('searchProducts', { q: 'Telefon', page: '1' })).toBeUndefined();
    expect(takeEarlyRead('categoryProducts', { q: 'telefon', page: '1' })).toBeUndefined();
    const taken = takeEarlyRead('searchProducts', { page: '1', q: 'telefon' });
    expect((await taken)?.results.map((product) => product.id)).toEqual([7]);
    expect(takeEarlyRead('searchProducts', { q: 'telefon', page: '1' })).toBeUndefined();
  });

  it('starts none without a query, or for a signed-in shopper (their reads carry the bearer token)', () => {
    expect(startEarlyRead(API, 'searchProducts', null)).toBeUndefined();
    stored['access'] = 'token';
    expect(startEarlyRead(API, 'searchProducts', { q: 'telefon', page: '1' })).toBeUndefined();
    expect(fetched).toEqual([]);
    expect(takeEarlyRead('searchProducts', { q: 'telefon', page: '1' })).toBeUndefined();
  });

  it('a refused or unreadable answer rejects, for the taker to ask again', async () => {
    answer = () => new Response('{}', { status: 503 });
    await expect(startEarlyRead(API, 'searchProducts', { q: 'telefon', page: '1' })).rejects.toThrow('503');
    answer = () => new Response('not json');
    startEarlyRead(API, 'searchProducts', { q: 'telefon', page: '1' });
    await expect(takeEarlyRead('searchProducts', { q: 'telefon', page: '1' })).rejects.toThrow();
  });
});
