/**
 * `npm run rebuild [-- --dry-run]`: the nightly job, the same on a laptop and
 * in CI. Loads the catalogue from API_URL (the build's own loader, which
 * checks every answer against the contract), refuses before building when the
 * API is down or wrong or the catalogue shrank, builds into a fresh release
 * folder, gates it (page types, internal links, first-load JavaScript), writes
 * its manifest, deploys it to DEPLOY_TARGET and switches `current` to it,
 * keeping the last REBUILD_KEEP releases. A refusal or failure leaves the live
 * release as it was, prints one line, posts it to REBUILD_WEBHOOK_URL and exits
 * non-zero (2 refused, 1 failed). Every run writes a JSON report.
 * Settings: docs/operations.md (Settings).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS, type Lang } from '#contract/langs.ts';
import type { PageInputs } from '../integrations/page-selection.ts';
import { buildSite, indexSite, mergeShards, partsOf } from './build.ts';
import { catalogueFacts } from './rebuild/catalogue.ts';
import { samplePeakMemory } from './process-memory.ts';
import { deploy, isTarget, missingSettings, ADAPTERS, TARGETS, type Target } from './rebuild/deploy.ts';
import { folderSize, listFiles } from './rebuild/files.ts';
import {
  checkBudget,
  checkCatalogue,
  checkLinkResult,
  checkPageTypes,
  measureFirstLoad,
  Refusal,
  type Thresholds,
} from './rebuild/gate.ts';
import { changedParts, partsCount, productParts } from './rebuild/index-parts.ts';
import { checkLinks, linkScope } from './rebuild/links.ts';
import { publicUrl, readManifest, writeJson, type Manifest } from './rebuild/manifest.ts';
import { commandLines, failureMessage, postWebhook, type Report } from './rebuild/notify.ts';
import { FIRST_LOAD_BUDGETS_KB, PAGE_TYPES, parseBudgets, type PageType } from './rebuild/page-types.ts';
import {
  currentRelease,
  lockReleases,
  manifestPath,
  newReleaseId,
  pruneReleases,
  releasesDirFromEnv,
  siteDir,
  switchCurrent,
} from './rebuild/releases.ts';

export interface RebuildSettings extends Thresholds {
  apiUrl: string;
  siteUrl: string;
  releasesDir: string;
  target: Target;
  keep: number;
  webhookUrl: string | null;
  reportPath: string;
  dryRun: boolean;
  /** --full: render every page, even when the live release has most of them. */
  full: boolean;
  /** --merge <dir>…: the release is these shards' outputs joined (npm run build -- --shard i/n on other machines). */
  merge: string[];
  /** Settings that could not be read: the run fails at 'config' (with a report and a message). */
  problems: string[];
}

export function settingsFromEnv(env: NodeJS.ProcessEnv, argv: string[]): RebuildSettings {
  const problems: string[] = [];
  const number = (name: string, fallback: number, min: number, whole = false): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (Number.isFinite(value) && value >= min && (!whole || Number.isInteger(value))) return value;
    problems.push(`${name} must be a ${whole ? 'whole ' : ''}number ≥ ${min} (got "${raw}")`);
    return fallback;
  };
  const budgets = (raw: string | undefined) => {
    if (raw === undefined || raw === '') return FIRST_LOAD_BUDGETS_KB;
    const parsed = parseBudgets(raw);
    if (!parsed)
      problems.push(
        `REBUILD_JS_BUDGET_KB must be kind=KB pairs (catalogue, product, shopper; each ≥ 1) or one number ≥ 1 (got "${raw}")`,
      );
    return parsed ?? FIRST_LOAD_BUDGETS_KB;
  };
  const releasesDir = releasesDirFromEnv(env);
  const target = env.DEPLOY_TARGET || 'local';
  if (!isTarget(target)) problems.push(`DEPLOY_TARGET must be one of ${TARGETS.join(', ')} (got "${target}")`);
  return {
    apiUrl: env.API_URL || 'http://localhost:8787',
    siteUrl: env.SITE_URL || 'http://localhost:4321',
    releasesDir,
    target: isTarget(target) ? target : 'local',
    keep: number('REBUILD_KEEP', 5, 1, true),
    maxProductDrop: number('REBUILD_MAX_PRODUCT_DROP', 20, 0),
    maxCategoryDrop: number('REBUILD_MAX_CATEGORY_DROP', 10, 0),
    jsBudgetKb: budgets(env.REBUILD_JS_BUDGET_KB),
    webhookUrl: env.REBUILD_WEBHOOK_URL || null,
    reportPath: resolve(env.REBUILD_REPORT || join(releasesDir, 'report.json')),
    dryRun: argv.includes('--dry-run'),
    full: argv.includes('--full'),
    merge: argv.includes('--merge')
      ? argv.slice(argv.indexOf('--merge') + 1).filter((arg) => !arg.startsWith('--'))
      : [],
    problems,
  };
}

