/** Production refuses unsafe defaults; every knob parses from the environment. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from 'hono/jwt';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, MIN_SECRET_BITS, secretBits, serverOptionsFromEnv } from '../../api/config.ts';
import { DEV_SECRET } from '../../api/server.ts';
import { startTestApi } from './helpers.ts';

/** A random secret, written out so the tests are the same every run. */
const SECRET = 'k7Qv2Lw9Zp4Xc1Rt8Ym3Nb6Hs0Gd5Jf-uE';
const SAFE = {
  NODE_ENV: 'production',
  AUTH_SECRET: SECRET,
  SMS_SENDER: 'eskiz',
  ESKIZ_EMAIL: 'shop@example.uz',
  ESKIZ_PASSWORD: 'secret',
};
const dataDir = mkdtempSync(join(tmpdir(), 'bozor-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `node api/main.ts` with this environment until it exits or says it is listening. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['api/main.ts'], {
      env: { PATH: process.env['PATH'] ?? '', API_PORT: '0', API_DATA_DIR: dataDir, API_SEED_PRODUCTS: '5', ...env },
    });
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('production settings', () => {
  const refusals: [string, Record<string, string | undefined>, RegExp][] = [
    ['no AUTH_SECRET', { AUTH_SECRET: undefined }, /AUTH_SECRET must be set .* at least 32 bytes/],
    ['a short AUTH_SECRET', { AUTH_SECRET: 'short-secret' }, /AUTH_SECRET must be set/],
    ['the console SMS sender', { SMS_SENDER: undefined }, /SMS_SENDER must be eskiz/],
    ['exposed test codes', { API_EXPOSE_CODES: '1' }, /API_EXPOSE_CODES must be unset/],
    ['a short build token', { API_BUILD_TOKEN: 'abc' }, /API_BUILD_TOKEN must be set .* at least 32 bytes/],
    ['32 × "a" as AUTH_SECRET', { AUTH_SECRET: 'a'.repeat(32) }, /AUTH_SECRET looks guessable \(about 0 bits/],
    ['a repeated pattern', { AUTH_SECRET: '0123456789abcdef'.repeat(2) }, /AUTH_SECRET looks guessable/],
    ['a phrase', { AUTH_SECRET: 'my shop bozor secret key 2026!!!' }, /AUTH_SECRET looks guessable/],
    ['a low-entropy build token', { API_BUILD_TOKEN: 'b'.repeat(40) }, /API_BUILD_TOKEN looks guessable/],
    [
      'the development secret',
      { AUTH_SECRET: DEV_SECRET },
      /AUTH_SECRET is the development secret written in the source/,
    ],
    ['the alphabet', { AUTH_SECRET: 'abcdefghijklmnopqrstuvwxyz012345' }, /AUTH_SECRET looks guessable/],
    ['a keyboard run', { AUTH_SECRET: 'qwertyuiopasdfghjklzxcvbnm123456' }, /AUTH_SECRET looks guessable/],
    ['the build token as AUTH_SECRET', { API_BUILD_TOKEN: SECRET }, /AUTH_SECRET and API_BUILD_TOKEN must differ/],
    [
      'a one-character Payme key',
      { PAYME_MERCHANT_ID: 'm1', PAYME_MERCHANT_KEY: 'x' },
      /PAYME_MERCHANT_KEY is not a key the provider issued/,
    ],
    [
      'a one-character Click key',
      { CLICK_SERVICE_ID: '1', CLICK_MERCHANT_ID: '2', CLICK_SECRET_KEY: 'x' },
      /CLICK_SECRET_KEY is not a key the provider issued/,
    ],
    ['Payme without its key', { PAYME_MERCHANT_ID: 'm1' }, /PAYME_MERCHANT_KEY must be set/],
    ['Click without its key', { CLICK_SERVICE_ID: '1', CLICK_MERCHANT_ID: '2' }, /CLICK_SECRET_KEY must be set/],
    ['a card checkout over http', { CARD_CHECKOUT_URL: 'http://pay.uz/?o={order}&r={return}' }, /CARD_CHECKOUT_URL/],
    ['a card checkout without a return', { CARD_CHECKOUT_URL: 'https://pay.uz/?o={order}' }, /CARD_CHECKOUT_URL/],
  ];
  it.each(refusals)('refuses %s, saying what to set', (_what, change, message) => {
    expect(() => serverOptionsFromEnv({ ...SAFE, ...change })).toThrow(message);
  });

  it('names every problem at once', () => {
    let error: unknown;
    try {
      serverOptionsFromEnv({ NODE_ENV: 'production', API_EXPOSE_CODES: '1' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(3);
  });

  it('estimates the entropy of a secret', () => {
    expect(secretBits('a'.repeat(32))).toBe(0);
    expect(secretBits('abcabcabcabcabcabcabcabcabcabcab')).toBe(35);
    expect(secretBits('abcdefghijklmnopqrstuvwxyz012345')).toBe(20);
    expect(secretBits('qwertyuiopasdfghjklzxcvbnm123456')).toBe(20);
    expect(secretBits('xyz'.repeat(11))).toBe(0);
    // `openssl rand -base64 48` and `-hex 32`, as examples.
    expect(secretBits('3q2+7wAAAAB0eXBlOmJhc2U2NDtyYW5kb20/c2VjcmV0IGZvciB0ZXN0cyAxMjM0NQ==')).toBeGreaterThan(
      MIN_SECRET_BITS,
    );
    expect(secretBits('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08')).toBeGreaterThan(
      MIN_SECRET_BITS,
    );
    expect(() =>
      serverOptionsFromEnv({
        ...SAFE,
        AUTH_SECRET: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      }),
    ).not.toThrow();
  });

  it('takes provider keys as the providers issue them', () => {
    const keys = {
      PAYME_MERCHANT_ID: 'm1',
      PAYME_MERCHANT_KEY: 'payme-test-key-3Fq9',
      CLICK_SECRET_KEY: 'jq1YOaZ3NMtMJqR',
    };
    expect(() => serverOptionsFromEnv({ ...SAFE, ...keys })).not.toThrow();
  });

  it('refuses NODE_ENV meaning production in any other spelling, which the other tools would read as development', () => {
    for (const spelling of ['Production', 'PRODUCTION', ' production', 'prod'])
      expect(() => serverOptionsFromEnv({ ...SAFE, NODE_ENV: spelling })).toThrow(
        new RegExp(`NODE_ENV=${spelling} must be written production`),
      );
    expect(serverOptionsFromEnv(SAFE).production).toBe(true);
    expect(serverOptionsFromEnv({ NODE_ENV: 'development' }).production).toBe(false);
  });

  it('keeps the development defaults outside production', () => {
    const options = serverOptionsFromEnv({});
    expect(options.secret).toBe(DEV_SECRET);
    expect(options.exposeCodes).toBe(false);
  });

  it('node api/main.ts exits with the message for each unsafe default, and starts with safe settings', async () => {
    const noSecret = await runMain({ ...SAFE, AUTH_SECRET: '' });
    expect(noSecret.code).toBe(1);
    expect(noSecret.output).toMatch(/The API cannot start:\n {2}- AUTH_SECRET must be set/);
    const console = await runMain({ ...SAFE, SMS_SENDER: 'console' });
    expect(console.code).toBe(1);
    expect(console.output).toMatch(/SMS_SENDER must be eskiz/);
    const exposed = await runMain({ ...SAFE, API_EXPOSE_CODES: '1' });
    expect(exposed.code).toBe(1);
    expect(exposed.output).toMatch(/API_EXPOSE_CODES must be unset/);
    const weak = await runMain({ ...SAFE, AUTH_SECRET: 'a'.repeat(32) });
    expect(weak.code).toBe(1);
    expect(weak.output).toMatch(/AUTH_SECRET looks guessable/);
    const misspelt = await runMain({ ...SAFE, NODE_ENV: 'Production' });
    expect(misspelt.code).toBe(1);
    expect(misspelt.output).toMatch(/NODE_ENV=Production must be written production/);
    const safe = await runMain(SAFE);
    expect(safe.output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
  });

  it('an unusable API_DATA_DIR ends with one line naming it, the path and the cause', async () => {
    // A folder inside a file: no user, root included, can create it.
    const file = join(dataDir, 'not-a-folder');
    writeFileSync(file, 'x');
    const run = await runMain({ API_DATA_DIR: join(file, 'data') });
    expect(run.code).toBe(1);
    const lines = run.output.split('\n').filter((line) => line && !/ExperimentalWarning|trace-warnings/.test(line));
    expect(lines).toEqual([
      `API_DATA_DIR=${join(file, 'data')} (${join(file, 'data')}) cannot be used: ENOTDIR: not a directory, mkdir '${join(file, 'data')}'`,
    ]);
  });

  it('a hand-made token, even signed with the right secret, names no live session: 401', async () => {
    const api = await startTestApi({ products: 5 });
    try {
      // The test API signs with the development secret: a forged token for user 1.
      const exp = Math.floor(api.clock.now / 1000) + 600;
      for (const claims of [
        { sub: '1', type: 'access', exp },
        { sub: '1', type: 'access', sid: 'guess', exp },
      ]) {
        const forged = await sign(claims, DEV_SECRET);
        expect((await api.call('/users/profile/', { token: forged })).status).toBe(401);
      }
    } finally {
      await api.stop();
    }
  });
});

describe('settings from the environment', () => {
  it('reads the rate-limit budgets, proxy trust, build token and upload cap', () => {
    const options = serverOptionsFromEnv({
      API_RATE_CODES: '3/60',
      API_RATE_READS: '1000/10',
      TRUST_PROXY: '2',
      API_BUILD_TOKEN: 'b'.repeat(40),
      API_UPLOAD_QUOTA_MB: '7',
    });
    expect(options.limits?.budgets?.codes).toEqual({ limit: 3, windowMs: 60_000 });
    expect(options.limits?.budgets?.reads).toEqual({ limit: 1000, windowMs: 10_000 });
    expect(options.limits?.budgets?.writes).toEqual({ limit: 120, windowMs: 60_000 });
    expect(options.limits?.trustProxy).toBe(2);
    expect(options.limits?.buildToken).toBe('b'.repeat(40));
    expect(options.uploadQuotaBytes).toBe(7 * 1024 * 1024);
  });

  it('refuses a malformed knob rather than guessing', () => {
    expect(() => serverOptionsFromEnv({ API_RATE_CODES: 'ten' })).toThrow(
      /API_RATE_CODES=ten is not requests\/seconds/,
    );
    expect(() => serverOptionsFromEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY=yes is not a whole number/);
  });
});
