/**
 * Builds the static site against an API: Astro prerenders every page, then
 * Pagefind indexes it. Used by `npm run build`, `npm start`,
 * the e2e tests and the bench.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { linkFile, linkFiles } from '../integrations/link-file.ts';
import { parseShard, type PageInputs } from '../integrations/page-selection.ts';
import { LANGS, type Lang } from '#contract/langs.ts';
import type { Category } from '#contract/schemas.ts';
import { buildApi, handedFolder } from '../src/data/catalogue.ts';
import { handedOver } from '../integrations/catalogue-handover.ts';
import { listFiles } from './rebuild/files.ts';
import { indexedPages, partOf, partsCount, productParts, shardParts, type IndexPart } from './rebuild/index-parts.ts';
import { PARTS_FILE, partFolder, type PartsList } from '../src/lib/index-parts.ts';
import { childrenCpuSeconds, childrenRssKb, samplePeakMemory } from './process-memory.ts';

export interface BuildOptions {
  apiUrl: string;
  siteUrl?: string;
  outDir?: string;
  /** Extra environment for the build (the bench sets memory figures through it). */
  env?: NodeJS.ProcessEnv;
  /** The build's time (ISO), printed into product pages as data-built-at; now by default. */
  builtAt?: string;
  /** Aborting stops the build's child process (the rebuild does on SIGTERM). */
  signal?: AbortSignal;
  /** false: Astro only, the caller runs indexSite (the rebuild runs it beside its gate). */
  index?: boolean;
}

export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  signal?: AbortSignal,
  cwd?: string,
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, signal, cwd });
    // An abort kills the child: settle on its exit, so nothing writes into the output after we return.
    child.on('error', (error) => error.name !== 'AbortError' && fail(error));
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

export async function buildSite({
  apiUrl,
  siteUrl,
  outDir = 'dist',
  env = {},
  builtAt = new Date().toISOString(),
  signal,
  index = true,
}: BuildOptions): Promise<void> {
  const out = resolve(outDir);
  const profile = env['BUILD_PROFILE'] ?? process.env['BUILD_PROFILE'];
  const astroAt = Date.now();
  const cpuAtStart = childrenCpuSeconds();
  const parts: PartFigures[] = [];
  await astroBuild(
    out,
    { API_URL: apiUrl, BUILT_AT: builtAt, ...(siteUrl ? { SITE_URL: siteUrl } : {}), ...env },
    signal,
  );
  const pagefindAt = Date.now();
  const cpuAtPagefind = childrenCpuSeconds();
  const selfAtPagefind = process.cpuUsage();
  if (!index) return;
  await indexSite(out, { onPart: (part) => parts.push(part) });
  if (profile) {
    // The build's phases beside page-selection's figures (what `npm run bench` prints).
    const figures = JSON.parse(readFileSync(profile, 'utf8')) as object;
    const self = process.cpuUsage(selfAtPagefind);
    const phases = {
      astroAt,
      pagefindAt,
      doneAt: Date.now(),
      // Pagefind's process is closed, not waited for: its CPU time counts in no parent's, so the bench adds it.
      pagefindProcessCpuMs: pagefindCpuSeconds * 1000,
      astroCpuMs: (cpuAtPagefind - cpuAtStart) * 1000,
      // Pagefind's binary is our child; its Node API runs in this process.
      pagefindCpuMs:
        (pagefindCpuSeconds + childrenCpuSeconds() - cpuAtPagefind) * 1000 + (self.user + self.system) / 1000,
      parts,
    };
    writeFileSync(profile, JSON.stringify({ ...figures, ...phases }, null, 2));
  }
}

/** CPU seconds of the last indexSite's Pagefind process (read before it is closed: it is never waited for). */
let pagefindCpuSeconds = 0;

