/**
 * Request budgets: hono-rate-limiter in front of every /api/v1 call, with a
 * sliding-window store on the app's clock (tests move time; nothing sleeps).
 * Each request spends from one budget, chosen by its route: sign-in code
 * requests and the other sign-in calls per client address, the bulk catalogue
 * per address, other reads and writes per shopper (a valid access token) or
 * else per address. A refresh or logout that carries a refresh token we signed
 * spends its session's own sign-in budget, never its address's, so a client
 * behind the same address cannot sign anyone out. A request refused as
 * malformed (its body or query fails the contract's schema) spends nothing: it
 * did no work worth a budget, and a shared address must not pay for it. The
 * build's own loader sends the build token as its bearer token and is never
 * throttled.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter, type RateLimitInfo, type Store } from 'hono-rate-limiter';
import { API_PREFIX, type CallName } from '#contract/routes.ts';
import { refreshSession, tokenUser } from './tokens.ts';
import type { AppContext } from './context.ts';
import { callOf, pickLang, tooMany, type Wait } from './http.ts';

/** At most `limit` requests in any `windowMs`. */
export interface Budget {
  limit: number;
  windowMs: number;
}

export const BUDGETS = ['codes', 'signIn', 'heavy', 'writes', 'reads'] as const;
export type BudgetName = (typeof BUDGETS)[number];

export interface LimitOptions {
  budgets: Record<BudgetName, Budget>;
  /** How many proxies in front of the API append to X-Forwarded-For; 0 trusts none (the socket address counts). */
  trustProxy: number;
  /** Requests with `Authorization: Bearer {this}` skip every budget. */
  buildToken: string | undefined;
}

/** The defaults, and the env variable that overrides each as `requests/seconds` (api/README.md, Rate limits). */
export const DEFAULT_BUDGETS: Record<BudgetName, Budget & { env: string }> = {
  // Per address, behind the per-phone and per-sign-in rules of api/sign-in-codes.ts: a carrier NAT
  // puts many shoppers behind one address, so these are ceilings on floods, not what protects an account.
  // 60 codes per 10 minutes: 30 shoppers behind one address each get a code and a resend; 500 numbers from one
  // address get 60 SMS. 300 sign-in calls: those 30 shoppers' verifies (up to 5 tries each), refreshes and logouts.
  codes: { limit: 60, windowMs: 10 * 60_000, env: 'API_RATE_CODES' },
  signIn: { limit: 300, windowMs: 10 * 60_000, env: 'API_RATE_SIGNIN' },
  heavy: { limit: 10, windowMs: 60_000, env: 'API_RATE_HEAVY' },
  writes: { limit: 120, windowMs: 60_000, env: 'API_RATE_WRITES' },
  reads: { limit: 600, windowMs: 60_000, env: 'API_RATE_READS' },
};

/** What callers may set; the rest takes the defaults. */
export interface LimitSettings {
  budgets?: Partial<Record<BudgetName, Budget>>;
  trustProxy?: number;
  buildToken?: string | undefined;
}

export function resolveLimits(settings: LimitSettings = {}): LimitOptions {
  const budgets = Object.fromEntries(
    BUDGETS.map((name) => {
      const { limit, windowMs } = settings.budgets?.[name] ?? DEFAULT_BUDGETS[name];
      return [name, { limit, windowMs }];
    }),
  ) as Record<BudgetName, Budget>;
  return { budgets, trustProxy: settings.trustProxy ?? 0, buildToken: settings.buildToken || undefined };
}

/** The bearer token of a request, if it sent one. */
export const bearer = (c: Context) => /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a bearer token is the build token (compared in constant time). */
export function buildTokenCheck(buildToken: string | undefined): (token: string | undefined) => boolean {
  const expected = buildToken ? digest(buildToken) : null;
  return (token) => expected !== null && token !== undefined && timingSafeEqual(digest(token), expected);
}

const SLOW_DOWN: Wait = {
  uz: (n) => `Soʻrovlar juda koʻp. ${n} soniyadan keyin qayta urinib koʻring.`,
  ru: (n) => `Слишком много запросов. Повторите через ${n} с.`,
};

/**
 * A sliding-window log per key, on the app's clock: a key is refused while it
 * has `limit` requests inside the last `windowMs`. Refused requests are not
 * logged, so a client that keeps knocking gets in as soon as its oldest request
 * leaves the window. Reset times are handed to the library on the wall clock.
 */
class SlidingWindowStore implements Store {
  readonly #hits = new Map<string, number[]>();
  readonly #now: () => number;
  readonly #budget: Budget;
  #swept = 0;

  constructor(now: () => number, budget: Budget) {
    this.#now = now;
    this.#budget = budget;
  }

