/**
 * `npm run rollback [release]`: puts a kept release live again through the
 * same DEPLOY_TARGET as the rebuild (for `local`, a swap of the `current`
 * link). Without an id it goes back to the newest release older than the live
 * one that was live before. `npm run rollback -- --list` lists the releases.
 */
import { fileURLToPath } from 'node:url';
import { deploy, isTarget, missingSettings, TARGETS } from './rebuild/deploy.ts';
import { writeJson } from './rebuild/manifest.ts';
import {
  currentRelease,
  listReleases,
  lockReleases,
  manifestPath,
  releasesDirFromEnv,
  siteDir,
  switchCurrent,
  type Release,
} from './rebuild/releases.ts';

/** The release a rollback goes to: the one named, or the last one live before the current. */
export function rollbackTarget(releases: Release[], live: string | null, wanted?: string): Release {
  if (wanted) {
    const release = releases.find((candidate) => candidate.id === wanted);
    if (!release?.manifest) throw new Error(`no release ${wanted} here (npm run rollback -- --list)`);
    if (!release.hasSite) throw new Error(`release ${wanted} has only its manifest here; its files are gone`);
    return release;
  }
  const earlier = releases.filter(
    (release) => release.manifest?.publishedAt && release.hasSite && (live === null || release.id < live),
  );
  const previous = earlier.at(-1);
  if (!previous) throw new Error(`no earlier published release is kept before ${live ?? 'the live one'}`);
  return previous;
}

export async function rollback(env: NodeJS.ProcessEnv, wanted?: string): Promise<string> {
  const dir = releasesDirFromEnv(env);
  const target = env.DEPLOY_TARGET || 'local';
  if (!isTarget(target)) throw new Error(`DEPLOY_TARGET must be one of ${TARGETS.join(', ')} (got "${target}")`);
  const missing = missingSettings(target, env);
  if (missing.length > 0) throw new Error(`DEPLOY_TARGET=${target} needs ${missing.join(', ')}`);
  const unlock = lockReleases(dir);
  try {
    const live = currentRelease(dir);
    const release = rollbackTarget(listReleases(dir), live, wanted);
    if (release.id === live) return `${release.id} is already live`;
    await deploy(target, { id: release.id, dir: siteDir(dir, release.id), commit: release.manifest!.commit }, env);
    switchCurrent(dir, release.id);
    writeJson(manifestPath(dir, release.id), { ...release.manifest, publishedAt: new Date().toISOString() });
    return `rolled back to ${release.id} (was ${live ?? 'none'}) on ${target}`;
  } finally {
    unlock();
  }
}

export function describeReleases(env: NodeJS.ProcessEnv): string {
  const dir = releasesDirFromEnv(env);
  const live = currentRelease(dir);
  const rows = listReleases(dir).map(({ id, manifest, hasSite }) => {
    const counts = manifest
      ? Object.entries(manifest.counts)
          .map(([lang, count]) => `${lang} ${count.products} products`)
          .join(', ')
      : 'no manifest (unfinished)';
    const state = manifest?.publishedAt ? `published ${manifest.publishedAt}` : manifest ? 'dry run' : '';
    return `${id === live ? '*' : ' '} ${id}  ${counts}  ${state}${hasSite ? '' : '  (files gone)'}`;
  });
  return rows.length > 0 ? `Releases in ${dir} (* live):\n${rows.join('\n')}` : `No releases in ${dir}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--list')) {
    console.log(describeReleases(process.env));
  } else {
    try {
      console.log(
        await rollback(
          process.env,
          args.find((arg) => !arg.startsWith('-')),
        ),
      );
    } catch (error) {
      console.error(`Rollback failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
}
