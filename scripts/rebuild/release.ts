/**
 * The steps of a rebuild that make a release: read the catalogue, build the release's pages (reusing the live
 * release's where their inputs did not change), gate it, and write its manifest (scripts/rebuild.ts runs them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS, type Lang } from '#contract/langs.ts';
import type { PageInputs } from '../../integrations/page-selection.ts';
import { buildSite } from '../build.ts';
import { partsOf } from '../build-index.ts';
import { mergeShards } from '../build-shards.ts';
import { handOver } from '../../integrations/catalogue-handover.ts';
import { apiLine, catalogueFacts, handedFacts, keepHandedReads, type CatalogueFacts } from './catalogue.ts';
import { filesSize, folderSize, listFiles, type FolderSize } from './files.ts';
import {
  checkBudget,
  checkCatalogue,
  checkImageResult,
  checkLinkResult,
  checkPageTypes,
  measureFirstLoad,
} from './gate.ts';
import { checkImages } from './images.ts';
import { startIndexer } from './index-aside.ts';
import { changedParts, partsCount, partsForCatalogue, productParts, type IndexPart } from './index-parts.ts';
import { checkLinks, linkScope } from './links.ts';
import { publicUrl, writeJson, type Manifest } from './manifest.ts';
import { PAGE_TYPES, type PageType } from './page-types.ts';
import { catalogueDir, CURRENT, manifestPath, readsPath, siteDir } from './releases.ts';
import { checkCapabilities } from './capability-check.ts';
import type { RebuildSettings } from './settings.ts';
import { step, stopIfInterrupted, type Timed } from './steps.ts';

export const log = (line: string) => console.log(`[rebuild] ${line}`);

/** What this build may take from the live release, or why it renders everything. */
function reuseFrom(
  settings: RebuildSettings,
  live: string | null,
  liveManifest: Manifest | null,
): { dir: string; manifest: string } | string {
  if (settings.full) return '--full';
  if (!live) return 'no live release';
  if (!existsSync(join(siteDir(settings.releasesDir, live), 'index.html'))) return `the pages of ${live} are not here`;
  if (!liveManifest?.inputs) return `the manifest of ${live} has no page inputs`;
  return { dir: siteDir(settings.releasesDir, live), manifest: manifestPath(settings.releasesDir, live) };
}

interface BuildInputs extends PageInputs {
  rendered: number;
  reused: number;
  /** The parts of the shared inputs that changed since the live release ('the code', …). */
  changed: string[];
}

function gitCommit(): string | null {
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : null;
}

/** The live release this run starts from, and its manifest. */
export interface Live {
  id: string | null;
  manifest: Manifest | null;
}

/**
 * The catalogue's facts, checked against the live release's counts, and the page types the release must have. The
 * catalogue itself is handed over to release `id`'s build, which waits for it (a merge of shards builds nothing).
 */
export async function readCatalogue(settings: RebuildSettings, id: string, live: Live, timed: Timed) {
  log(`loading the catalogue from ${publicUrl(settings.apiUrl)}`);
  const folder = settings.merge.length > 0 ? null : catalogueDir(settings.releasesDir, id);
  const files = {
    last: live.id ? readsPath(settings.releasesDir, live.id) : null,
    next: readsPath(settings.releasesDir, id),
  };
  // Shards built from a catalogue read once elsewhere (`npm run catalogue`) are merged with that catalogue's facts.
  const handed = settings.merge.length > 0 ? handedFacts() : null;
  if (handed) keepHandedReads(files.next);
  const facts = handed ?? (await timed('catalogue', () => catalogueFacts(settings.apiUrl, folder, files)));
  log(apiLine(facts.api));
  // The index's parts by the catalogue's size, unless the operator chose them: the build indexes after this read.
  if (!process.env['BUILD_INDEX_PARTS'])
    process.env['BUILD_INDEX_PARTS'] = String(partsForCatalogue(facts.counts.uz.products));
  checkCatalogue(facts.counts, live.manifest, settings);
  if (folder !== null) handOver(folder, { sharedData: facts.sharedData });
  return { facts, required: requiredPageTypes(facts) };
}

/**
 * The page types a release must have: the comments pages when some product has one, the store pages when the
 * backend names stores (a backend of the spec's calls alone, without a stores list and with stores as ids, has none).
 */
