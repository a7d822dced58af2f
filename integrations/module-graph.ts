/**
 * The scripts of a built page and the modules they import statically: shared
 * by the publish gate's first-load measure (scripts/rebuild/budget.ts) and the
 * build's island preloads (island-preload.ts).
 */
import { init, parse } from 'es-module-lexer';
import { Parser } from 'htmlparser2';

export interface PageScripts {
  /** Each island's hydration directive and the component and renderer it loads. */
  islands: { client: string; urls: string[] }[];
  modules: string[];
  classic: string[];
  inline: { code: string; module: boolean }[];
}

export function pageScripts(html: string): PageScripts {
  const found: PageScripts = { islands: [], modules: [], classic: [], inline: [] };
  let open: { module: boolean; json: boolean; code: string } | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'astro-island') {
        const urls = [attributes['component-url'], attributes['renderer-url']].filter((url) => url !== undefined);
        found.islands.push({ client: attributes['client'] ?? '', urls });
      }
      if (name !== 'script') return;
      const module = attributes['type'] === 'module';
      if (attributes['src']) (module ? found.modules : found.classic).push(attributes['src']);
      else open = { module, json: (attributes['type'] ?? '').includes('json'), code: '' };
    },
    ontext(text) {
      if (open) open.code += text;
    },
    onclosetag(name) {
      if (name === 'script' && open) {
        if (!open.json) found.inline.push({ code: open.code, module: open.module });
        open = null;
      }
    },
  });
  parser.end(html);
  return found;
}

/** es-module-lexer's WebAssembly, ready before the first staticImports. */
export const ready = init;

/** Site paths of the modules a module imports statically (dynamic import() loads on need). */
export function staticImports(code: string, from: string): string[] {
  const [imports] = parse(code);
  return imports
    .filter((entry) => entry.t === 1 && entry.n && /^(\.{1,2}\/|\/)/.test(entry.n))
    .map((entry) => new URL(entry.n!, `http://site${from}`).pathname);
}

/**
 * The static import graph of `entries` (site paths), each module once, entries
 * first. `read` gives a module's code by site path; `imports` keeps each
 * module's imports across calls (the pages of one build share most modules).
 */
export async function moduleGraph(
  entries: string[],
  read: (path: string) => Promise<string>,
  imports = new Map<string, Promise<string[]>>(),
): Promise<string[]> {
  await ready;
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const path = pending.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    if (!imports.has(path))
      imports.set(
        path,
        read(path).then((code) => staticImports(code, path)),
      );
    pending.push(...(await imports.get(path)!));
  }
  return [...seen];
}

/** The site path of a script's URL as a page names it. */
export const sitePath = (url: string) => new URL(url, 'http://site/').pathname;

/**
 * Whether a built page starts modules as it loads beyond its own scripts' imports: an island hydrated on load, or
 * one hydrated after the page's first screen (`client:after`), which the page's own scripts draw.
 */
export const startsModulesAtLoad = (page: string | Buffer): boolean =>
  page.includes('client="load"') || page.includes('client="after"');
