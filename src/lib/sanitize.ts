/**
 * Text from the API (product descriptions, store and review text) is
 * sanitised before it is rendered: only basic formatting tags survive, with no
 * attributes except a link's href; script and style bodies are dropped.
 * The `xss` package runs in Node (build) and in the browser (404 fallback).
 */
import { FilterXSS } from 'xss';

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
  onTagAttr(tag, name, value) {
    // Links only to http(s) or site paths.
    if (tag === 'a' && name === 'href' && !/^(https?:\/\/|\/)/i.test(value.trim())) return '';
    return undefined;
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