  increment(key: string) {
    const now = this.#now();
    this.#sweep(now);
    const since = now - this.#budget.windowMs;
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > since);
    const refused = hits.length >= this.#budget.limit;
    if (!refused) hits.push(now);
    this.#hits.set(key, hits);
    const oldest = hits[0] ?? now;
    return {
      totalHits: refused ? this.#budget.limit + 1 : hits.length,
      resetTime: new Date(Date.now() + (oldest + this.#budget.windowMs - now)),
    };
  }

  decrement(key: string) {
    this.#hits.get(key)?.pop();
  }

  resetKey(key: string) {
    this.#hits.delete(key);
  }

  /** Once per window, forgets keys with nothing inside it, so memory follows active clients only. */
  #sweep(now: number) {
    if (now - this.#swept < this.#budget.windowMs) return;
    this.#swept = now;
    for (const [key, hits] of this.#hits) {
      if ((hits.at(-1) ?? 0) <= now - this.#budget.windowMs) this.#hits.delete(key);
    }
  }
}

/** 2001:db8:1:2:… → 2001:db8:1:2::/64: one IPv6 client usually holds a whole /64. */
function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] ?? address;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The client's address: the socket's, or with `trustProxy` hops the entry those proxies appended to X-Forwarded-For. */
export function clientAddress(c: Context, trustProxy: number): string {
  let socket = 'unknown';
  try {
    socket = getConnInfo(c).remote.address ?? socket;
  } catch {
    // Not served by @hono/node-server (app.fetch in a test): one shared bucket.
  }
  if (trustProxy <= 0) return addressKey(socket);
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  chain.push(socket);
  return addressKey(chain[Math.max(0, chain.length - 1 - trustProxy)] ?? socket);
}

const CALL_BUDGET: Partial<Record<CallName, BudgetName>> = {
  auth: 'codes',
  resend: 'codes',
  verify: 'signIn',
  refresh: 'signIn',
  logout: 'signIn',
  catalogue: 'heavy',
};

function budgetOf(c: Context): BudgetName {
  const call = callOf(c.req.method, c.req.path);
  return (call && CALL_BUDGET[call]) ?? (c.req.method === 'GET' || c.req.method === 'HEAD' ? 'reads' : 'writes');
}

const PAYMENTS_PREFIX = `${API_PREFIX}/payments/`;

/** Requests answered 400 because their body or query breaks the call's schema (api/server.ts marks them). */
const malformed = new WeakSet<Request>();
export const markMalformed = (c: Context) => void malformed.add(c.req.raw);

/** The refresh token in a refresh or logout body, read from a copy (the handler reads the body itself). */
async function refreshTokenOf(c: Context): Promise<string | undefined> {
  try {
    const body = (await c.req.raw.clone().json()) as { refresh?: unknown } | null;
    return typeof body?.refresh === 'string' ? body.refresh : undefined;
  } catch {
    return undefined;
  }
}
const SESSION_CALLS: ReadonlySet<CallName | undefined> = new Set(['refresh', 'logout']);

/** The middleware for `${API_PREFIX}/*`. */
export function rateLimits(ctx: AppContext, options: LimitOptions): MiddlewareHandler {
  const isBuild = buildTokenCheck(options.buildToken);
  const address = (c: Context) => `addr:${clientAddress(c, options.trustProxy)}`;
  /** A signed-in shopper spends their own budget, so shoppers behind one carrier NAT do not share one. */
  const shopperOrAddress = async (c: Context) => {
    const token = bearer(c);
    const user = token ? await tokenUser(ctx, token) : null;
    return user === null ? address(c) : `user:${user}`;
  };
  /** A refresh or logout with a refresh token we signed spends its session's budget; any other sign-in call its address's. */
  const sessionOrAddress = async (c: Context) => {
    if (!SESSION_CALLS.has(callOf(c.req.method, c.req.path))) return address(c);
    const token = await refreshTokenOf(c);
    const session = token ? await refreshSession(ctx, token) : null;
    return session === null ? address(c) : `session:${session}`;
  };

  const limiters = Object.fromEntries(
    BUDGETS.map((name) => {
      const budget = options.budgets[name];
      return [
        name,
        rateLimiter<{ Variables: { rateLimit: RateLimitInfo } }>({
          windowMs: budget.windowMs,
          limit: budget.limit,
          store: new SlidingWindowStore(ctx.now, budget),
          standardHeaders: 'draft-6',
          keyGenerator:
            name === 'reads' || name === 'writes' ? shopperOrAddress : name === 'signIn' ? sessionOrAddress : address,
          skipFailedRequests: true,
          // A malformed request did no work; a code request answered 428 only asks for its proof of work, and the
          // request that brings it spends the budget.
          requestWasSuccessful: (c) => !malformed.has(c.req.raw) && c.res.status !== 428,
          handler: (c) => {
            // The store hands the library reset times on the wall clock, so this is the wait on any clock.
            const waitMs = (c.get('rateLimit').resetTime?.getTime() ?? Date.now() + budget.windowMs) - Date.now();
            throw tooMany(pickLang(c.req.header('accept-language')), waitMs, SLOW_DOWN);
          },
        }),
      ];
    }),
  ) as Record<BudgetName, MiddlewareHandler>;

  return async (c, next) => {
    // CORS preflights cost nothing and carry no credentials; the build is never throttled; nor are the payment
    // providers' callbacks, which their keys authenticate and whose refusal would lose a payment.
    if (c.req.method === 'OPTIONS' || isBuild(bearer(c)) || c.req.path.startsWith(PAYMENTS_PREFIX)) return next();
    return limiters[budgetOf(c)](c, next);
  };
}