/** Secrets that could end up in an error message: credentials in URLs and the webhook's token. */
export function scrubber(settings: Pick<RebuildSettings, 'apiUrl' | 'webhookUrl'>): (text: string) => string {
  const secrets = [settings.webhookUrl];
  try {
    secrets.push(new URL(settings.apiUrl).search.slice(1) || null);
  } catch {
    // not a URL: the API step says so
  }
  return (text) => {
    let clean = text;
    for (const secret of secrets) if (secret) clean = clean.split(secret).join('(secret)');
    return clean.replace(/\/\/[^/@\s"]+@/g, '//');
  };
}

const oneLine = (text: string, max = 400) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

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

const log = (line: string) => console.log(`[rebuild] ${line}`);

/** A signal stops the run at the next step, up to the deploy (which, once started, is finished). */
function stopIfInterrupted(signal: AbortSignal): void {
  if (signal.aborted) throw new Error(`interrupted (${String(signal.reason)})`);
}

export async function rebuild(settings: RebuildSettings, signal: AbortSignal): Promise<Report> {
  const started = new Date();
  const memory = samplePeakMemory(process.pid);
  const scrub = scrubber(settings);
  const { releasesDir: dir, target } = settings;
  mkdirSync(dir, { recursive: true });
  const live = currentRelease(dir);
  let id: string | null = null;
  let unlock = () => {};
  const report: Report = {
    outcome: 'failed',
    step: null,
    reason: null,
    release: null,
    live,
    target,
    dryRun: settings.dryRun,
    commands: [],
    manifest: null,
    startedAt: started.toISOString(),
    finishedAt: '',
    durationMs: 0,
    peakMemoryMb: 0,
    notified: null,
  };
  let step = 'config';
  /** Wall time of each step (ms), for the manifest: where a night's seconds go. */
  const steps: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    const at = performance.now();
    try {
      return await work();
    } finally {
      steps[name] = Math.round(performance.now() - at);
    }
  };
  try {
    const missing = settings.dryRun ? [] : missingSettings(target, process.env);
    const problems = [
      ...settings.problems,
      ...(missing.length ? [`DEPLOY_TARGET=${target} needs ${missing.join(', ')}`] : []),
    ];
    if (problems.length > 0) throw new Error(problems.join('; '));
    step = 'lock';
    unlock = lockReleases(dir);
    id = newReleaseId(dir, started);
    report.release = id;

    step = 'api';
    const liveManifest = live ? readManifest(manifestPath(dir, live)) : null;
    log(`loading the catalogue from ${publicUrl(settings.apiUrl)}`);
    const facts = await timed('catalogue', () => catalogueFacts(settings.apiUrl));
    const { counts } = facts;
    checkCatalogue(counts, liveManifest, settings);
    const required = (Object.keys(PAGE_TYPES) as PageType[]).filter((type) => type !== 'comments' || facts.comments);

    step = 'build';
    const out = siteDir(dir, id);
    const builtAt = new Date().toISOString();
    const reuse =
      settings.merge.length > 0
        ? `merged from ${settings.merge.length} shards`
        : reuseFrom(settings, live, liveManifest);
    const inputsFile = join(dir, `.${id}.inputs.json`);
    log(
      `building release ${id} into ${out}` +
        (typeof reuse === 'string' ? `: every page (${reuse})` : `: pages whose inputs changed since ${live}`),
    );
    let inputs: BuildInputs;
    let indexing: Promise<number[]> = Promise.resolve([]);
    try {
      const env = {
        BUILD_SHARED_DATA: facts.sharedData,
        BUILD_INPUTS_OUT: inputsFile,
        ...(typeof reuse === 'string' ? {} : { BUILD_REUSE: reuse.dir, BUILD_REUSE_INPUTS: reuse.manifest }),
      };
      if (settings.merge.length > 0) {
        const merged = await timed('merge', () => mergeShards(settings.merge, out));
        indexing = Promise.resolve(productParts(partsOf(out)?.parts ?? 0));
        inputs = { ...merged, rendered: listFiles(out).length, reused: 0, changed: [] };
      } else {
        const site = { apiUrl: settings.apiUrl, siteUrl: settings.siteUrl, outDir: out, builtAt, signal, env };
        // Pagefind (its own process) indexes the release while this one gates it.
        await timed('astro', () => buildSite({ ...site, index: false }));
        inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as BuildInputs;
        // Only the product parts whose pages changed, when the rest of the live release's index still holds.
        const from = typeof reuse === 'string' ? null : reuse.dir;
        const count = partsCount(process.env);
        indexing = timed('pagefind', () =>
          indexSite(
            out,
            from && inputs.reused > 0 && inputs.changed.length === 0 && liveManifest?.inputs
              ? { count, parts: changedParts(liveManifest.inputs.pages, inputs.pages, count), reuseFrom: from }
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
    stopIfInterrupted(signal);
    const build: NonNullable<Manifest['build']> = {
      mode: inputs.reused > 0 ? 'incremental' : 'full',
      from: inputs.reused > 0 ? live : null,
      rendered: inputs.rendered,
      reused: inputs.reused,
      indexed: [],
      reason:
        typeof reuse === 'string'
          ? reuse
          : inputs.changed.length > 0
            ? `shared inputs changed: ${inputs.changed.join(', ')}`
            : inputs.reused > 0
              ? `inputs unchanged since ${live} for ${inputs.reused} pages`
              : 'every page changed',
    };
    log(
      `${build.mode} build: ${build.rendered} paths rendered, ${build.reused} pages from ${live ?? '-'} (${build.reason})`,
    );

    let links: ReturnType<typeof checkLinks>;
    let firstLoadKb: Awaited<ReturnType<typeof measureFirstLoad>>;
    try {
      step = 'page-types';
      checkPageTypes(out, required);
      step = 'links';
      // Pages taken from the live release passed its gate: only the pages written now, and any page naming a file
      // gone since, can have a broken link. A full build checks every page.
      const scope = typeof reuse !== 'string' && inputs.reused > 0 ? linkScope(out, reuse.dir) : undefined;
      links = await timed('links', () => checkLinks(out, settings.siteUrl, scope));
      checkLinkResult(links);
      step = 'budget';
      firstLoadKb = await timed('budget', () => measureFirstLoad(out, required));
      checkBudget(firstLoadKb, settings.jsBudgetKb);
    } finally {
      // Never leave Pagefind writing into a release that is being removed.
      await indexing.catch(() => {});
    }
    step = 'build';
    build.indexed = await indexing.catch((error: unknown) => {
      throw new Error(`Pagefind failed (${error instanceof Error ? error.message : String(error)})`);
    });
    log(`search index: product parts ${build.indexed.join(', ') || 'none'} of ${partsCount(process.env)} indexed`);
    stopIfInterrupted(signal);

    step = 'manifest';
    const files = listFiles(out);
    const pages = (lang: Lang) =>
      files.filter((file) => file === `${lang}.html` || (file.startsWith(`${lang}/`) && file.endsWith('.html'))).length;
    const manifest: Manifest = {
      release: id,
      builtAt,
      commit: gitCommit(),
      apiUrl: publicUrl(settings.apiUrl),
      siteUrl: publicUrl(settings.siteUrl),
      target,
      counts: Object.fromEntries(
        LANGS.map((lang) => [lang, { ...counts[lang], pages: pages(lang) }]),
      ) as Manifest['counts'],
      contentHash: facts.contentHash,
      pagefind: folderSize(join(out, 'pagefind')),
      size: folderSize(out),
      firstLoadKb,
      links: { pages: links.pages, checked: links.checked },
      steps,
      durationMs: Date.now() - started.getTime(),
      peakMemoryMb: memory.peak(),
      publishedAt: null,
      build,
      inputs: { shared: inputs.shared, pages: inputs.pages, ...(inputs.parts ? { parts: inputs.parts } : {}) },
    };
    const manifestFile = manifestPath(dir, id);
    writeJson(manifestFile, manifest);
    report.manifest = manifestFile;
    log(
      `gate passed: ${LANGS.map((lang) => `${lang} ${counts[lang].products} products`).join(', ')}, ` +
        `${links.checked} internal paths on ${links.pages} pages, ` +
        `first-load JS ≤ ${Math.max(...Object.values(firstLoadKb))} KB`,
    );

    stopIfInterrupted(signal);
    const release = { id, dir: out, commit: manifest.commit };
    if (settings.dryRun) {
      report.commands = commandLines(ADAPTERS[target].commands(release, process.env));
      report.outcome = 'dry-run';
      log(`dry run: release ${id} built and gated, not published; ${live ?? 'nothing'} stays live`);
    } else {
      step = 'deploy';
      log(`deploying ${id} to ${target}`);
      report.commands = commandLines(await deploy(target, release));
      switchCurrent(dir, id);
      report.live = id;
      writeJson(manifestFile, { ...manifest, publishedAt: new Date().toISOString() });
      report.outcome = 'published';
      log(`published ${id}${live ? ` (was ${live})` : ''}`);
    }
    const removed = pruneReleases(dir, settings.keep);
    if (removed.length > 0) log(`removed old releases: ${removed.join(', ')}`);
  } catch (error) {
    const refused = error instanceof Refusal;
    report.outcome = refused ? 'refused' : 'failed';
    report.step = refused ? error.step : step;
    report.reason = oneLine(scrub(error instanceof Error ? error.message : String(error)));
    report.release = null;
    report.manifest = null;
    if (id) {
      rmSync(siteDir(dir, id), { recursive: true, force: true });
      rmSync(manifestPath(dir, id), { force: true });
    }
    console.error(`Rebuild ${report.outcome} at ${report.step}: ${report.reason}`);
    console.error(`Live release kept: ${report.live ?? 'none'}`);
    if (settings.webhookUrl) report.notified = await postWebhook(settings.webhookUrl, failureMessage(report));
  } finally {
    unlock();
  }
  const finished = new Date();
  report.finishedAt = finished.toISOString();
  report.durationMs = finished.getTime() - started.getTime();
  report.peakMemoryMb = memory.stop();
  mkdirSync(dirname(settings.reportPath), { recursive: true });
  writeJson(settings.reportPath, report);
  return report;
}

/** Exit codes: 0 published or dry run, 2 refused by the gate, 1 failed. */
export const exitCode = (report: Report) => (report.outcome === 'refused' ? 2 : report.outcome === 'failed' ? 1 : 0);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const controller = new AbortController();
  for (const name of ['SIGINT', 'SIGTERM'] as const) process.once(name, () => controller.abort(name));
  const report = await rebuild(settingsFromEnv(process.env, process.argv.slice(2)), controller.signal);
  process.exit(exitCode(report));
}
