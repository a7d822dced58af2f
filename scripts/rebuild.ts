/**
 * `npm run rebuild [-- --dry-run]`: the nightly job, the same on a laptop and in CI. Loads the catalogue from API_URL
 * (the build's own loader, which checks every answer against the contract) while Astro starts building into a fresh
 * release folder, and hands it to the build; refuses, and stops the build, when the API is down or wrong or the
 * catalogue shrank; gates the release (page types, internal links, first-load JavaScript), writes its manifest,
 * deploys it to DEPLOY_TARGET and switches `current` to it, keeping the last REBUILD_KEEP releases. A refusal or
 * failure leaves the live release as it was, prints one line, posts it to REBUILD_WEBHOOK_URL and exits non-zero
 * (2 refused, 1 failed). Every run writes a JSON report. Settings: docs/operations.md (Settings).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { samplePeakMemory } from './process-memory.ts';
import { buildDecisions, handedFacts } from './rebuild/catalogue.ts';
import { deploy, missingSettings, ADAPTERS } from './rebuild/deploy.ts';
import { Refusal } from './rebuild/gate.ts';
import { partsCount } from './rebuild/index-parts.ts';
import { readManifest, writeJson } from './rebuild/manifest.ts';
import { commandLines, failureMessage, postWebhook, type Report } from './rebuild/notify.ts';
import { buildRelease, gateRelease, log, readCatalogue, writeManifest, type Live } from './rebuild/release.ts';
import { step, StepFailure, stopIfInterrupted, stopwatch } from './rebuild/steps.ts';
import {
  catalogueDir,
  currentRelease,
  lockReleases,
  manifestPath,
  newReleaseId,
  pruneReleases,
  readsPath,
  siteDir,
  switchCurrent,
} from './rebuild/releases.ts';
import { scrubber, settingsFromEnv, type RebuildSettings } from './rebuild/settings.ts';

const oneLine = (text: string, max = 400) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/**
 * A run: check the settings, lock the releases, read the catalogue, build the release, gate it, write its manifest,
 * publish it (or, dry, say how), and keep the newest releases. Whatever fails leaves the live release as it was,
 * removes what this run wrote, names the step, and notifies.
 */
export async function rebuild(settings: RebuildSettings, signal: AbortSignal): Promise<Report> {
  const started = new Date();
  const memory = samplePeakMemory(process.pid);
  const scrub = scrubber(settings);
  const { releasesDir: dir, target } = settings;
  mkdirSync(dir, { recursive: true });
  const liveId = currentRelease(dir);
  let id: string | null = null;
  let unlock = () => {};
  const report: Report = {
    outcome: 'failed',
    step: null,
    reason: null,
    release: null,
    live: liveId,
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
  const { times, timed } = stopwatch();
  try {
    await step('config', () => {
      const missing = settings.dryRun ? [] : missingSettings(target, process.env);
      const problems = [
        ...settings.problems,
        ...(missing.length ? [`DEPLOY_TARGET=${target} needs ${missing.join(', ')}`] : []),
      ];
      if (problems.length > 0) throw new Error(problems.join('; '));
    });
    const release = await step('lock', () => {
      unlock = lockReleases(dir);
      return newReleaseId(dir, started);
    });
    id = report.release = release;

    const live = await step('api', (): Live => ({
      id: liveId,
      manifest: liveId ? readManifest(manifestPath(dir, liveId)) : null,
    }));
    const handed = settings.merge.length > 0 ? handedFacts() : null;
    const decided = handed
      ? { capabilities: handed.capabilities, env: {} }
      : await step('api', () => buildDecisions(settings.apiUrl));
    // The catalogue is read and checked while Astro starts (the build waits for it); a refusal stops the build.
    const refused = new AbortController();
    const reading = step('api', () => readCatalogue(settings, release, live, timed)).catch((error: unknown) => {
      refused.abort(error);
      throw error;
    });
    const building = step('build', async () => {
      const pages = await buildRelease(
        settings,
        release,
        live,
        timed,
        AbortSignal.any([signal, refused.signal]),
        decided.env,
      );
      stopIfInterrupted(signal);
      return pages;
    });
    const [read, build] = await Promise.allSettled([reading, building]);
    if (read.status === 'rejected') throw read.reason;
    if (build.status === 'rejected') throw build.reason;
    const { facts, required } = read.value;
    const built = build.value;
    const gate = await gateRelease(settings, built, required, timed);
    built.build.indexed = await step('build', async () => {
      const parts = await built.indexing.catch((error: unknown) => {
        throw new Error(`Pagefind failed (${error instanceof Error ? error.message : String(error)})`);
      });
      log(
        `search index: parts ${parts.join(', ') || 'none'} indexed ` +
          `(of ${partsCount(process.env)} product parts and the shared one)`,
      );
      stopIfInterrupted(signal);
      return parts;
    });

    const { manifest, file } = await step('manifest', () => {
      const written = writeManifest(settings, release, built, facts, gate, {
        started,
        steps: times,
        peakMemoryMb: memory.peak(),
      });
      stopIfInterrupted(signal);
      return written;
    });
    report.manifest = file;

    const published = { id: release, dir: built.out, commit: manifest.commit };
    if (settings.dryRun) {
      report.commands = commandLines(ADAPTERS[target].commands(published, process.env));
      report.outcome = 'dry-run';
      log(`dry run: release ${release} built and gated, not published; ${liveId ?? 'nothing'} stays live`);
    } else {
      await step('deploy', async () => {
        log(`deploying ${release} to ${target}`);
        report.commands = commandLines(await deploy(target, published));
        switchCurrent(dir, release);
        report.live = release;
        writeJson(file, { ...manifest, publishedAt: new Date().toISOString() });
      });
      report.outcome = 'published';
      log(`published ${release}${liveId ? ` (was ${liveId})` : ''}`);
    }
    await step('prune', () => {
      const removed = pruneReleases(dir, settings.keep);
      if (removed.length > 0) log(`removed old releases: ${removed.join(', ')}`);
    });
  } catch (error) {
    const refused = error instanceof Refusal;
    report.outcome = refused ? 'refused' : 'failed';
    report.step = error instanceof Refusal || error instanceof StepFailure ? error.step : null;
    report.reason = oneLine(scrub(error instanceof Error ? error.message : String(error)));
    report.release = null;
    report.manifest = null;
    if (id) {
      rmSync(siteDir(dir, id), { recursive: true, force: true });
      rmSync(manifestPath(dir, id), { force: true });
      rmSync(readsPath(dir, id), { force: true });
    }
    console.error(`Rebuild ${report.outcome} at ${report.step}: ${report.reason}`);
    console.error(`Live release kept: ${report.live ?? 'none'}`);
    if (settings.webhookUrl) report.notified = await postWebhook(settings.webhookUrl, failureMessage(report));
  } finally {
    if (id) rmSync(catalogueDir(dir, id), { recursive: true, force: true });
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
