/**
 * The releases folder (RELEASES_DIR, default ./releases):
 *   <id>/        a built site, never changed once built
 *   <id>.json    its manifest
 *   <id>.reads.jsonl.gz  what its night read from the API that the next night may reuse (src/data/night-reads.ts)
 *   current      a symlink to the live release's folder, swapped atomically
 *   report.json  the last run's report
 * Release ids are UTC build times ('20260501T220000Z'), so they sort by age.
 */
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { readManifest, type Manifest } from './manifest.ts';

export const CURRENT = 'current';
const ID = /^\d{8}T\d{6}Z(-\d+)?$/;

export const releasesDirFromEnv = (env: NodeJS.ProcessEnv = process.env) => resolve(env.RELEASES_DIR || 'releases');

export const siteDir = (dir: string, id: string) => join(dir, id);
export const manifestPath = (dir: string, id: string) => join(dir, `${id}.json`);
export const readsPath = (dir: string, id: string) => join(dir, `${id}.reads.jsonl.gz`);
/** Where a run leaves the catalogue it read for its build (removed when the run ends). */
export const catalogueDir = (dir: string, id: string) => join(dir, `.${id}.catalogue`);

/** A new, unused release id for a build started at `now`. */
export function newReleaseId(dir: string, now: Date): string {
  const base = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  let id = base;
  for (let n = 2; existsSync(siteDir(dir, id)) || existsSync(manifestPath(dir, id)); n++) id = `${base}-${n}`;
  return id;
}

export interface Release {
  id: string;
  manifest: Manifest | null;
  /** Whether the built site is still here (CI keeps only manifests between runs). */
  hasSite: boolean;
}

/** Every release here, oldest first. */
export function listReleases(dir: string): Release[] {
  if (!existsSync(dir)) return [];
  const ids = new Set<string>();
  for (const name of readdirSync(dir)) {
    const id = name.replace(/\.json$/, '');
    if (ID.test(id)) ids.add(id);
  }
  return [...ids].sort().map((id) => ({
    id,
    manifest: readManifest(manifestPath(dir, id)),
    hasSite: existsSync(join(siteDir(dir, id), 'index.html')),
  }));
}

/** The live release's id, or null before the first publish. */
export function currentRelease(dir: string): string | null {
  try {
    return readlinkSync(join(dir, CURRENT));
  } catch {
    return null;
  }
}

/**
 * Points `current` at a release in one step: a new symlink under a temporary
 * name is renamed over the old one, so a reader sees either release, never none.
 */
export function switchCurrent(dir: string, id: string): void {
  const link = join(dir, CURRENT);
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) {
    throw new Error(`${link} is a folder, not a link to a release: move it away first`);
  }
  const temporary = join(dir, `.${CURRENT}.${process.pid}`);
  rmSync(temporary, { force: true });
  symlinkSync(id, temporary);
  renameSync(temporary, link);
}

/**
 * Keeps the newest `keep` releases and the live one; removes the rest, and
 * any folder a killed run left without a manifest (except `building`, the
 * release this run is making). Returns the ids removed.
 */
export function pruneReleases(dir: string, keep: number, building?: string): string[] {
  const live = currentRelease(dir);
  const releases = listReleases(dir).filter((release) => release.id !== building);
  const complete = releases.filter((release) => release.manifest);
  const kept = new Set([...complete.slice(-keep).map((release) => release.id), ...(live ? [live] : [])]);
  const removed: string[] = [];
  for (const release of releases) {
    if (kept.has(release.id)) continue;
    rmSync(siteDir(dir, release.id), { recursive: true, force: true });
    rmSync(manifestPath(dir, release.id), { force: true });
    rmSync(readsPath(dir, release.id), { force: true });
    removed.push(release.id);
  }
  return removed;
}

/**
 * One rebuild or rollback at a time on this folder: a lock file holding the
 * owner's pid; a lock whose owner is gone is taken over.
 */
export function lockReleases(dir: string): () => void {
  const path = join(dir, '.lock');
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readFileSafe(path));
    if (owner && owner !== process.pid && alive(owner)) {
      throw new Error(`another rebuild or rollback (pid ${owner}) is working on ${dir}`);
    }
    rmSync(path, { force: true });
  }
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
