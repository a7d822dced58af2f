/**
 * The nightly rebuild's settings, read from the environment and the command line (docs/operations.md, Settings), and
 * the scrubbing of secrets from what a run reports.
 */
import { join, resolve } from 'node:path';
import { isTarget, TARGETS, type Target } from './deploy.ts';
import type { Thresholds } from './gate.ts';
import { FIRST_LOAD_BUDGETS_KB, parseBudgets } from './page-types.ts';
import { releasesDirFromEnv } from './releases.ts';

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
    maxStoreDrop: number('REBUILD_MAX_STORE_DROP', 20, 0),
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