function pagefindChildCpuSeconds(): number {
  let seconds = 0;
  try {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.replace(/^.*\) /s, '').split(' ');
        if (Number(fields[1]) === process.pid && stat.includes('(pagefind'))
          seconds += (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return seconds;
}

/** The project's root: the build runs its Astro wherever it is started from. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Astro's build of the project into `out`, run from `out` itself: Astro writes its prerender bundle into the
 * out folder when that is inside the working directory, else into the working directory's `.astro/` — shared
 * by concurrent builds and maybe on another disk than the out folder. From `out`, every build has its own,
 * beside its pages; integrations/page-selection.ts makes the project's packages resolvable from it.
 */
export async function astroBuild(out: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  mkdirSync(out, { recursive: true });
  const astro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
  await run(process.execPath, [astro, 'build', '--root', ROOT], { ...env, ...UNSET, OUT_DIR: out }, signal, out);
}

/**
 * Variables the build must not see. Astro writes into the prerender bundle every variable whose name occurs in the
 * text of a module reading `import.meta.env`; `_`, the shell's last command, occurs in every module, so a build
 * started from cron or time(1) would differ in code from one started by hand, and reuse no page.
 */
const UNSET: NodeJS.ProcessEnv = { _: undefined };

export interface IndexOptions {
  /** How many product parts (BUILD_INDEX_PARTS by default). */
  count?: number;
  /**
   * The parts to index (default: every product part and the shared one); the others are taken from `reuseFrom` as
   * they are, or left out (a shard's index has no shared part).
   */
  parts?: IndexPart[];
  /** A built release whose parts the ones not indexed here are hard-linked from (if written alike). */
  reuseFrom?: string;
  /** Told each part's figures as it is written. */
  onPart?: (figures: PartFigures) => void;
}

/** One part's Pagefind run: its pages, wall time and the peak resident memory of Pagefind's process. */
export interface PartFigures {
  part: IndexPart;
  pages: number;
  ms: number;
  peakMb: number;
}

/** What a product part keeps of Pagefind's output: the browser runs the shared folder's script and WebAssembly. */
const PART_FILES = /^(pagefind-entry\.json|[^/]+\.pf_meta|(index|fragment|filter)\/.*)$/;

/** The installed Pagefind's version: an index written by another is indexed again, not reused. */
const PAGEFIND_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules/pagefind/package.json'), 'utf8')) as { version: string }
).version;

/** The version of Pagefind that wrote an index folder's entry; null for none. */
function indexVersion(folder: string): string | null {
  try {
    return (
      (JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')) as { version?: string }).version ?? null
    );
  } catch {
    return null;
  }
}

/**
 * Pagefind over the built pages, in parts (src/lib/index-parts.ts): only pages with `data-pagefind-body` (product
 * pages, and the first page of each category and store) are indexed, one index per `<html lang>` in each part.
 * Parts are indexed one after the other, each by its own Pagefind process, so memory grows with a part, not with the
 * site. Beside the shared part, writes `pagefind/parts.js`: the product parts holding pages of each language.
 * Answers the parts it indexed.
 */
export async function indexSite(dir: string, options: IndexOptions = {}): Promise<IndexPart[]> {
  const { count = partsCount(process.env), reuseFrom } = options;
  const parts = options.parts ?? [...productParts(count), 'shared'];
  const figures = (part: IndexPart, run: IndexRun) => {
    const line = { part, ...run };
    console.log(
      `Pagefind: ${part === 'shared' ? 'the shared part' : `product part ${part} of ${count}`}: ${run.pages} pages, ` +
        `${(run.ms / 1000).toFixed(1)} s, peak ${run.peakMb} MB`,
    );
    options.onPart?.(line);
    return run.pages;
  };
  const started = Date.now();
  const site = resolve(dir);
  const out = join(site, 'pagefind');
  const groups = new Map<number | null, string[]>();
  for (const file of indexedPages(site)) {
    const part = partOf(file, count);
    const group = groups.get(part);
    if (group) group.push(file);
    else groups.set(part, [file]);
  }
  pagefindCpuSeconds = 0;
  let indexed = 0;
  const done: IndexPart[] = [];
  const reusable =
    reuseFrom !== undefined &&
    partsOf(reuseFrom)?.parts === count &&
    indexVersion(join(reuseFrom, 'pagefind')) === PAGEFIND_VERSION;
  /** Where a part's index is in a built site: the shared part in the index's own folder, beside the others'. */
  const folderIn = (root: string, part: IndexPart) => join(root, 'pagefind', part === 'shared' ? '' : partFolder(part));
  const folderOf = (part: IndexPart) => folderIn(site, part);
  /** The shared part's own files, beside the product parts' folders and the parts list. */
  const inShared = (file: string) =>
    file !== PARTS_FILE && !productParts(count).some((part) => file.startsWith(`${partFolder(part)}/`));
  const every: IndexPart[] = [...productParts(count), 'shared'];
  // A part not indexed here is taken from `reuseFrom` when it has it, linked while Pagefind writes the others.
  const taken = every.filter(
    (part) => !parts.includes(part) && reusable && existsSync(join(folderIn(reuseFrom, part), 'pagefind-entry.json')),
  );
  const linking = linkFiles(
    taken.flatMap((part) => {
      const from = folderIn(reuseFrom!, part);
      return listFiles(from)
        .filter((file) => part !== 'shared' || inShared(file))
        .map((file) => [join(from, file), join(folderOf(part), file)] as const);
    }),
  );
  linking.catch(() => {});
  for (const part of every.filter((part) => !taken.includes(part) && (parts.includes(part) || reuseFrom))) {
    if (part !== 'shared') rmSync(folderOf(part), { recursive: true, force: true });
    done.push(part);
    indexed += figures(part, await indexPages(site, groups.get(part === 'shared' ? null : part) ?? [], folderOf(part)));
    if (part !== 'shared')
      for (const file of listFiles(folderOf(part))) if (!PART_FILES.test(file)) rmSync(join(folderOf(part), file));
  }
  await linking;
  if (done.includes('shared') || taken.includes('shared')) {
    const list: PartsList = {
      parts: count,
      ...Object.fromEntries(
        LANGS.map((lang) => [
          lang,
          productParts(count).filter((part) => (groups.get(part) ?? []).some((file) => file.startsWith(`${lang}/`))),
        ]),
      ),
    };
    writeFileSync(join(out, PARTS_FILE), `export default ${JSON.stringify(list)};\n`);
  }
  const named = done.map((part) => (part === 'shared' ? 'the shared part' : `product part ${part}`));
  console.log(
    `Pagefind: indexed ${indexed} pages in ${((Date.now() - started) / 1000).toFixed(1)} s: ${named.join(', ') || 'no part'}` +
      `${reuseFrom ? `; the others as in ${reuseFrom}` : ''}`,
  );
  return done;
}

/** The parts list a built site's index was written with; null for none. */
export function partsOf(site: string): PartsList | null {
  try {
    const text = readFileSync(join(site, 'pagefind', PARTS_FILE), 'utf8');
    return JSON.parse(text.replace(/^export default |;\s*$/g, '')) as PartsList;
  } catch {
    return null;
  }
}

type IndexRun = Omit<PartFigures, 'part'>;

/** One Pagefind index of `files` (paths in `site`) into `outputPath`, through a folder of links to them only. */
async function indexPages(site: string, files: string[], outputPath: string): Promise<IndexRun> {
  if (files.length === 0) return { pages: 0, ms: 0, peakMb: 0 };
  const stage = `${site}.pagefind-stage`;
  rmSync(stage, { recursive: true, force: true });
  const started = performance.now();
  const memory = samplePeakMemory(process.pid, 100, (pid) => childrenRssKb(pid, 'pagefind'));
  try {
    const folders = new Set<string>();
    for (const file of files) linkFile(join(site, file), join(stage, file), folders);
    const pagefind = await import('pagefind');
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: stage, glob: '**/*.html' });
    if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    pagefindCpuSeconds += pagefindChildCpuSeconds();
    const peakMb = memory.stop();
    await pagefind.close();
    return { pages: added.page_count, ms: performance.now() - started, peakMb };
  } finally {
    memory.stop();
    rmSync(stage, { recursive: true, force: true });
  }
}

