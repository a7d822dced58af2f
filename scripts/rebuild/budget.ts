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
import { moduleGraph, pageScripts, ready, sitePath, staticImports } from '../../integrations/module-graph.ts';

/** Islands with this directive load only when a media query matches. */
const LATER = new Set(['media']);

const gzipKb = (body: string | Buffer) => gzipSync(body, { level: 9 }).length / 1024;

export interface FirstLoad {
  kb: number;
  files: string[];
}

/**
 * First-load JavaScript of one built page (gzip KB) and the script files counted. `gzipped` keeps each file's size
 * across the pages of one release: they share most of their modules, and gzip at level 9 is the measure's cost.
 */
export async function firstLoad(
  root: string,
  htmlFile: string,
  gzipped = new Map<string, Promise<number>>(),
): Promise<FirstLoad> {
  const scripts = pageScripts(readFileSync(join(root, htmlFile), 'utf8'));
  const read = async (path: string) => {
    const file = join(root, decodeURIComponent(path));
    if (!existsSync(file)) throw new Error(`${htmlFile} loads ${path}, which is not in the release`);
    return readFileSync(file, 'utf8');
  };
  const islands = scripts.islands.filter((island) => !LATER.has(island.client)).flatMap((island) => island.urls);
  await ready;
  const fromInline = scripts.inline
    .filter((inline) => inline.module)
    .flatMap((inline) => staticImports(inline.code, '/'));
  const modules = await moduleGraph([...islands, ...scripts.modules, ...fromInline].map(sitePath), read);
  // Classic scripts import nothing statically.
  const files = [...new Set([...modules, ...scripts.classic.map(sitePath)])].sort();
  const fileKb = await Promise.all(
    files.map((path) => {
      let kb = gzipped.get(path);
      if (!kb) gzipped.set(path, (kb = read(path).then(gzipKb)));
      return kb;
    }),
  );
  const inlineKb = scripts.inline.map((inline) => gzipKb(inline.code));
  return { kb: [...fileKb, ...inlineKb].reduce((sum, kb) => sum + kb, 0), files };
}