const requiredPageTypes = (facts: Pick<CatalogueFacts, 'comments' | 'counts'>): PageType[] =>
  (Object.keys(PAGE_TYPES) as PageType[]).filter(
    (type) =>
      (type !== 'comments' || facts.comments) &&
      (type !== 'store' || LANGS.some((lang) => facts.counts[lang].stores > 0)),
  );

/** A release's pages, written; its search index being written beside them. */
export interface Built {
  out: string;
  builtAt: string;
  inputs: BuildInputs;
  build: NonNullable<Manifest['build']>;
  /** The live release's site folder the pages were reused from; null when every page was built. */
  reusedFrom: string | null;
  /** The parts of the index being written (Pagefind runs in its own process). */
  indexing: Promise<IndexPart[]>;
}

/**
 * Renders release `id`: every page (merged from the shards, or when nothing can be reused), else only the pages
 * whose inputs changed since the live release, taking the rest from it; then starts indexing it.
 */
export async function buildRelease(
  settings: RebuildSettings,
  id: string,
  live: Live,
  timed: Timed,
  signal: AbortSignal,
  /** What the rebuild decided for the build (its capabilities, how photos are asked for): it asks the API nothing. */
  decided: NodeJS.ProcessEnv,
): Promise<Built> {
  const dir = settings.releasesDir;
  const out = siteDir(dir, id);
  const builtAt = new Date().toISOString();
  const reuse =
    settings.merge.length > 0
      ? `merged from ${settings.merge.length} shards`
      : reuseFrom(settings, live.id, live.manifest);
  const inputsFile = join(dir, `.${id}.inputs.json`);
  log(
    `building release ${id} into ${out}` +
      (typeof reuse === 'string' ? `: every page (${reuse})` : `: pages whose inputs changed since ${live.id}`),
  );
  let inputs: BuildInputs;
  let indexing: Promise<IndexPart[]>;
  try {
    const env = {
      BUILD_CATALOGUE: catalogueDir(dir, id),
      BUILD_INPUTS_OUT: inputsFile,
      ...decided,
      ...(typeof reuse === 'string' ? {} : { BUILD_REUSE: reuse.dir, BUILD_REUSE_INPUTS: reuse.manifest }),
    };
    if (settings.merge.length > 0) {
      const merged = await timed('merge', () => mergeShards(settings.merge, out));
      indexing = Promise.resolve([...productParts(partsOf(out)?.parts ?? 0), 'shared']);
      inputs = { ...merged, rendered: listFiles(out).length, reused: 0, changed: [] };
    } else {
      const site = { apiUrl: settings.apiUrl, siteUrl: settings.siteUrl, outDir: out, builtAt, signal, env };
      // Pagefind (its own process, driven from a worker) indexes the release while this thread gates it.
      const indexer = startIndexer();
      await timed('astro', () => buildSite({ ...site, index: false }));
      inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as BuildInputs;
      // Only the parts whose indexed pages changed, when the rest of the live release's index still holds.
      const from = typeof reuse === 'string' ? null : reuse.dir;
      const count = partsCount(process.env);
      const pages = live.manifest?.inputs?.pages;
      indexing = timed('pagefind', () =>
        indexer.index(
          out,
          from && inputs.reused > 0 && inputs.changed.length === 0 && pages
            ? { count, parts: changedParts(pages, inputs.pages, count), reuseFrom: from }
            : { count },
        ),
      );
      indexing.catch(() => {});
    }
  } catch (error) {
    stopIfInterrupted(signal);
    // The build's loader fails loudly on bad data too; the log above has Astro's own error.
    throw new Error(`the build failed (${error instanceof Error ? error.message : String(error)}); see the log`);
  } finally {
    rmSync(inputsFile, { force: true });
  }
  const build: NonNullable<Manifest['build']> = {
    mode: inputs.reused > 0 ? 'incremental' : 'full',
    from: inputs.reused > 0 ? live.id : null,
    rendered: inputs.rendered,
    reused: inputs.reused,
    indexed: [],
    reason:
      typeof reuse === 'string'
        ? reuse
        : inputs.changed.length > 0
          ? `shared inputs changed: ${inputs.changed.join(', ')}`
          : inputs.reused > 0
            ? `inputs unchanged since ${live.id} for ${inputs.reused} pages`
            : 'every page changed',
  };
  log(
    `${build.mode} build: ${build.rendered} paths rendered, ${build.reused} pages from ${live.id ?? '-'} (${build.reason})`,
  );
  const reusedFrom = typeof reuse !== 'string' && inputs.reused > 0 ? reuse.dir : null;
  return { out, builtAt, inputs, build, reusedFrom, indexing };
}

