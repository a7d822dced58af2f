/**
 * First-load JavaScript budget: for one built page of every type, everything
 * the page loads before any interaction — module scripts, modulepreloads,
 * island components and renderers, their static imports, inline scripts —
 * gzipped and summed. Fails (exit 1) when a page is over BUDGET_KB.
 * Usage: node scripts/budget.ts [distDir]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { LANGS } from '../src/lib/api/schemas.ts';

export const BUDGET_KB = 100;
export const TARGET_KB = 80;

const dist = resolve(process.argv[2] ?? 'dist');

/** The first page of a dynamic route, e.g. the first product built. */
function firstIn(dir: string): string | null {
  const full = join(dist, dir);
  if (!existsSync(full)) return null;
  const page = readdirSync(full)
    .filter((name) => name.endsWith('.html'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0];
  return page ? join(dir, page) : null;
}

function pageTypes(): Record<string, string | null> {
  const pages: Record<string, string | null> = { root: 'index.html', 'not-found': '404.html' };
  for (const lang of LANGS) {
    const fixed = [
      'top-product',
      'about',
      'agreement',
      'questions',
      'mobile-category',
      'basket',
      'favorites',
      'search',
      'profile',
      'orders-confirmation',
      'orders-success',
      'server-error',
      'forbidden',
      'network-error',
    ];
    pages[`${lang}/home`] = `${lang}.html`;
    for (const name of fixed) pages[`${lang}/${name}`] = `${lang}/${name}.html`;
    for (const name of ['category', 'product', 'store', 'comments'])
      pages[`${lang}/${name}`] = firstIn(`${lang}/${name}`);
  }
  return pages;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];

/** Script URLs a page loads up front, and its inline script text. */
function entryScripts(html: string): { urls: string[]; inline: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const [tag, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g) as Iterable<
    [string, string, string]
  >) {
    const src = attribute(tag, 'src');
    const type = attribute(tag, 'type');
    if (src) urls.push(src);
    else if (!type || type === 'module' || type === 'text/javascript') inline.push(body);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = attribute(tag, 'href');
    if (href) urls.push(href);
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attribute(tag, name);
      if (url) urls.push(url.replace(/&amp;/g, '&'));
    }
  }
  return { urls: urls.filter((url) => url.startsWith('/')), inline };
}

/** A module and everything it imports statically (dynamic import() is loaded later, on need). */
function staticGraph(entry: string, seen: Set<string>): void {
  if (seen.has(entry)) return;
  const file = join(dist, entry);
  if (!existsSync(file)) throw new Error(`Missing script ${entry}`);
  seen.add(entry);
  const [imports] = parse(readFileSync(file, 'utf8'));
  for (const item of imports) {
    if (item.type !== 'static' && item.type !== 'reexport-star') continue;
    const target = item.specifier.startsWith('/') ? item.specifier : posix.join(posix.dirname(entry), item.specifier);
    staticGraph(target, seen);
  }
}

const gzipKb = (text: string | Buffer) => gzipSync(text, { level: 9 }).length / 1024;

export async function measure(): Promise<{ page: string; kb: number }[]> {
  await init;
  const rows: { page: string; kb: number }[] = [];
  for (const [page, file] of Object.entries(pageTypes())) {
    if (!file || !existsSync(join(dist, file)))
      throw new Error(`No built page for ${page} (${file ?? 'none'}) in ${dist}`);
    const { urls, inline } = entryScripts(readFileSync(join(dist, file), 'utf8'));
    const modules = new Set<string>();
    for (const url of urls) staticGraph(url.split('?')[0] as string, modules);
    const kb =
      [...modules].reduce((sum, url) => sum + gzipKb(readFileSync(join(dist, url))), 0) +
      inline.reduce((sum, code) => sum + gzipKb(code), 0);
    rows.push({ page, kb });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measure();
  const over = rows.filter((row) => row.kb > BUDGET_KB);
  console.log(`First-load JavaScript (gzip), budget ${BUDGET_KB} KB, target ${TARGET_KB} KB:`);
  for (const { page, kb } of rows) {
    const mark = kb > BUDGET_KB ? 'OVER BUDGET' : kb > TARGET_KB ? 'over target' : 'ok';
    console.log(`  ${page.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB  ${mark}`);
  }
  if (over.length > 0) {
    console.error(`${over.length} page type(s) over the ${BUDGET_KB} KB budget`);
    process.exit(1);
  }
}
