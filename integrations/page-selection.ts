/**
 * Which pages this build renders, and what each page was made from. Astro's prerenderer is wrapped (its
 * `astro:build:start` hook) so that the whole site build keeps one code path:
 *
 * - **Shards** (`BUILD_SHARD=i/n`, `npm run build -- --shard i/n`): only the paths whose hash falls in shard i
 *   of n are rendered; every path is in exactly one shard whatever the catalogue, and the shards' outputs join
 *   into the single build's (scripts/build.ts `--merge`).
 * - **Reuse** (`BUILD_REUSE=<live release>`, `BUILD_REUSE_INPUTS=<its manifest>`, the nightly rebuild): a page
 *   of a route in REUSABLE_ROUTES whose inputs hash as they did in the live release is linked from it instead
 *   of rendered. A page's inputs are its props (what getStaticPaths handed it: the product, its related cards,
 *   a listing's cards, a product's reviews) and the shared inputs: the compiled code (every file of the
 *   prerender bundle: components, layouts, dictionaries, the client assets' hashed names), the categories
 *   (every page's menu: BUILD_SHARED_DATA, or the rebuild's catalogue handover) and the build settings read at
 *   render time (SHARED_ENV, and the year, in every page's footer). When the shared inputs changed, nothing is
 *   reused.
 * - **Handover** (`BUILD_CATALOGUE=<folder>`, the rebuild): the pages' data is the catalogue the rebuild read and
 *   checked while Astro started (src/data/catalogue-file.ts); the paths wait for it.
 * - **Inputs** (`BUILD_INPUTS_OUT=<file>`): the shared hash and every reusable page's hash, for the manifest.
 * - **Profile** (`BUILD_PROFILE=<file>`): per route, the time in getStaticPaths (the first call loads the
 *   catalogue) and in rendering, and how many pages were rendered and reused.
 *
 * A route may be in REUSABLE_ROUTES only while its pages read no catalogue data but their props and the menu, and
 * nothing of the time but the year: tests/ops/incremental.test.ts compares an incremental build with a full one,
 * byte for byte.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroConfig, RouteData } from 'astro';
import { handedOver } from './catalogue-handover.ts';
import { linkFiles } from './link-file.ts';
import { startsModulesAtLoad } from './module-graph.ts';

/** Routes whose pages are a function of their props and the shared inputs only. */
const REUSABLE_ROUTES = [
  '/[lang]/product/[id]',
  '/[lang]/comments/[id]',
  '/[lang]/category/[id]/[...page]',
  '/[lang]/store/[address]/[...page]',
  // The shopper's own pages and the shop's texts: the frame around an island or a text, and the menu.
  '/[lang]/404',
  '/[lang]/[fragment]',
  '/[lang]/agreement',
  '/[lang]/basket',
  '/[lang]/comments/late',
  '/[lang]/favorites',
  '/[lang]/forbidden',
  '/[lang]/mobile-category',
  '/[lang]/network-error',
  '/[lang]/orders-confirmation',
  '/[lang]/orders-success',
  '/[lang]/profile',
  '/[lang]/profile/order',
  '/[lang]/profile/orders',
  '/[lang]/profile/reviews',
  '/[lang]/questions',
  '/[lang]/search',
  '/[lang]/server-error',
];

/** Build settings the pages read when they render (the rest is compiled into the code). */
const SHARED_ENV =
  /^(SITE_URL|API_URL|MEDIA_ORIGINS|IMAGE_SERVICE|GEOCODER_URL|MAP_TILE_\w+|SHOP_\w+|SELLER_URL|INSTALLMENT_\w+)$/;

export interface PageInputs {
  /** Hash of the inputs every page shares; a page is reused only when this is the same. */
  shared: string;
  /** Output file ('uz/product/5.html') → hash of its own inputs, for the pages of REUSABLE_ROUTES. */
  pages: Record<string, string>;
  /** The parts of `shared`, to say which changed: the compiled code, the categories, the build settings. */
  parts?: { code: string; categories: string; settings: string };
}

/** Which parts of the shared inputs differ ('the code', …), or [] when the same (or not known). */
function changedParts(before: PageInputs | null, after: PageInputs): string[] {
  if (!before || before.shared === after.shared) return [];
  if (!before.parts || !after.parts) return ['the shared inputs'];
  const names = { code: 'the code', categories: 'the categories', settings: 'the build settings' } as const;
  return (Object.keys(names) as (keyof typeof names)[])
    .filter((part) => before.parts![part] !== after.parts![part])
    .map((part) => names[part]);
}