/**
 * The gate: every page type is there, internal links resolve, every image is allowed by its page's policy, first-load
 * JavaScript is within budget. Pages taken
 * from the live release passed its gate, so only the pages written now, and any page naming a file gone since, can
 * have a broken link; a full build checks every page. The index being written is waited for whatever the outcome,
 * so Pagefind never writes into a release being removed.
 */
export async function gateRelease(settings: RebuildSettings, built: Built, required: PageType[], timed: Timed) {
  const { out, reusedFrom } = built;
  try {
    await step('page-types', () => checkPageTypes(out, required));
    await step('capabilities', () =>
      checkCapabilities(join(settings.releasesDir, CURRENT), out, process.env['API_CAPABILITIES']),
    );
    const scope = reusedFrom ? linkScope(out, reusedFrom) : undefined;
    const links = await step('links', async () => {
      const checked = await timed('links', () => checkLinks(out, settings.siteUrl, scope));
      checkLinkResult(checked);
      return checked;
    });
    // Pages taken from the live release passed its gate, and the build linked the variants they name.
    await step('images', async () =>
      checkImageResult(await timed('images', () => checkImages(out, settings.siteUrl, scope?.written))),
    );
    const firstLoadKb = await step('budget', async () => {
      const measured = await timed('budget', () => measureFirstLoad(out, required));
      checkBudget(measured, settings.jsBudgetKb);
      return measured;
    });
    return { links, firstLoadKb, pages: measurePages(out) };
  } finally {
    await built.indexing.catch(() => {});
  }
}

/**
 * The release's pages in each language, and the size of all but its search index: measured beside Pagefind, which
 * writes nothing else.
 */
function measurePages(out: string): { perLang: Record<Lang, number>; size: FolderSize } {
  const files = listFiles(out).filter((file) => !file.startsWith('pagefind/'));
  const pages = (lang: Lang) =>
    files.filter((file) => file === `${lang}.html` || (file.startsWith(`${lang}/`) && file.endsWith('.html'))).length;
  return {
    perLang: Object.fromEntries(LANGS.map((lang) => [lang, pages(lang)])) as Record<Lang, number>,
    size: filesSize(out, files),
  };
}

/** The release's manifest, written beside it: what it holds, how it was built and gated, and its inputs. */
export function writeManifest(
  settings: RebuildSettings,
  id: string,
  built: Built,
  facts: Awaited<ReturnType<typeof catalogueFacts>>,
  gate: Awaited<ReturnType<typeof gateRelease>>,
  run: { started: Date; steps: Record<string, number>; peakMemoryMb: number },
): { manifest: Manifest; file: string } {
  const { inputs } = built;
  const pagefind = folderSize(join(built.out, 'pagefind'));
  const manifest: Manifest = {
    release: id,
    builtAt: built.builtAt,
    commit: gitCommit(),
    apiUrl: publicUrl(settings.apiUrl),
    siteUrl: publicUrl(settings.siteUrl),
    target: settings.target,
    counts: Object.fromEntries(
      LANGS.map((lang) => [lang, { ...facts.counts[lang], pages: gate.pages.perLang[lang] }]),
    ) as Manifest['counts'],
    contentHash: facts.contentHash,
    api: facts.api,
    pagefind,
    size: { files: gate.pages.size.files + pagefind.files, bytes: gate.pages.size.bytes + pagefind.bytes },
    firstLoadKb: gate.firstLoadKb,
    links: { pages: gate.links.pages, checked: gate.links.checked },
    steps: run.steps,
    durationMs: Date.now() - run.started.getTime(),
    peakMemoryMb: run.peakMemoryMb,
    publishedAt: null,
    build: built.build,
    inputs: { shared: inputs.shared, pages: inputs.pages, ...(inputs.parts ? { parts: inputs.parts } : {}) },
  };
  const file = manifestPath(settings.releasesDir, id);
  writeJson(file, manifest);
  log(
    `gate passed: ${LANGS.map((lang) => `${lang} ${facts.counts[lang].products} products`).join(', ')}, ` +
      `${gate.links.checked} internal paths on ${gate.links.pages} pages, ` +
      `first-load JS ≤ ${Math.max(...Object.values(gate.firstLoadKb))} KB`,
  );
  return { manifest, file };
}
