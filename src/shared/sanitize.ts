/**
 * Text from the API (product descriptions, store and review text) is
 * sanitised before it is rendered: only basic formatting tags survive, with no
 * attributes except a link's href; script and style bodies are dropped.
 * A link keeps its href only when it is an http(s) URL or a path on this site,
 * and the href written is the one that was checked (normalised and escaped),
 * so no encoding trick reads differently in the browser; links to other sites
 * get `rel="nofollow noopener noreferrer ugc"`.
 * The `xss` package runs in Node (build) and in the browser (404 fallback).
 */
import { FilterXSS } from 'xss';

const EXTERNAL_REL = 'nofollow noopener noreferrer ugc';

/** Character references a link may hide behind (numeric ones are all decoded). */
const NAMED: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  sol: '/',
  bsol: '\\',
  colon: ':',
  period: '.',
  tab: '\t',
  newline: '\n',
};

function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([\da-f]+)|([a-z]+));?/gi, (text, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()] ?? text;
    const code = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

/** Percent-decoded until stable, as a lenient server might read it (checks only; never thrown on). */
function percentDecoded(value: string): string {
  let current = value;
  for (let i = 0; i < 5; i++) {
    const next = current.replace(/%([\da-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current;
}

const CONTROL = /[\u0000-\u001f\u007f]/;
/** Would leave the site: another host (`//`, `/\`), or backslashes and controls anywhere, even percent-encoded. */
const offSite = (path: string) => {
  const decoded = percentDecoded(path);
  return /^\/[/\\]/.test(decoded) || decoded.includes('\\') || CONTROL.test(decoded);
};

/** Base for resolving same-site paths; only its origin matters. */
const SITE = 'https://site.invalid';

/**
 * The href to write for a link, or null when the link must lose it: only
 * absolute http(s) URLs (external) and paths on this site are kept.
 */
function safeHref(raw: string): { href: string; external: boolean } | null {
  // What the browser's URL parser does first: tabs and newlines vanish, C0 controls and spaces are trimmed.
  const value = decodeEntities(raw)
    .replace(/[\t\n\r]/g, '')
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (CONTROL.test(value) || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (/^https?:\/\//i.test(value)) {
    // user:pass@ only disguises the real host.
    url.username = '';
    url.password = '';
    return { href: url.href, external: true };
  }
  if (!value.startsWith('/') || url.origin !== SITE) return null;
  const href = `${url.pathname}${url.search}${url.hash}`;
  return offSite(value) || offSite(href) ? null : { href, external: false };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The first href of the <a> being filtered has been seen (the browser uses the first one too). */
let hrefSeen = false;

const filter = new FilterXSS({
  whiteList: {
    p: [],
    br: [],
    b: [],
    strong: [],
    i: [],
    em: [],
    u: [],
    s: [],
    ul: [],
    ol: [],
    li: [],
    h3: [],
    h4: [],
    blockquote: [],
    a: ['href'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  onTag(tag, _html, options) {
    if (tag === 'a' && !options.isClosing) hrefSeen = false;
    return undefined;
  },
  onTagAttr(tag, name, value) {
    if (tag !== 'a' || name !== 'href') return undefined;
    if (hrefSeen) return '';
    hrefSeen = true;
    const link = safeHref(value);
    if (!link) return '';
    return `href="${escapeAttribute(link.href)}"${link.external ? ` rel="${EXTERNAL_REL}"` : ''}`;
  },
});

/** Safe HTML for `set:html` / innerHTML. */
export function sanitizeHtml(html: string | null | undefined): string {
  return html ? filter.process(html).trim() : '';
}

/** Plain text (tags removed, entities left escaped) for meta descriptions, alt texts and JSON-LD. */
export function plainText(html: string | null | undefined, max = 300): string {
  if (!html) return '';
  const text = sanitizeHtml(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
