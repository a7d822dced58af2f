/** Server options from environment variables, shared by `node api/main.ts` and the scripts. */
import { DEFAULT_UPLOAD_QUOTA_BYTES, DEV_SECRET, type ServerOptions } from './server.ts';
import { BUDGETS, DEFAULT_BUDGETS, type Budget, type BudgetName } from './limits.ts';
import { DEFAULT_UNPAID_UNITS } from './orders.ts';
import { senderFromEnv } from './sms.ts';
import { DEFAULT_PAYMENT_TTL_MS, MAX_PAYMENT_TTL_MS } from './unpaid.ts';

/** Secrets shorter than this can be brute-forced offline from one token (HS256). */
export const MIN_SECRET_BYTES = 32;

/** Estimated entropy a production secret must carry: 128 bits, what HS256 keys and session secrets need. */
export const MIN_SECRET_BITS = 128;

/**
 * Estimated entropy of a secret, in bits: its length times the Shannon entropy
 * of its characters, and 0 for a string that repeats a shorter one. 32 × "a"
 * is 0 bits; `openssl rand -base64 48` about 350; `openssl rand -hex 32` about
 * 250; an English phrase of 32 characters about 120.
 */
export function secretBits(secret: string): number {
  const chars = [...secret];
  if (chars.length === 0 || /^(.+?)\1+$/su.test(secret)) return 0;
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / chars.length) * Math.log2(n / chars.length);
  return Math.round(perChar * chars.length);
}

/** Why a production secret is unsafe, or null. */
function weakSecret(name: string, secret: string | undefined, why: string): string | null {
  if (!secret || Buffer.byteLength(secret) < MIN_SECRET_BYTES)
    return `${name} must be set to a random secret of at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 48\`); ${why}`;
  const bits = secretBits(secret);
  if (bits < MIN_SECRET_BITS)
    return `${name} looks guessable (about ${bits} bits of entropy, at least ${MIN_SECRET_BITS} needed): use a random one, e.g. \`openssl rand -base64 48\`.`;
  return null;
}

/** A setting that cannot be used; the message says what to set instead. */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`The API cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `requests/seconds`, e.g. `10/600`. */
function budgetFromEnv(name: string, value: string | undefined, fallback: Budget, problems: string[]): Budget {
  if (value === undefined || value === '') return { limit: fallback.limit, windowMs: fallback.windowMs };
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    problems.push(`${name}=${value} is not requests/seconds (e.g. ${fallback.limit}/${fallback.windowMs / 1000}).`);
    return fallback;
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}

function wholeNumber(name: string, value: string | undefined, fallback: number, problems: string[]): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value.trim())) {
    problems.push(`${name}=${value} is not a whole number.`);
    return fallback;
  }
  return Number(value);
}

/** Throws a ConfigError naming every unusable setting (in production: every unsafe default). */
export function serverOptionsFromEnv(env: NodeJS.ProcessEnv): ServerOptions {
  const problems: string[] = [];
  const production = env['NODE_ENV'] === 'production';
  const secret = env['AUTH_SECRET'];
  const buildToken = env['API_BUILD_TOKEN'] || undefined;
  if (production) {
    const weak = weakSecret(
      'AUTH_SECRET',
      secret,
      'without it tokens are signed with the development secret in the source.',
    );
    if (weak) problems.push(weak);
    if (env['SMS_SENDER'] !== 'eskiz')
      problems.push(
        'SMS_SENDER must be eskiz (with ESKIZ_EMAIL and ESKIZ_PASSWORD): the console sender only prints codes.',
      );
    if (env['API_EXPOSE_CODES'] === '1')
      problems.push('API_EXPOSE_CODES must be unset: it publishes every sign-in code at /api/v1/__test__/codes/.');
    const weakBuild = buildToken && weakSecret('API_BUILD_TOKEN', buildToken, 'it lifts every rate limit.');
    if (weakBuild) problems.push(weakBuild);
    if (env['PAYME_MERCHANT_ID'] && !env['PAYME_MERCHANT_KEY'])
      problems.push(
        'PAYME_MERCHANT_KEY must be set with PAYME_MERCHANT_ID: without it Payme cannot confirm a payment (POST /api/v1/payments/payme/).',
      );
    if (env['CLICK_SERVICE_ID'] && !env['CLICK_SECRET_KEY'])
      problems.push(
        'CLICK_SECRET_KEY must be set with CLICK_SERVICE_ID: without it Click cannot confirm a payment (POST /api/v1/payments/click/…).',
      );
  }
  const card = env['CARD_CHECKOUT_URL'];
  if (card && (!/^https:\/\/[^/]/.test(card) || !card.includes('{order}') || !card.includes('{return}')))
    problems.push(
      'CARD_CHECKOUT_URL must be an https URL template with {order} and {return} (and {amount}, {method}).',
    );
  const budgets = Object.fromEntries(
    BUDGETS.map((name) => {
      const fallback = DEFAULT_BUDGETS[name];
      return [name, budgetFromEnv(fallback.env, env[fallback.env], fallback, problems)];
    }),
  ) as Record<BudgetName, Budget>;
  const trustProxy = wholeNumber('TRUST_PROXY', env['TRUST_PROXY'], 0, problems);
  const paymentMinutes = wholeNumber(
    'API_PAYMENT_MINUTES',
    env['API_PAYMENT_MINUTES'],
    DEFAULT_PAYMENT_TTL_MS / 60_000,
    problems,
  );
  if (paymentMinutes < 1 || paymentMinutes * 60_000 > MAX_PAYMENT_TTL_MS)
    problems.push(
      `API_PAYMENT_MINUTES=${paymentMinutes} must be 1 to ${MAX_PAYMENT_TTL_MS / 60_000}: Payme cancels an unperformed transaction after 12 hours.`,
    );
  const unpaidUnits = wholeNumber('API_UNPAID_UNITS', env['API_UNPAID_UNITS'], DEFAULT_UNPAID_UNITS, problems);
  if (unpaidUnits < 1) problems.push('API_UNPAID_UNITS must be at least 1: with 0 nobody could order online.');
  const quotaMb = wholeNumber(
    'API_UPLOAD_QUOTA_MB',
    env['API_UPLOAD_QUOTA_MB'],
    DEFAULT_UPLOAD_QUOTA_BYTES / 2 ** 20,
    problems,
  );
  let sms: ServerOptions['sms'];
  try {
    sms = senderFromEnv(env);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: Number(env['API_PORT'] ?? 8787),
    host: env['API_HOST'] ?? '127.0.0.1',
    dataDir: env['API_DATA_DIR'] ?? './data',
    // Unset: http://localhost:{the port actually bound}.
    publicUrl: env['API_PUBLIC_URL'],
    secret: secret || DEV_SECRET,
    sms,
    exposeCodes: env['API_EXPOSE_CODES'] === '1',
    seedProducts: Number(env['API_SEED_PRODUCTS'] ?? 300),
    limits: { budgets, trustProxy, buildToken },
    uploadQuotaBytes: quotaMb * 2 ** 20,
    paymentTtlMs: paymentMinutes * 60_000,
    unpaidUnits,
  };
}
