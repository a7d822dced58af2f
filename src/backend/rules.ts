/**
 * The field rules: what a seller's value must be for the shop to show it. Sellers write titles, names, prices,
 * store keys and links, and a backend passes them through; the readers (read.ts, shop.ts, answers.ts) apply these
 * rules to every answer, at build time and in the browser, so no page meets an odd value.
 *
 * | field                                   | shown when                                             | otherwise                    |
 * | --------------------------------------- | ------------------------------------------------------ | ---------------------------- |
 * | product title                           | text after cleaning (below), at most `title` chars     | 'Unknown Product'; cut at a word |
 * | category, store, attribute names        | text after cleaning, at most `name` chars              | the item skipped; cut at a word  |
 * | review author, store location           | text after cleaning, at most `author` / `location`     | dropped; cut at a word       |
 * | description, review texts               | controls removed, at most `description` / `review`     | cut                          |
 * | price, a variant's price                | finite, ≥ 1 and below `PRICE_CEILING`                  | product skipped; variant's dropped |
 * | discount price                          | a price below the product's price                      | dropped (no discount)        |
 * | discount (percent)                      | 0 to 100                                               | dropped                      |
 * | stock, counts                           | finite, ≥ 0 (counts whole) and below `COUNT_CEILING`   | dropped (unknown)            |
 * | rating                                  | 0 to 5                                                 | dropped                      |
 * | id                                      | a safe integer > 0; once per list                      | item skipped                 |
 * | store key (`address`)                   | `STORE_KEY`: letters, digits, `-`, `_`, `.` inside      | the store's id               |
 * | link (banner)                           | an http(s) URL or a site path (`/…`)                   | dropped (the banner leads nowhere) |
 * | banner target                           | `link`/`url`, else `product` or `category` ids         | none                         |
 * | image                                   | an http(s) URL or a path                               | dropped (the placeholder)    |
 *
 * Cleaning a text: bidi controls (U+202A-202E, U+2066-2069, U+200E/F, U+061C), zero-width characters and other
 * control characters are removed, runs of white space become one space, and the ends are trimmed.
 */

/** Largest length (characters) of each kind of seller text a page holds. */
export const TEXT_MAX = {
  title: 200,
  name: 100,
  author: 60,
  location: 200,
  description: 20_000,
  review: 2_000,
} as const;

/**
 * Prices are soʻm, below ten billion: the dearest thing a city marketplace sells (a car, a flat's furnishing) is
 * far below it, and a basket of such lines still fits a phone's row; more is a seller's typo or an attack.
 */
export const PRICE_CEILING = 10_000_000_000;
/** Stock and counts below a billion. */
const COUNT_CEILING = 1_000_000_000;

/** A store key that is safe both as a URL segment and as a file name: no slash, dot-dot, space, quote or bracket. */
export const STORE_KEY = /^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?!\.)){0,62}[A-Za-z0-9]$|^[A-Za-z0-9]$/;

/** Bidi controls (embeddings, overrides, isolates, marks) and the Arabic letter mark. */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
/** Zero-width characters: space, joiners, word joiner, BOM, soft hyphen. */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
/** Other controls (C0, DEL, C1) and the line and paragraph separators; white space among them becomes a space. */
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;
const LINE_SPACE = /[\s\u2028\u2029]+/g;

/** Any character the cleaning removes (for tests and checks of built pages). */
export const HIDDEN_CHARACTER = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF\u00AD]/;

/** Text with bidi, zero-width and control characters removed; line breaks kept (descriptions, reviews). */
const withoutControls = (value: string): string => value.replace(BIDI, '').replace(ZERO_WIDTH, '').replace(CONTROL, '');

/** A one-line text: controls removed, white space collapsed, trimmed. */
export const oneLine = (value: string): string => withoutControls(value).replace(LINE_SPACE, ' ').trim();

/**
 * Text cut to `max` characters (code points, so no half of a pair is left) at the last word that fits, with '…';
 * a text without a space near the end is cut inside its word.
 */
export function cutAtWord(value: string, max: number): string {
  const points = Array.from(value);
  if (points.length <= max) return value;
  const head = points.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const cut = space >= head.length * 0.6 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,.;:–—-]+$/u, '')}…`;
}

/** A one-line seller text as a page shows it, or null when nothing is left. */
export function shownLine(value: string, max: number): string | null {
  const line = oneLine(value);
  return line === '' ? null : cutAtWord(line, max);
}

/** A long seller text (description, review) as a page shows it, line breaks kept, or null when nothing is left. */
export function shownText(value: string, max: number): string | null {
  const text = withoutControls(value).trim();
  return text === '' ? null : Array.from(text).length > max ? cutAtWord(text, max) : text;
}

/** Why a price cannot be shown, or null when it can. */
export function priceProblem(value: number): string | null {
  if (!Number.isFinite(value)) return 'is not a number';
  // Prices are whole soʻm on every page: one below 1 would show as 0.
  if (value < 1) return 'is below 1';
  if (value >= PRICE_CEILING) return `is not below ${PRICE_CEILING}`;
  return null;
}

/** A count (stock, reviews) when it is one: finite, not negative, below the ceiling; whole when `whole`. */
export function countOrUndefined(value: number | undefined, whole = true): number | undefined {
  if (value === undefined || !Number.isFinite(value) || value < 0 || value >= COUNT_CEILING) return undefined;
  return whole && !Number.isInteger(value) ? undefined : value;
}

/** A value within [min, max], or undefined. */
export const within = (value: number | undefined, min: number, max: number): number | undefined =>
  value !== undefined && value >= min && value <= max ? value : undefined;

/** Whether a text is an absolute URL a browser reads. */
function parses(url: string): boolean {
  try {
    return new URL(url).protocol.startsWith('http');
  } catch {
    return false;
  }
}

/** A scheme at the start of a URL (`javascript:`, `data:`, `https:`). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * A URL a page may use as a link: an http(s) URL, or a site path ('/product/3', not '//host' nor '/\host'). White
 * space and controls inside are refused, since a browser drops them and would read `java\tscript:` as a scheme.
 */
export function safeLink(value: string): string | null {
  const url = value.trim();
  if (url === '' || /[\s\u0000-\u001F\u007F-\u009F\\]/.test(url) || HIDDEN_CHARACTER.test(url)) return null;
  if (/^https?:\/\/[^/]/i.test(url)) return parses(url) ? url : null;
  return /^\/(?!\/)/.test(url) ? url : null;
}

/** An image URL a page may load: an http(s) URL, a protocol-relative one or a path without a scheme. */
export function safeImage(value: string): string | null {
  const url = value.trim();
  if (url === '' || /[\s\u0000-\u001F\u007F-\u009F\\]/.test(url) || HIDDEN_CHARACTER.test(url)) return null;
  if (/^https?:/i.test(url)) return /^https?:\/\/[^/]/i.test(url) && parses(url) ? url : null;
  return SCHEME.test(url) ? null : url;
}
