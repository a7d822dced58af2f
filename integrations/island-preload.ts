/**
 * Module preloads for the islands hydrated on load. Astro imports an island's
 * component and renderer only when its <astro-island> runs, and the browser
 * learns of each further import only once the module naming it has arrived:
 * a chain of round trips before the island renders (on a phone, most of
 * checkout's largest paint). A <link rel="modulepreload"> in the head for
 * every module of those graphs fetches them all at once, beside the
 * stylesheets. Pages without such an island are left as they are.
 */
import type { AstroIntegration } from 'astro';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleGraph, pageScripts, sitePath, startsModulesAtLoad } from './module-graph.ts';
import type { SelectionResult } from './page-selection.ts';

/**
 * The page with a modulepreload for each module its load islands need (or the scripts that draw its first screen),
 * or null when it has none.
 */
async function withIslandPreloads(
  root: string,
  html: string,
  imports = new Map<string, Promise<string[]>>(),
): Promise<string | null> {
  const scripts = pageScripts(html);
  const islands = scripts.islands.filter((island) => island.client === 'load').flatMap((island) => island.urls);
  // An island hydrated after the first screen keeps its modules (React) off the network until then; the page's
  // scripts that draw that screen are preloaded.
  const afterFirstScreen = scripts.islands.some((island) => island.client === 'after');
  if (islands.length === 0 && !afterFirstScreen) return null;
  const entries = [...islands, ...scripts.modules].map(sitePath);
  // Module scripts in the page are found by the browser's own preload scanner; their imports are not. A page whose
  // scripts draw its first screen has them preloaded too: the scanner reaches those at the body's end late.
  const inPage = new Set(afterFirstScreen ? [] : scripts.modules);
  const read = (path: string) => readFile(join(root, decodeURIComponent(path)), 'utf8');
  const links = (await moduleGraph(entries, read, imports))
    .filter((path) => !inPage.has(path))
    .map((path) => `<link rel="modulepreload" href="${path}">`);
  return html.replace('</head>', `${links.join('')}</head>`);
}

/**
 * Adds the preloads to every built page (or those of `files`, relative to root) that starts modules at load; answers
 * how many.
 */
export async function addIslandPreloads(root: string, files?: string[]): Promise<number> {
  const imports = new Map<string, Promise<string[]>>();
  const pages = (files ?? (await readdir(root, { recursive: true }))).filter((file) => file.endsWith('.html'));
  let changed = 0;
  for (const page of pages) {
    const file = join(root, page);
    const text = await readFile(file, 'utf8');
    if (!startsModulesAtLoad(text)) continue;
    const html = await withIslandPreloads(root, text, imports);
    if (html === null) continue;
    await writeFile(file, html);
    changed++;
  }
  return changed;
}

/**
 * Pages whose islands hydrate on load fetch those islands' modules at once: the pages this build rendered with such
 * an island, noted as they rendered (a page reused from the live release has them already, and no other page is
 * read again).
 */
export const islandPreloads = (selection: { result: SelectionResult }): AstroIntegration => ({
  name: 'bozor-island-preloads',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      await addIslandPreloads(fileURLToPath(dir), selection.result.startPages);
    },
  },
});
