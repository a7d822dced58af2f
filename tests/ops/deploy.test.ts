/**
 * Deploy adapters, run against stub binaries on PATH that record their
 * arguments and the names (never the values) of the credentials they were given.
 */
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS, deploy, missingSettings, type Target } from '../../scripts/rebuild/deploy.ts';
import { isImmutable } from '../../integrations/host-headers.ts';
import { page, tempDir, writeSite } from './support.ts';

/** A stand-in for the _headers the build writes (integrations/host-headers.ts). */
const BUILD_HEADERS = '/*\n  X-Content-Type-Options: nosniff\n';

const SECRETS = {
  CLOUDFLARE_API_TOKEN: 'cf-token-value',
  CLOUDFLARE_ACCOUNT_ID: 'cf-account',
  NETLIFY_AUTH_TOKEN: 'nf-token-value',
  NETLIFY_SITE_ID: 'nf-site',
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'aws-secret-value',
  AWS_REGION: 'eu-central-1',
};

let bin: string;
let release: string;
let log: string;

beforeAll(() => {
  bin = tempDir('stubs');
  log = join(bin, 'calls.log');
  const stub = `#!/bin/sh
{
  printf 'BIN %s\\n' "$(basename "$0")"
  for arg in "$@"; do printf 'ARG %s\\n' "$arg"; done
  env | cut -d= -f1 | grep -E '^(CLOUDFLARE|NETLIFY|AWS|S3_|CLOUDFRONT)' | sort | sed 's/^/ENV /'
  echo END
} >> "$STUB_LOG"
exit "\${STUB_EXIT:-0}"
`;
  for (const name of ['wrangler', 'netlify', 'aws']) {
    writeFileSync(join(bin, name), stub);
    chmodSync(join(bin, name), 0o755);
  }
  release = tempDir('release');
  writeSite(release, {
    'index.html': page(''),
    'uz/product/5.html': page(''),
    '_astro/Panel.abc123.js': '',
    'pagefind/pagefind.js': '',
    'pagefind/pagefind.uz_715a785c81.pf_meta': '',
    'pagefind/index/uz_1a2b.pf_index': '',
    _headers: BUILD_HEADERS,
  });
});
afterAll(() => [bin, release].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Call {
  bin: string;
  args: string[];
  env: string[];
}

function calls(): Call[] {
  const text = readFileSync(log, 'utf8');
  rmSync(log);
  return text
    .split('END\n')
    .filter(Boolean)
    .map((block) => {
      const lines = block.trim().split('\n');
      const take = (tag: string) => lines.filter((l) => l.startsWith(`${tag} `)).map((l) => l.slice(tag.length + 1));
      return { bin: take('BIN')[0]!, args: take('ARG'), env: take('ENV') };
    });
}

const envFor = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: `${bin}:${process.env.PATH}`,
  STUB_LOG: log,
  ...SECRETS,
  ...extra,
});

async function deployed(target: Target, extra: NodeJS.ProcessEnv = {}): Promise<Call[]> {
  await deploy(
    target,
    { id: '20260501T220000Z', dir: release, commit: 'a4ae87c98612055e1f9e7acda8da0135261c5fa3' },
    envFor(extra),
  );
  const recorded = calls();
  const everything = JSON.stringify(recorded.map((call) => call.args));
  for (const value of Object.values(SECRETS).filter((v) => v.includes('value')))
    expect(everything).not.toContain(value);
  return recorded;
}

