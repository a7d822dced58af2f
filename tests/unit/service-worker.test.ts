/** The release written into the service worker: its built files' hashes, an id that changes with them, the policy. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { releaseFiles, withRelease } from '../../integrations/service-worker.ts';

const dir = mkdtempSync(join(tmpdir(), 'bozor-sw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const url = pathToFileURL(`${dir}/`);

describe('the release in the service worker', () => {
  it("lists every built file with the SHA-256 of its bytes, under an id that changes with any file's bytes", async () => {
    mkdirSync(join(dir, '_astro'), { recursive: true });
    writeFileSync(join(dir, '_astro', 'Header.abc.js'), 'export const a = 1;');
    writeFileSync(join(dir, '_astro', 'page.def.css'), 'a{color:red}');
    const release = await releaseFiles(url, "script-src 'self'");
    expect(release.files).toEqual({
      '/_astro/Header.abc.js': createHash('sha256').update('export const a = 1;').digest('base64'),
      '/_astro/page.def.css': createHash('sha256').update('a{color:red}').digest('base64'),
    });
    expect(release.policy).toBe("script-src 'self'");
    // The host's private pages (no-store there) are never kept by the worker either.
    expect(release.private).toEqual(
      expect.arrayContaining(['/uz/profile', '/ru/orders-success', '/uz/orders-confirmation']),
    );
    writeFileSync(join(dir, '_astro', 'Header.abc.js'), 'export const a = 2;');
    expect((await releaseFiles(url, '')).id).not.toBe(release.id);
  });

  it("is written into public/sw.js's release line, so its caches are named by the release", async () => {
    const source = readFileSync('public/sw.js', 'utf8');
    const release = await releaseFiles(url, "default-src 'self'");
    const written = withRelease(source, release);
    expect(written).toContain(`const RELEASE = ${JSON.stringify(release)};`);
    expect(written).not.toContain("id: 'development'");
    expect(written).toContain('const ASSETS = `bozor-assets-${RELEASE.id}`;');
    expect(() => withRelease('self.addEventListener("fetch", () => {});', release)).toThrow(/RELEASE/);
  });
});
