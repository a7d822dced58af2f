/**
 * The spec-only backend's settings: defaults, and the same read from the environment
 * (SPEC_*) for `node tests/spec-backend/main.ts`. Tests pass their own to `startSpecBackend`.
 */

/**
 * How the answers are written. Both carry only the fields §3 names, in the shapes §7 gives.
 * - `plain`: numbers, arrays, nested category/store/product/feature objects.
 * - `loose`: what a Django REST backend commonly sends: decimal strings for money and stock,
 *   comma-separated images (or "" or null), a category image as a list, a null title or two,
 *   nested entities as bare ids, a feature with count 0, unknown extra fields on every object.
 */
export type Dialect = 'plain' | 'loose';

const dialects: readonly Dialect[] = ['plain', 'loose'];

/** What the backend sells: the seed, or the seed with the hostile values of hostile.ts. */
export type CatalogueKind = 'seed' | 'hostile';

const catalogueKinds: readonly CatalogueKind[] = ['seed', 'hostile'];

export interface SpecBackendSettings {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  dialect: Dialect;
  /** Django REST's PAGE_SIZE for every paged list of §7. */
  pageSize: number;
  /** Products in the catalogue: the first 40 are the hand-written seed, more repeat it with new ids. */
  products: number;
  catalogue: CatalogueKind;
  /** The `time` of the auth answers: minutes before a code may be resent (§9: countdown = time x 60 s). */
  codeMinutes: number;
  /**
   * Django REST with bearer (JWT) authentication refuses an unknown token on every call, public ones
   * included, before any permission check. Off: an unknown token on a public call is ignored.
   */
  strictTokens: boolean;
  /** Milliseconds every API answer takes (a production backend's 40 ms). */
  latencyMs: number;
  /**
   * Django REST's anonymous throttle, `num/period` (period second, minute, hour or day), per client address: past
   * it an answer is 429 with Retry-After. null: none. `0/second` refuses every call it covers.
   */
  throttle: { requests: number; seconds: number } | null;
  /** Which API paths (after /api/v1) the throttle covers: a regular expression; every path when empty. */
  throttlePaths: string;
  /**
   * Where the pictures live: null, the backend's own /media/ (small PNGs, images.ts); a port (0: a free one), a
   * media host of another origin with full-size photos (media-host.ts), as real marketplaces serve them.
   */
  mediaPort: number | null;
}

export const defaults: Readonly<SpecBackendSettings> = {
  host: '127.0.0.1',
  port: 8010,
  dialect: 'plain',
  pageSize: 20,
  products: 40,
  catalogue: 'seed',
  codeMinutes: 1,
  strictTokens: true,
  latencyMs: 0,
  throttle: null,
  throttlePaths: '',
  mediaPort: null,
};

const PERIODS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** Django REST's rate: `20/second`, `100/minute` (the period's first letter counts). */
export function parseRate(value: string | undefined): SpecBackendSettings['throttle'] {
  if (value === undefined || value === '') return null;
  const [count = '', period = ''] = value.split('/');
  const seconds = PERIODS[period.charAt(0)];
  const requests = Number(count);
  if (!/^\d+$/.test(count) || seconds === undefined)
    throw new Error(`SPEC_THROTTLE must be num/period (e.g. 20/second), got "${value}"`);
  return { requests, seconds };
}

const integer = (name: string, value: string | undefined, fallback: number, min: number): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min)
    throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return parsed;
};

const dialect = (value: string | undefined): Dialect => {
  if (value === undefined || value === '') return defaults.dialect;
  const found = dialects.find((name) => name === value);
  if (!found) throw new Error(`SPEC_DIALECT must be one of ${dialects.join(', ')}, got "${value}"`);
  return found;
};

const catalogueKind = (value: string | undefined): CatalogueKind => {
  if (value === undefined || value === '') return defaults.catalogue;
  const found = catalogueKinds.find((name) => name === value);
  if (!found) throw new Error(`SPEC_CATALOGUE must be one of ${catalogueKinds.join(', ')}, got "${value}"`);
  return found;
};

const flag = (name: string, value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`${name} must be 1/true or 0/false, got "${value}"`);
};

export function settingsFromEnv(env: NodeJS.ProcessEnv): SpecBackendSettings {
  return {
    host: env['SPEC_HOST'] || defaults.host,
    port: integer('SPEC_PORT', env['SPEC_PORT'], defaults.port, 0),
    dialect: dialect(env['SPEC_DIALECT']),
    pageSize: integer('SPEC_PAGE_SIZE', env['SPEC_PAGE_SIZE'], defaults.pageSize, 1),
    products: integer('SPEC_PRODUCTS', env['SPEC_PRODUCTS'], defaults.products, 1),
    catalogue: catalogueKind(env['SPEC_CATALOGUE']),
    codeMinutes: integer('SPEC_CODE_MINUTES', env['SPEC_CODE_MINUTES'], defaults.codeMinutes, 0),
    strictTokens: flag('SPEC_STRICT_TOKENS', env['SPEC_STRICT_TOKENS'], defaults.strictTokens),
    latencyMs: integer('SPEC_LATENCY_MS', env['SPEC_LATENCY_MS'], defaults.latencyMs, 0),
    throttle: parseRate(env['SPEC_THROTTLE']),
    throttlePaths: env['SPEC_THROTTLE_PATHS'] ?? defaults.throttlePaths,
    mediaPort: env['SPEC_MEDIA_PORT'] ? integer('SPEC_MEDIA_PORT', env['SPEC_MEDIA_PORT'], 0, 0) : null,
  };
}