export interface Shard {
  index: number;
  count: number;
}

/** "2/3" → shard 2 of 3 (1-based); null for anything else. */
export function parseShard(text: string | undefined): Shard | null {
  const match = /^(\d+)\/(\d+)$/.exec(text ?? '');
  if (!match) return null;
  const [index, count] = [Number(match[1]), Number(match[2])];
  return index >= 1 && index <= count ? { index, count } : null;
}

/**
 * The shard (1-based) a path belongs to: FNV-1a of the path without its language, so every path is in exactly one
 * and a page's languages in the same (a product's two pages share a search index part, scripts/rebuild/index-parts.ts).
 */
export function shardOf(pathname: string, count: number): number {
  const key = pathname.replace(/^\/(uz|ru)(?=\/|$)/, '');
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return (hash % count) + 1;
}

/** The file a path is written to (format 'file'): '/' → index.html, '/uz/about' → uz/about.html, endpoints as named. */
function outputFile(pathname: string, type: string): string {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (type === 'endpoint') return path;
  return path === '' ? 'index.html' : `${path}.html`;
}

/** JSON with Maps as entry lists, so a prop's hash covers what the page can read of it. */
const stable = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (item instanceof Map ? [...item.entries()] : item));

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * The compiled code: every file of the prerender bundle, without what differs between two builds of the same
 * code and pages: the out folder's name, the manifest's random key (for server islands, which we have none of),
 * and the bundle's chunk names (their hashes cover module ids written relative to the out folder, so they change
 * with its depth, and with them the order of the entry's manifest; the client's assets, which pages name, do not).
 */
function hashCode(dir: string, outDir: string, root: string): string {
  // Astro runs from the out folder: module ids in the bundle are written relative to it ('../../../work/main/src/…').
  const fromOut = relative(fileURLToPath(outDir), root).split(sep).join('/');
  const chunkName = /([._])[\w-]{8}\.mjs\b/g;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const text = readFileSync(file, 'latin1')
        .split(outDir)
        .join('<out>')
        .split(fromOut)
        .join('<root>')
        .replace(/"key":"[\w+/=]+"/g, '"key":""')
        .replace(chunkName, '$1#.mjs');
      const name = relative(dir, file).replace(chunkName, '$1#.mjs');
      // The entry's manifest lists pages and modules in the order of those chunk names: compare it as a set.
      return `${name}\0${name.startsWith('prerender-entry') ? text.split(',').sort().join(',') : text}`;
    })
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file, 'latin1').update('\0');
  return hash.digest('base64url');
}

export interface SelectionOptions {
  shard: Shard | null;
  reuseFrom: string | null;
  reuseInputs: string | null;
  sharedData: string;
  /** The rebuild's catalogue handover folder, whose handover names the shared data. */
  catalogue: string | null;
  inputsOut: string | null;
  profileOut: string | null;
}

function selectionFromEnv(env: NodeJS.ProcessEnv = process.env): SelectionOptions {
  if (env['BUILD_SHARD'] && !parseShard(env['BUILD_SHARD']))
    throw new Error(`BUILD_SHARD must be i/n with 1 ≤ i ≤ n (got "${env['BUILD_SHARD']}")`);
  return {
    shard: parseShard(env['BUILD_SHARD']),
    reuseFrom: env['BUILD_REUSE'] || null,
    reuseInputs: env['BUILD_REUSE_INPUTS'] || null,
    sharedData: env['BUILD_SHARED_DATA'] ?? '',
    catalogue: env['BUILD_CATALOGUE'] || null,
    inputsOut: env['BUILD_INPUTS_OUT'] || null,
    profileOut: env['BUILD_PROFILE'] || null,
  };
}

function readInputs(path: string | null): PageInputs | null {
  if (!path) return null;
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as { inputs?: PageInputs } & Partial<PageInputs>;
    const inputs = data.inputs ?? data;
    return typeof inputs.shared === 'string' && inputs.pages ? (inputs as PageInputs) : null;
  } catch {
    return null;
  }
}

interface RouteProfile {
  route: string;
  rendered: number;
  reused: number;
  pathsMs: number;
  renderMs: number;
}