/** The data every page shows besides its own: the categories of the header's menu, both languages. */
export function categoriesHash(categories: Record<Lang, Category[]>): string {
  return createHash('sha256')
    .update(JSON.stringify(LANGS.map((lang) => categories[lang])))
    .digest('base64url');
}

/** categoriesHash of the catalogue handed over (`npm run catalogue`), else from the API (a shard). */
async function sharedData(apiUrl: string): Promise<string> {
  const handed = handedFolder();
  if (handed) return (await handedOver(handed)).sharedData;
  const lists = await Promise.all(LANGS.map((lang) => buildApi(apiUrl, lang).then((api) => api.call('categories'))));
  return categoriesHash(Object.fromEntries(LANGS.map((lang, i) => [lang, lists[i]!])) as Record<Lang, Category[]>);
}

/** What a shard leaves beside its pages for the merge: its place, and the inputs of its pages. */
export const SHARD_FILE = '.shard.json';

interface ShardMark extends PageInputs {
  shard: string;
  builtAt: string;
  /** The search index's product parts (BUILD_INDEX_PARTS) the shard's were written as. */
  indexParts: number;
}

/**
 * One shard of the site (`--shard i/n`): Astro renders only the paths of shard i (integrations/page-selection.ts),
 * with everything else a build writes (assets, public files, headers), and the index parts of its product pages when
 * n divides their number (scripts/rebuild/index-parts.ts); the category and store pages are indexed at the merge.
 * Give every shard the same BUILT_AT, or the merged product pages carry different stamps.
 */
