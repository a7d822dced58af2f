/** Publishing and rolling back on the local target: the `current` link, retention and the lock. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  currentRelease,
  listReleases,
  lockReleases,
  newReleaseId,
  pruneReleases,
  switchCurrent,
} from '../../scripts/rebuild/releases.ts';
import { serveSite } from '../../scripts/serve.ts';
import { makeRelease, runScript, tempDir } from './support.ts';

let dir: string;
beforeEach(() => {
  dir = tempDir('releases');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const A = '20260501T220000Z';
const B = '20260502T220000Z';
const C = '20260503T220000Z';
const rollback = (...args: string[]) => runScript('scripts/rollback.ts', args, { RELEASES_DIR: dir });

describe('publish and rollback', () => {
  it('switches between two releases while the site keeps serving, and rolls back in one command', async () => {
    makeRelease(dir, A);
    makeRelease(dir, B);
    switchCurrent(dir, A);
    const site = await serveSite(join(dir, 'current'), 0);
    try {
      const live = async () => (await (await fetch(`${site.url}/uz`)).text()).match(/<h1>(\w+)<\/h1>/)?.[1];
      expect(await live()).toBe(A);
      switchCurrent(dir, B);
      expect(readlinkSync(join(dir, 'current'))).toBe(B);
      expect(await live()).toBe(B);

      const back = await rollback();
      expect(back.stdout).toContain(`rolled back to ${A} (was ${B}) on local`);
      expect(back.code).toBe(0);
      expect(currentRelease(dir)).toBe(A);
      expect(await live()).toBe(A);

      const forward = await rollback(B);
      expect(forward.code).toBe(0);
      expect(await live()).toBe(B);
    } finally {
      await site.close();
    }
  });

  it('goes back to the last release that was live, past a dry run', async () => {
    makeRelease(dir, A);
    makeRelease(dir, B, { published: false });
    makeRelease(dir, C);
    switchCurrent(dir, C);
    const listed = await rollback('--list');
    expect(listed.stdout).toMatch(new RegExp(`\\* ${C}  uz 40 products, ru 40 products  published`));
    expect(listed.stdout).toMatch(new RegExp(`  ${B}  uz 40 products, ru 40 products  dry run`));
    expect((await rollback()).stdout).toContain(`rolled back to ${A} (was ${C})`);
    const none = await rollback();
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`Rollback failed: no earlier published release is kept before ${A}`);
    expect(currentRelease(dir)).toBe(A);
  });

  it('refuses an unknown release and a remote target without its credentials', async () => {
    makeRelease(dir, A);
    switchCurrent(dir, A);
    expect((await rollback('20200101T000000Z')).stderr).toContain('no release 20200101T000000Z here');
    const remote = await runScript('scripts/rollback.ts', [A], { RELEASES_DIR: dir, DEPLOY_TARGET: 'netlify' });
    expect(remote.stderr).toContain('DEPLOY_TARGET=netlify needs NETLIFY_AUTH_TOKEN, NETLIFY_SITE_ID');
    expect(remote.code).toBe(1);
  });

  it('never replaces a real folder named current', () => {
    makeRelease(dir, A);
    mkdirSync(join(dir, 'current'));
    expect(() => switchCurrent(dir, A)).toThrow(/is a folder, not a link/);
  });
});

describe('retention', () => {
  it('keeps the newest N releases and the live one, and clears what a killed run left', () => {
    const ids = Array.from({ length: 7 }, (_, day) => `2026050${day + 1}T220000Z`);
    for (const id of ids) makeRelease(dir, id);
    switchCurrent(dir, ids[0]!);
    mkdirSync(join(dir, '20260508T220000Z'));
    writeFileSync(join(dir, '20260508T220000Z', 'uz.html'), 'half a build');
    mkdirSync(join(dir, '20260509T220000Z'));

    const removed = pruneReleases(dir, 5, '20260509T220000Z');
    expect(removed).toEqual([ids[1], '20260508T220000Z']);
    expect(listReleases(dir).map((release) => release.id)).toEqual([ids[0], ...ids.slice(2), '20260509T220000Z']);
    expect(existsSync(join(dir, `${ids[1]}.json`))).toBe(false);
    expect(currentRelease(dir)).toBe(ids[0]);
  });

  it('counts releases known only by their manifest (CI keeps manifests between runs)', () => {
    for (const id of [A, B, C]) makeRelease(dir, id);
    rmSync(join(dir, A), { recursive: true });
    symlinkSync(C, join(dir, 'current'));
    expect(listReleases(dir).map(({ id, hasSite }) => [id, hasSite])).toEqual([
      [A, false],
      [B, true],
      [C, true],
    ]);
    expect(pruneReleases(dir, 2)).toEqual([A]);
  });
});

describe('release ids and the lock', () => {
  it('names releases by UTC build time, never twice', () => {
    const now = new Date('2026-05-01T22:00:00.123Z');
    expect(newReleaseId(dir, now)).toBe(A);
    makeRelease(dir, A);
    expect(newReleaseId(dir, now)).toBe(`${A}-2`);
  });

  it('lets one rebuild or rollback work at a time, and takes over the lock of one that died', () => {
    const path = join(dir, '.lock');
    writeFileSync(path, String(process.ppid));
    expect(() => lockReleases(dir)).toThrow(`another rebuild or rollback (pid ${process.ppid}) is working on ${dir}`);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(path, String(gone));
    const unlock = lockReleases(dir);
    expect(existsSync(path)).toBe(true);
    unlock();
    expect(existsSync(path)).toBe(false);
  });
});