/** What the selection did, for the build's log, the profile and the page-preload step. */
export interface SelectionResult {
  /** Output files rendered by this build (the others were reused or belong to other shards). */
  rendered: string[];
  /**
   * The rendered pages that start modules at load (an island hydrated on load, or after the first screen), seen as
   * they render: the island preloads read only these, not every page again (a fifth of a 10k build's wall time went
   * to that).
   */
  startPages: string[];
  reused: number;
  skipped: number;
}

// Astro's prerenderer interface, as far as this wrapper uses it.
interface PathWithRoute {
  pathname: string;
  route: RouteData;
  cacheKey?: string;
}
interface Prerenderer {
  name: string;
  app?: { routeCache?: RouteCache };
  setup?(): Promise<void>;
  getStaticPaths(): Promise<PathWithRoute[]>;
  render(request: Request, options: { routeData: RouteData; collectMetadata?: boolean }): Promise<unknown>;
  teardown?(): Promise<void>;
  [key: string]: unknown;
}
interface StaticPath {
  props?: unknown;
}
interface RouteCache {
  get(route: RouteData): { staticPaths?: { keyed: Map<string, StaticPath> } } | undefined;
}

export function pageSelection(options: SelectionOptions = selectionFromEnv()): AstroIntegration & {
  result: SelectionResult;
} {
  let config: AstroConfig;
  const result: SelectionResult = { rendered: [], startPages: [], reused: 0, skipped: 0 };
  const profile = new Map<string, RouteProfile>();
  const profileOf = (route: string) => {
    let entry = profile.get(route);
    if (!entry) profile.set(route, (entry = { route, rendered: 0, reused: 0, pathsMs: 0, renderMs: 0 }));
    return entry;
  };
  let started = performance.now();
  /**
   * Astro renders several pages at once (build.concurrency): the wall time while pages are in flight is shared
   * among them, so the routes' times add up to the time spent rendering, and what is left of the generation
   * is Astro's own work between pages (writing files) that no rendering overlapped.
   */
  const inFlight: RouteProfile[] = [];
  let lastTick = started;
  const renderClock = (entry: RouteProfile, event: 'start' | 'end') => {
    const now = performance.now();
    for (const rendering of inFlight) rendering.renderMs += (now - lastTick) / inFlight.length;
    lastTick = now;
    if (event === 'start') inFlight.push(entry);
    else inFlight.splice(inFlight.indexOf(entry), 1);
  };
  let cpuStarted = process.cpuUsage();
  let code = '';
  /** The reused pages being linked, through the thread pool while the others render. */
  let linking: Promise<void> = Promise.resolve();

  /** Where Astro writes the prerender bundle (Astro's getPrerenderOutputDirectory, prefix test included). */
  const prerenderDir = () => {
    const out = fileURLToPath(config.outDir);
    return out.startsWith(process.cwd()) ? join(out, '.prerender') : join(process.cwd(), '.astro', '.prerender');
  };

  const wrap = (base: Prerenderer): Prerenderer => ({
    ...base,
    name: 'bozor:page-selection',
    async setup() {
      started = performance.now();
      cpuStarted = process.cpuUsage();
      if (options.inputsOut !== null || options.reuseFrom !== null)
        code = hashCode(prerenderDir(), config.outDir.href, fileURLToPath(config.root));
      // The bundle imports packages by name: outside the project nothing resolves them.
      const dir = prerenderDir();
      const root = fileURLToPath(config.root);
      const inside = !relative(root, dir).startsWith('..') && !isAbsolute(relative(root, dir));
      if (!inside && !existsSync(join(dir, 'node_modules')))
        symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
      await base.setup?.();
    },
    async getStaticPaths() {
      const waitStarted = performance.now();
      const sharedData = options.catalogue ? (await handedOver(options.catalogue)).sharedData : options.sharedData;
      const pathsStarted = performance.now();
      profileOf("(waiting for the rebuild's catalogue)").pathsMs += pathsStarted - waitStarted;
      const all = await base.getStaticPaths();
      profileOf('(getStaticPaths, data loading included)').pathsMs += performance.now() - pathsStarted;

      const needsInputs = options.inputsOut !== null || options.reuseFrom !== null;
      let shared = '';
      let parts: PageInputs['parts'];
      let routeCache: RouteCache | null = null;
      if (needsInputs) {
        const env = Object.entries(process.env)
          .filter(([name]) => SHARED_ENV.test(name))
          .sort(([a], [b]) => a.localeCompare(b));
        // The footer's year is printed on every page: a new year builds everything once.
        const settings = stable([...env, ['year', new Date().getFullYear()]]);
        shared = digest(`${code}|${sharedData}|${settings}`);
        parts = { code: digest(code), categories: sharedData, settings: digest(settings) };
        // The prerender bundle's own route cache (Astro's BuildApp), where getStaticPaths left each path's props.
        routeCache = base.app?.routeCache ?? null;
        if (!routeCache) throw new Error('page-selection: this Astro has no app.routeCache; see REUSABLE_ROUTES');
      }
      const previous = readInputs(options.reuseInputs);
      const canReuse = options.reuseFrom !== null && previous !== null && previous.shared === shared;
      const inputs: PageInputs = { shared, pages: {}, parts };
      const reused: [from: string, to: string][] = [];

      const selected = all.filter(({ pathname, route }) => {
        if (options.shard && shardOf(pathname, options.shard.count) !== options.shard.index) {
          result.skipped++;
          return false;
        }
        const file = outputFile(pathname, route.type);
        if (routeCache && REUSABLE_ROUTES.includes(route.route)) {
          const props = routeCache.get(route)?.staticPaths?.keyed.get(pathname)?.props;
          if (props === undefined) throw new Error(`page-selection: no props cached for ${pathname}`);
          const hash = digest(`${route.component}|${pathname}|${stable(props)}`);
          inputs.pages[file] = hash;
          const live = canReuse && previous.pages[file] === hash ? join(options.reuseFrom!, file) : null;
          if (live && existsSync(live)) {
            reused.push([live, join(fileURLToPath(config.outDir), file)]);
            profileOf(route.route).reused++;
            result.reused++;
            return false;
          }
        }
        result.rendered.push(file);
        return true;
      });
      if (options.inputsOut) {
        const stats = {
          rendered: result.rendered.length,
          reused: result.reused,
          changed: changedParts(previous, inputs),
        };
        writeFileSync(options.inputsOut, JSON.stringify({ ...inputs, ...stats }));
      }
      const note = options.reuseFrom && !canReuse ? ' (shared inputs changed or unknown: nothing reused)' : '';
      console.log(
        `[page-selection] rendering ${selected.length} of ${all.length} paths` +
          `${options.shard ? `, shard ${options.shard.index}/${options.shard.count}` : ''}` +
          `${result.reused ? `, ${result.reused} reused from ${options.reuseFrom}` : ''}${note}`,
      );
      linking = linkFiles(reused);
      linking.catch(() => {});
      return selected;
    },
    async render(request, renderOptions) {
      const entry = profileOf(renderOptions.routeData.route);
      renderClock(entry, 'start');
      const rendered = (await base.render(request, renderOptions)) as Response | { response: Response };
      // Read the body here, so the time is the page's rendering, not Astro's writing it out.
      const response = rendered instanceof Response ? rendered : rendered.response;
      const body = await response.arrayBuffer();
      if (renderOptions.routeData.type === 'page' && startsModulesAtLoad(Buffer.from(body)))
        result.startPages.push(decodeURI(new URL(request.url).pathname).slice(1));
      entry.rendered++;
      renderClock(entry, 'end');
      const copy = new Response(response.status === 204 ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      return rendered instanceof Response ? copy : { ...rendered, response: copy };
    },
    async teardown() {
      await linking;
      await base.teardown?.();
      if (options.profileOut) {
        const routes = [...profile.values()].sort((a, b) => b.renderMs + b.pathsMs - (a.renderMs + a.pathsMs));
        const renderMs = routes.reduce((sum, route) => sum + route.renderMs, 0);
        const generateMs = performance.now() - started;
        const cpu = process.cpuUsage(cpuStarted);
        const at = {
          setupAt: Date.now() - generateMs,
          teardownAt: Date.now(),
          generateCpuMs: (cpu.user + cpu.system) / 1000,
        };
        writeFileSync(options.profileOut, JSON.stringify({ ...at, generateMs, renderMs, routes }, null, 2));
      }
    },
  });

  return {
    name: 'bozor-page-selection',
    result,
    hooks: {
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((base) => wrap(base as unknown as Prerenderer) as never);
      },
    },
  };
}
