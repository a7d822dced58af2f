/** Settings, what is written down (never a secret) and the webhook message. */
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubber, settingsFromEnv } from '../../scripts/rebuild/settings.ts';
import { publicUrl } from '../../scripts/rebuild/manifest.ts';
import { FIRST_LOAD_BUDGETS_KB } from '../../scripts/rebuild/page-types.ts';
import { failureMessage, postWebhook, type Report } from '../../scripts/rebuild/notify.ts';
import { runScript, startWebhook, tempDir, type Webhook } from './support.ts';

let webhook: Webhook;
beforeAll(async () => {
  webhook = await startWebhook();
});
afterAll(() => webhook.close());

describe('settings', () => {
  it('has defaults for everything', () => {
    const settings = settingsFromEnv({}, []);
    expect(settings).toMatchObject({
      apiUrl: 'http://localhost:8787',
      target: 'local',
      keep: 5,
      maxProductDrop: 20,
      maxCategoryDrop: 10,
      maxStoreDrop: 20,
      jsBudgetKb: FIRST_LOAD_BUDGETS_KB,
      webhookUrl: null,
      dryRun: false,
      problems: [],
    });
    expect(settings.reportPath).toBe(join(settings.releasesDir, 'report.json'));
  });

  it('names every setting it cannot use', () => {
    const settings = settingsFromEnv(
      { DEPLOY_TARGET: 'ftp', REBUILD_KEEP: '2.5', REBUILD_MAX_PRODUCT_DROP: 'lots', REBUILD_JS_BUDGET_KB: '0' },
      ['--dry-run'],
    );
    expect(settings.dryRun).toBe(true);
    expect(settings.problems).toEqual([
      'DEPLOY_TARGET must be one of local, cloudflare-pages, netlify, s3 (got "ftp")',
      'REBUILD_KEEP must be a whole number ≥ 1 (got "2.5")',
      'REBUILD_MAX_PRODUCT_DROP must be a number ≥ 0 (got "lots")',
      'REBUILD_JS_BUDGET_KB must be kind=KB pairs (catalogue, product, shopper; each ≥ 1) or one number ≥ 1 (got "0")',
    ]);
  });

  it('a run with a bad setting fails at config, writes its report and sends its message', async () => {
    const dir = tempDir('config');
    const run = await runScript('scripts/rebuild.ts', [], {
      RELEASES_DIR: dir,
      DEPLOY_TARGET: 's3',
      S3_BUCKET: 'bozor',
      REBUILD_WEBHOOK_URL: webhook.url,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Rebuild failed at config: DEPLOY_TARGET=s3 needs AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION',
    );
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
    expect(report).toMatchObject({ outcome: 'failed', step: 'config', release: null, live: null, notified: true });
    expect(webhook.messages.at(-1)!.body['text']).toContain('Live release kept: none (nothing published yet)');
    rmSync(dir, { recursive: true });
  });
});

describe('nothing secret is written down', () => {
  it('keeps URLs without credentials or query', () => {
    expect(publicUrl('https://builder:s3cret@api.bozor.uz/?key=abc')).toBe('https://api.bozor.uz');
    expect(publicUrl('http://localhost:8787')).toBe('http://localhost:8787');
    expect(publicUrl('not a url')).toBe('(invalid URL)');
  });

  it('scrubs the webhook URL, credentials in URLs and the API key from error lines', () => {
    const scrub = scrubber({ apiUrl: 'https://api.bozor.uz/?key=abc123', webhookUrl: webhook.url });
    const line = scrub(
      `GET "https://builder:s3cret@api.bozor.uz/api/v1/products/?key=abc123" failed; posted to ${webhook.url}`,
    );
    expect(line).toBe('GET "https://api.bozor.uz/api/v1/products/?(secret)" failed; posted to (secret)');
  });
});

describe('webhook', () => {
  const report = {
    outcome: 'refused',
    step: 'shrink',
    reason: 'products in uz shrank by 30%',
    live: 'A',
    release: null,
  } as const;

  it('the message says what failed, why, and which release stays live', () => {
    expect(failureMessage(report)).toBe(
      'Bozor nightly rebuild refused at shrink.\nReason: products in uz shrank by 30%\nLive release kept: A',
    );
  });

  it('sends Telegram its chat id, other webhooks only the text', async () => {
    const before = webhook.messages.length;
    expect(await postWebhook(webhook.url, 'one')).toBe(true);
    expect(await postWebhook(webhook.url.replace(/\?.*/, ''), 'two')).toBe(true);
    expect(webhook.messages.slice(before).map((m) => m.body)).toEqual([
      { chat_id: '-100777', text: 'one' },
      { text: 'two' },
    ]);
  });

  it('a webhook that is down or refuses is reported, never thrown', async () => {
    const refusing = createServer((_req, res) => {
      res.writeHead(403);
      res.end();
    });
    await new Promise<void>((done) => refusing.listen(0, '127.0.0.1', done));
    const { port } = refusing.address() as AddressInfo;
    expect(await postWebhook(`http://127.0.0.1:${port}/hook`, 'x')).toBe(false);
    await new Promise((done) => refusing.close(done));
    expect(await postWebhook(`http://127.0.0.1:${port}/hook`, 'x', 2000)).toBe(false);
  });
});