describe('deploy adapters', () => {
  it("cloudflare-pages: wrangler pages deploy of the release, with the build's _headers", async () => {
    const recorded = await deployed('cloudflare-pages', { CLOUDFLARE_PAGES_PROJECT: 'bozor' });
    expect(recorded).toEqual([
      {
        bin: 'wrangler',
        args: [
          'pages',
          'deploy',
          release,
          '--project-name=bozor',
          '--branch=main',
          '--commit-hash=a4ae87c98612055e1f9e7acda8da0135261c5fa3',
          '--commit-message=Bozor release 20260501T220000Z (a4ae87c98612)',
          '--commit-dirty=true',
        ],
        env: ['CLOUDFLARE_ACCOUNT_ID', 'CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_PAGES_PROJECT'],
      },
    ]);
    // The release ships the build's own _headers (security and cache rules) as it is.
    expect(readFileSync(join(release, '_headers'), 'utf8')).toBe(BUILD_HEADERS);
  });

  it('netlify: netlify deploy --prod of the folder, without building', async () => {
    const recorded = await deployed('netlify');
    expect(recorded).toEqual([
      {
        bin: 'netlify',
        args: [
          'deploy',
          '--prod',
          `--dir=${release}`,
          '--no-build',
          '--message=Bozor release 20260501T220000Z (a4ae87c98612)',
        ],
        env: ['NETLIFY_AUTH_TOKEN', 'NETLIFY_SITE_ID'],
      },
    ]);
  });

  it('s3: hashed files first with a year of caching, then the rest revalidated, then a CloudFront invalidation', async () => {
    const recorded = await deployed('s3', { S3_BUCKET: 'bozor-site', CLOUDFRONT_DISTRIBUTION_ID: 'E2EXAMPLE' });
    const hashed = [
      '_astro/*',
      'pagefind/fragment/*',
      'pagefind/index/*',
      'pagefind/filter/*',
      'pagefind/part-*/fragment/*',
      'pagefind/part-*/index/*',
      'pagefind/part-*/filter/*',
    ];
    expect(recorded.map((call) => [call.bin, ...call.args])).toEqual([
      [
        'aws',
        's3',
        'sync',
        release,
        's3://bozor-site',
        '--exclude',
        '*',
        ...hashed.flatMap((g) => ['--include', g]),
        '--cache-control',
        'public, max-age=31536000, immutable',
        '--only-show-errors',
      ],
      [
        'aws',
        's3',
        'sync',
        release,
        's3://bozor-site',
        ...hashed.flatMap((g) => ['--exclude', g]),
        '--cache-control',
        'public, max-age=0, must-revalidate',
        '--delete',
        '--only-show-errors',
      ],
      ['aws', 'cloudfront', 'create-invalidation', '--distribution-id', 'E2EXAMPLE', '--paths', '/*'],
    ]);
    expect(recorded[0]!.env).toEqual([
      'AWS_ACCESS_KEY_ID',
      'AWS_REGION',
      'AWS_SECRET_ACCESS_KEY',
      'CLOUDFRONT_DISTRIBUTION_ID',
      'S3_BUCKET',
    ]);
    const withoutCdn = await deployed('s3', { S3_BUCKET: 's3://bozor-site/shop' });
    expect(withoutCdn.map((call) => call.args.slice(0, 5))).toEqual([
      ['s3', 'sync', release, 's3://bozor-site/shop', '--exclude'],
      ['s3', 'sync', release, 's3://bozor-site/shop', '--exclude'],
    ]);
  });

  it('local runs no command', async () => {
    await deploy('local', { id: 'x', dir: release, commit: null }, envFor());
    expect(() => readFileSync(log)).toThrow();
  });

  it('lists the commands of a dry run without the settings, naming what is missing', () => {
    const folder = { id: 'x', dir: release, commit: null };
    expect(ADAPTERS.s3.commands(folder, {})[0]!.args.slice(0, 4)).toEqual(['s3', 'sync', release, 's3://$S3_BUCKET']);
    expect(ADAPTERS['cloudflare-pages'].commands(folder, {})[0]!.args).toContain(
      '--project-name=$CLOUDFLARE_PAGES_PROJECT',
    );
  });

  it('names the settings a target lacks', () => {
    expect(missingSettings('netlify', { NETLIFY_AUTH_TOKEN: 'x' })).toEqual(['NETLIFY_SITE_ID']);
    expect(missingSettings('s3', {})).toEqual([
      'S3_BUCKET',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_REGION',
    ]);
    expect(missingSettings('local', {})).toEqual([]);
  });

  it('a failing or missing CLI stops the deploy with its name', async () => {
    const folder = { id: 'x', dir: release, commit: null };
    await expect(deploy('netlify', folder, envFor({ STUB_EXIT: '3' }))).rejects.toThrow(
      'netlify deploy --prod failed (exit 3)',
    );
    rmSync(log, { force: true });
    await expect(deploy('netlify', folder, { ...SECRETS, PATH: '/nonexistent' })).rejects.toThrow(
      'netlify could not be started (ENOENT): is it installed?',
    );
  });

  it('caches only files whose names carry a content hash', () => {
    expect(isImmutable('_astro/Panel.abc123.js')).toBe(true);
    expect(isImmutable('pagefind/fragment/uz_1a2b.pf_fragment')).toBe(true);
    // A search index part's chunks are named by their content too; its entry and metadata are rewritten in place.
    expect(isImmutable('pagefind/part-3/fragment/uz_1a2b.pf_fragment')).toBe(true);
    expect(isImmutable('pagefind/part-64/index/ru_9f.pf_index')).toBe(true);
    for (const path of [
      'pagefind/part-3/pagefind-entry.json',
      'pagefind/part-3/pagefind.uz_33645c2d28.pf_meta',
      'pagefind/parts.js',
      'pagefind/pagefind.js',
      'pagefind/pagefind.ru_33645c2d28.pf_meta',
      'pagefind/pagefind-entry.json',
      'pagefind/wasm.uz.pagefind',
      'uz.html',
      'favicon.svg',
    ]) {
      expect(isImmutable(path), path).toBe(false);
    }
  });
});