export async function buildShard(options: BuildOptions & { shard: string }): Promise<void> {
  const shard = parseShard(options.shard);
  if (!shard) throw new Error(`--shard must be i/n with 1 ≤ i ≤ n (got "${options.shard}")`);
  const out = resolve(options.outDir ?? 'dist');
  const builtAt = options.builtAt ?? new Date().toISOString();
  const mark = join(out, SHARD_FILE);
  await astroBuild(
    out,
    {
      API_URL: options.apiUrl,
      BUILT_AT: builtAt,
      ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}),
      BUILD_SHARED_DATA: await sharedData(options.apiUrl),
      ...options.env,
      BUILD_SHARD: `${shard.index}/${shard.count}`,
      BUILD_INPUTS_OUT: mark,
    },
    options.signal,
  );
  // The product parts this shard rendered whole; the category and store pages are indexed at the merge.
  const count = partsCount({ ...process.env, ...options.env });
  await indexSite(out, { count, parts: shardParts(shard.index, shard.count, count) });
  const inputs = JSON.parse(readFileSync(mark, 'utf8')) as PageInputs;
  // The integration's figures stay (which part of the shared inputs is which, for a refused merge).
  const written: ShardMark = { ...inputs, shard: `${shard.index}/${shard.count}`, builtAt, indexParts: count };
  writeFileSync(mark, JSON.stringify(written));
}

/**
 * Joins shard outputs into `outDir` and indexes what the shards did not (`--merge <dir>…`). Refuses shards
 * that are not all of one split (1/n … n/n, each once) of one build (the same code, settings and build time),
 * and a file two shards both wrote with different bytes. Files are hard-linked where the disk allows. Answers
 * the merged inputs of the reusable pages (for a manifest).
 */
export async function mergeShards(dirs: string[], outDir: string): Promise<PageInputs> {
  const out = resolve(outDir);
  const marks = dirs.map((dir) => {
    try {
      return JSON.parse(readFileSync(join(dir, SHARD_FILE), 'utf8')) as ShardMark;
    } catch {
      throw new Error(`${dir} is not a shard's output (no ${SHARD_FILE}): build it with --shard i/n`);
    }
  });
  const count = parseShard(marks[0]?.shard)?.count ?? 0;
  const have = marks.map((mark) => mark.shard).sort();
  const want = Array.from({ length: count }, (_, i) => `${i + 1}/${count}`).sort();
  if (count === 0 || have.join() !== want.join())
    throw new Error(`the shards are ${have.join(', ') || 'none'}; a merge needs each of ${want.join(', ')} once`);
  for (const mark of marks) {
    if (mark.shared !== marks[0]!.shared)
      throw new Error(
        `shard ${mark.shard} was built from other code, settings or categories than shard ${marks[0]!.shard}`,
      );
    if (mark.indexParts !== marks[0]!.indexParts)
      throw new Error(
        `shard ${mark.shard} wrote ${mark.indexParts} search index parts, shard ${marks[0]!.shard} ${marks[0]!.indexParts}: give every shard the same BUILD_INDEX_PARTS`,
      );
    if (mark.builtAt !== marks[0]!.builtAt)
      throw new Error(
        `shard ${mark.shard} has another BUILT_AT than shard ${marks[0]!.shard}: give every shard the same`,
      );
  }
  if (dirs.some((dir) => resolve(dir) === out))
    throw new Error(`merge into a folder of its own, not a shard's (${out})`);
  rmSync(out, { recursive: true, force: true });
  const origin = new Map<string, string>();
  const folders = new Set<string>();
  dirs.forEach((dir, index) => {
    for (const file of listFiles(dir)) {
      if (file === SHARD_FILE) continue;
      const from = join(dir, file);
      const to = join(out, file);
      const first = origin.get(file);
      if (first !== undefined) {
        if (!readFileSync(from).equals(readFileSync(to)))
          throw new Error(`${file} differs between shards ${first} and ${marks[index]!.shard}`);
        continue;
      }
      origin.set(file, marks[index]!.shard);
      linkFile(from, to, folders);
    }
  });
  // The parts no shard indexed (all of them when the shards' count does not divide the parts'), and the shared one.
  const parts = marks[0]!.indexParts;
  await indexSite(out, {
    count: parts,
    parts: [
      ...productParts(parts).filter(
        (part) => !existsSync(join(out, 'pagefind', partFolder(part), 'pagefind-entry.json')),
      ),
      'shared',
    ],
  });
  return {
    ...(marks[0]!.parts ? { parts: marks[0]!.parts } : {}),
    shared: marks[0]!.shared,
    pages: Object.assign({}, ...marks.map((mark) => mark.pages)) as PageInputs['pages'],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { shard: { type: 'string' }, merge: { type: 'boolean', default: false } },
  });
  const options: BuildOptions = {
    apiUrl: process.env.API_URL ?? 'http://localhost:8787',
    siteUrl: process.env.SITE_URL,
    outDir: process.env.OUT_DIR,
    builtAt: process.env.BUILT_AT || undefined,
  };
  if (values.merge) {
    if (positionals.length === 0) throw new Error('Usage: npm run build -- --merge <shard folder>…');
    await mergeShards(positionals, options.outDir ?? 'dist');
  } else if (values.shard !== undefined) await buildShard({ ...options, shard: values.shard });
  else await buildSite(options);
}
