/**
 * First-load JavaScript of a built page, measured statically for the publish
 * gate: the page's module and classic scripts, the component and renderer of
 * every island that hydrates without interaction (load, idle, visible, only),
 * everything those modules import statically, and inline scripts (JSON-LD
 * aside); each file gzipped once, summed. budget.spec.ts measures the same in
 * Chromium; the two agree to 0.1 KB except where an island imports more at
 * start-up with import() (Pagefind on the search page: README, Operations).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageScripts, ready, staticImports } from '../module-graph.ts';

/** Islands with these directives load only on a shopper's action or a media query. */
const LATER = new Set(['interaction', 'media']);

const gzipKb = (body: string | Buffer) => gzipSync(body, { level: 9 }).length / 1024;

export interface FirstLoad {
  kb: number;
  files: string[];
}

/** First-load JavaScript of one built page (gzip KB) and the script files counted. */
export async function firstLoad(root: string, htmlFile: string): Promise<FirstLoad> {
  await ready;
  const scripts = pageScripts(readFileSync(join(root, htmlFile), 'utf8'));
  const counted = new Map<string, number>();
  const islands = scripts.islands.filter((island) => !LATER.has(island.client)).flatMap((island) => island.urls);
  const pending = [
    ...[...islands, ...scripts.modules].map((url) => ({ url, module: true })),
    ...scripts.classic.map((url) => ({ url, module: false })),
  ];
  for (const inline of scripts.inline) {
    if (inline.module) pending.push(...staticImports(inline.code, '/').map((url) => ({ url, module: true })));
  }
  while (pending.length > 0) {
    const { url, module } = pending.pop()!;
    const path = new URL(url, 'http://site/').pathname;
    if (counted.has(path)) continue;
    const file = join(root, decodeURIComponent(path));
    if (!existsSync(file)) throw new Error(`${htmlFile} loads ${path}, which is not in the release`);
    const code = readFileSync(file, 'utf8');
    counted.set(path, gzipKb(code));
    if (module) pending.push(...staticImports(code, path).map((next) => ({ url: next, module: true })));
  }
  const inlineKb = scripts.inline.reduce((sum, inline) => sum + gzipKb(inline.code), 0);
  return { kb: [...counted.values()].reduce((sum, kb) => sum + kb, inlineKb), files: [...counted.keys()].sort() };
}
