/** Server options from environment variables, shared by `node api/main.ts` and the scripts. */
import { DEFAULT_UPLOAD_QUOTA_BYTES, DEV_SECRET, type ServerOptions } from './server.ts';
import { BUDGETS, DEFAULT_BUDGETS, type Budget, type BudgetName } from './limits.ts';
import { DEFAULT_UNPAID_UNITS } from './orders.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './sign-in-guard.ts';
import { senderFromEnv } from './sms.ts';
import { DEFAULT_PAYMENT_TTL_MS, MAX_PAYMENT_TTL_MS } from './unpaid.ts';

/** Secrets shorter than this can be brute-forced offline from one token (HS256). */
const MIN_SECRET_BYTES = 32;

/** Estimated entropy a production secret must carry: 128 bits, what HS256 keys and session secrets need. */
export const MIN_SECRET_BITS = 128;

/** Keys next to each other on a keyboard, in the runs people type (rows, and the columns of a QWERTY keyboard). */
const KEYBOARD_RUNS = [
  '1234567890',
  'qwertyuiopasdfghjklzxcvbnm',
  'qazwsxedcrfvtgbyhnujmikolp',
  'йцукенгшщзхъфывапролджэячсмитьбю',
].flatMap((run) => [run, run.toUpperCase()]);

/** Whether `ch` is what a person types after `prev`: the same key, the next letter or digit, or a neighbouring key. */
function follows(prev: string, ch: string): boolean {
  if (Math.abs((prev.codePointAt(0) ?? 0) - (ch.codePointAt(0) ?? 0)) <= 1) return true;
  return KEYBOARD_RUNS.some((run) => {
    const i = run.indexOf(prev);
    return i >= 0 && Math.abs(run.indexOf(ch) - i) === 1;
  });
}

/**
 * Estimated entropy of a secret, in bits: the Shannon entropy of its
 * characters times the number of them that were a choice, and 0 for a string
 * that repeats a shorter one. In a run that repeats a key, follows the
 * alphabet or the digits, or walks along the keyboard (aaa, abc, 321, qwe,
 * asd), every character after the first two was no choice. 32 × "a",
 * `abcdefghijklmnopqrstuvwxyz012345` and `qwertyuiopasdfghjklzxcvbnm123456` are
 * at most 20 bits; `openssl rand -base64 48` about 350; `openssl rand -hex 32`
 * about 250; an English phrase of 32 characters about 120.
 */
export function secretBits(secret: string): number {
  const chars = [...secret];
  if (chars.length === 0 || /^(.+?)\1+$/su.test(secret)) return 0;
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / chars.length) * Math.log2(n / chars.length);
  // Past the first two characters of a run (aaa, abc, 321, qwe), a character is no choice at all.
  const inRun = (i: number) => i >= 1 && follows(chars[i - 1] ?? '', chars[i] ?? '');
  const chosen = chars.filter((_, i) => !(inRun(i) && inRun(i - 1))).length;
  return Math.round(perChar * chosen);
}

/** Keys the payment providers issue are random and long; one shorter or more regular than this was not issued by them. */
const MIN_PROVIDER_KEY_CHARS = 10;
const MIN_PROVIDER_KEY_BITS = 40;

/** Why a provider's key is unusable in production, or null. */
function weakProviderKey(name: string, key: string): string | null {
  const bits = secretBits(key);
  if (key.length >= MIN_PROVIDER_KEY_CHARS && bits >= MIN_PROVIDER_KEY_BITS) return null;
  return `${name} is not a key the provider issued (${key.length} characters, about ${bits} bits of entropy): copy the key from the merchant cabinet.`;
}

/** NODE_ENV values that mean production but are not written `production`, which other tools compare exactly. */
const productionTypo = (value: string | undefined) =>
  value !== undefined && value !== 'production' && /^prod/i.test(value.trim());

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
  if (productionTypo(env['NODE_ENV']))
    problems.push(
      `NODE_ENV=${env['NODE_ENV']} must be written production (lower case, nothing around it): the API, Node and the build's tools each compare it exactly, so anything else runs as development.`,
    );
  if (production) {
    const weak =
      secret === DEV_SECRET
        ? 'AUTH_SECRET is the development secret written in the source (api/server.ts), which anyone can read: use a random one, e.g. `openssl rand -base64 48`.'
        : weakSecret('AUTH_SECRET', secret, 'without it tokens are signed with the development secret in the source.');
    if (weak) problems.push(weak);
    if (secret && secret === buildToken)
      problems.push(
        "AUTH_SECRET and API_BUILD_TOKEN must differ: the build token travels with every build request, and whoever holds the signing secret can make any shopper's token.",
      );
    for (const [name, key] of [
      ['PAYME_MERCHANT_KEY', env['PAYME_MERCHANT_KEY']],
      ['CLICK_SECRET_KEY', env['CLICK_SECRET_KEY']],
    ] as const) {
      const weakKey = key ? weakProviderKey(name, key) : null;
      if (weakKey) problems.push(weakKey);
    }
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
  const signInLimits = Object.fromEntries(
    Object.entries(DEFAULT_SIGN_IN_LIMITS).map(([key, { value, env: name }]) => {
      const n = wholeNumber(name, env[name], value, problems);
      if (n < 1) problems.push(`${name} must be at least 1.`);
      return [key, n];
    }),
  ) as unknown as SignInLimits;
  const corsOrigins = (env['API_CORS_ORIGINS'] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins)
    if (!/^https?:\/\/[^/]+$/.test(origin.replace(/\/+$/, '')))
      problems.push(`API_CORS_ORIGINS: ${origin} is not an origin (scheme and host, e.g. https://bozor.uz).`);
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
    production,
    paymentTtlMs: paymentMinutes * 60_000,
    unpaidUnits,
    signInLimits,
    ...(corsOrigins.length > 0 ? { corsOrigins } : {}),
  };
}
