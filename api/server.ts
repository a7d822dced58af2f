/** The Hono app of /api/v1 (every entry of `calls`), and a Node server around it. */
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod/mini';
import { API_PREFIX, calls, type Call, type CallName } from '#contract/calls.ts';
import { buildOpenApi } from './openapi.ts';
import { finishBody, FORM_CALLS, MAX_FORM_BODY, MAX_JSON_BODY, readBody } from './bodies.ts';
import { latestCode, signInHandlers } from './sign-in-codes.ts';
import { profileHandlers } from './profile.ts';
import { sessionHandlers } from './sessions.ts';
import { readToken } from './tokens.ts';
import { basketHandlers } from './basket.ts';
import { catalogueHandlers } from './catalogue.ts';
import type { AppContext } from './context.ts';
import { isBusy, isStorageFull, openDb, type Db } from './db.ts';
import { geocoderRoutes } from './geocoder.ts';
import { ApiError, callOf, pickLang, Reply, validate, type Handlers } from './http.ts';
import {
  bearer,
  buildTokenCheck,
  clientAddress,
  markMalformed,
  rateLimits,
  resolveLimits,
  type LimitSettings,
} from './limits.ts';
import { mediaResponse } from './media.ts';
import { discardUploads, type Upload } from './multipart.ts';
import { merchantRoutes } from './merchant.ts';
import { DEFAULT_UNPAID_UNITS, orderHandlers } from './orders.ts';
import { cardFromEnv, clickFromEnv, newSandboxKey, paymeFromEnv, sandboxRoutes } from './payments.ts';
import { orderStatusRoute } from './test-routes.ts';
import { reviewHandlers } from './reviews.ts';
import { defaultSignInLimits, type SignInLimits } from './sign-in-guard.ts';
import { DEFAULT_PAYMENT_TTL_MS, expireUnpaid, SWEEP_MS } from './unpaid.ts';
import { seedDatabase } from './seed.ts';
import { slots } from './slots.ts';
import { consoleSender, type SmsSender } from './sms.ts';

export const DEV_SECRET = 'bozor-dev-secret-do-not-use-in-production';

export interface AppOptions {
  db: Db;
  dataDir: string;
  publicUrl: string;
  now?: () => number;
  secret?: string;
  sms?: SmsSender;
  /**
   * Serve the test routes: GET /api/v1/__test__/codes/?phone= and POST
   * /api/v1/__test__/orders/{id}/status (tests only). Defaults to env API_EXPOSE_CODES=1.
   */
  exposeCodes?: boolean;
  siteUrl?: string;
  /** Origins whose pages may call the API (CORS); default: the site's own, siteUrl. */
  corsOrigins?: string[];
  /** SMS budgets, the proof of work and wrong codes per address (api/sign-in-guard.ts); unset parts take the defaults. */
  signInLimits?: Partial<SignInLimits>;
  /** Payment providers; null = not configured (sandbox). Default: from the environment (payments.ts). */
  payme?: AppContext['payme'];
  click?: AppContext['click'];
  card?: AppContext['card'];
  /** Merchant callback keys (PAYME_MERCHANT_KEY, CLICK_SECRET_KEY); default: from the environment. */
  merchantKeys?: Partial<AppContext['merchantKeys']>;
  /** Request budgets, proxy trust and the build token (api/limits.ts); unset parts take the defaults. */
  limits?: LimitSettings;
  /** Bytes of review images one user may keep (default DEFAULT_UPLOAD_QUOTA_BYTES). */
  uploadQuotaBytes?: number;
  /** Refuse the sandbox and the test routes. Defaults to NODE_ENV=production. */
  production?: boolean;
  /** An unpaid online order is cancelled this long after it was placed (default DEFAULT_PAYMENT_TTL_MS). */
  paymentTtlMs?: number;
  /** Units one shopper's unpaid orders under way may hold (default DEFAULT_UNPAID_UNITS). */
  unpaidUnits?: number;
}

/** Retry-After of a 503 for a write that waited for another process's write lock. */
const BUSY_RETRY_SECONDS = 1;
/** Retry-After of a 503 for a full disk: someone has to free space first. */
const STORAGE_RETRY_SECONDS = 60;
export const DEFAULT_UPLOAD_QUOTA_BYTES = 50 * 1024 * 1024;
/** Answers about one shopper, never to be kept by a browser or proxy cache. */
const PERSONAL: ReadonlySet<CallName> = new Set([
  'auth',
  'verify',
  'resend',
  'refresh',
  'logout',
  ...(Object.keys(calls) as CallName[]).filter((name) => (calls[name] as Call).auth === 'required'),
]);

/**
 * Review form calls handled at once, across all requests: each spills its images to disk as they arrive and holds
 * one decoded image at a time while it checks and stores them. The rest wait their turn, their bodies unread.
 */
const MAX_FORMS = 2;
const forms = slots(MAX_FORMS);

const errorJson = (c: Context, error: ApiError) => {
  if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
  return c.json(error.body, error.status as ContentfulStatusCode);
};

const tooLarge = (c: Context) => {
  // The rest of the body stays unread, so this connection cannot carry another request.
  c.header('Connection', 'close');
  const detail = 'The request body is too large.';
  return c.json({ detail, errors: { non_field_errors: [detail] } }, 413);
};
const limitJson = bodyLimit({ maxSize: MAX_JSON_BODY, onError: tooLarge });
const limitForm = bodyLimit({ maxSize: MAX_FORM_BODY, onError: tooLarge });

export function createApp(options: AppOptions): Hono {
  const providers = {
    payme: options.payme !== undefined ? options.payme : paymeFromEnv(process.env),
    click: options.click !== undefined ? options.click : clickFromEnv(process.env),
    card: options.card !== undefined ? options.card : cardFromEnv(process.env),
    merchantKeys: {
      payme:
        options.merchantKeys?.payme !== undefined
          ? options.merchantKeys.payme
          : process.env['PAYME_MERCHANT_KEY'] || null,
      click:
        options.merchantKeys?.click !== undefined
          ? options.merchantKeys.click
          : process.env['CLICK_SECRET_KEY'] || null,
    },
  };
  const production = options.production ?? process.env['NODE_ENV'] === 'production';
  const { payme, click, card, merchantKeys } = providers;
  const ctx: AppContext = {
    db: options.db,
    dataDir: options.dataDir,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    now: options.now ?? Date.now,
    secret: options.secret ?? DEV_SECRET,
    sms: options.sms ?? consoleSender,
    uploadQuotaBytes: options.uploadQuotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES,
    siteUrl: (options.siteUrl ?? process.env['SITE_URL'] ?? 'http://localhost:4321').replace(/\/+$/, ''),
    ...providers,
    production,
    // Never beside a live provider: one merchant setting of any provider turns the sandbox off.
    sandbox: !production && [payme, click, card, merchantKeys.payme, merchantKeys.click].every((p) => p === null),
    sandboxKey: newSandboxKey(),
    paymentTtlMs: options.paymentTtlMs ?? DEFAULT_PAYMENT_TTL_MS,
    unpaidUnits: options.unpaidUnits ?? DEFAULT_UNPAID_UNITS,
    signInLimits: { ...defaultSignInLimits(), ...options.signInLimits },
  };
  const testRoutes = options.exposeCodes ?? process.env['API_EXPOSE_CODES'] === '1';
  if (testRoutes && ctx.production)
    throw new Error('API_EXPOSE_CODES=1 is refused in production (NODE_ENV=production).');
  const handlers: Handlers = {
    ...signInHandlers(ctx),
    ...sessionHandlers(ctx),
    ...profileHandlers(ctx),
    ...catalogueHandlers(ctx),
    ...basketHandlers(ctx),
    ...orderHandlers(ctx),
    ...reviewHandlers(ctx),
  };

  const app = new Hono();
  // Outermost, so it sees every answer: body caps, unread bodies, and the headers every answer carries.
  app.use('*', async (c, next) => {
    const request = c.req.raw;
    const call = callOf(c.req.method, c.req.path);
    const form = call !== undefined && FORM_CALLS.has(call);
    const early = await (form ? limitForm : limitJson)(c, next);
    if (early instanceof Response) c.res = early;
    await finishBody(c, request, form ? MAX_FORM_BODY : MAX_JSON_BODY);
    c.header('X-Content-Type-Options', 'nosniff');
    if (call !== undefined && PERSONAL.has(call)) c.header('Cache-Control', 'no-store');
  });
  // Only the site's own pages may read answers: another page can still send a simple request, but reads nothing.
  const origins = new Set((options.corsOrigins ?? [ctx.siteUrl]).map((origin) => origin.replace(/\/+$/, '')));
  app.use(
    '*',
    cors({
      origin: (origin) => (origins.has(origin) ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'],
      maxAge: 86400,
    }),
  );
  const limits = resolveLimits(options.limits);
  const isBuild = buildTokenCheck(limits.buildToken);
  app.use(`${API_PREFIX}/*`, rateLimits(ctx, limits));
  // A page of another origin cannot ask for a code in a visitor's browser: CORS stops only its reading, not its
  // sending, so a request that names another origin is refused before it costs an SMS.
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    const origin = c.req.header('origin');
    if (
      origin &&
      c.req.method !== 'GET' &&
      c.req.method !== 'HEAD' &&
      c.req.method !== 'OPTIONS' &&
      !origins.has(origin)
    )
      throw new ApiError(403, 'This origin may not call the API.');
    await next();
  });
  // Before any write (an order, a payment, a provider's callback): the stock of expired unpaid orders is back.
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS') expireUnpaid(ctx);
    await next();
  });

  app.get('/media/*', async (c) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path.slice('/media/'.length));
    } catch {
      throw new ApiError(400, 'Malformed path.');
    }
    const found = await mediaResponse(ctx.dataDir, path, c.req.query('w'));
    if (found) return found;
    // A replaced review image's old name may be asked for again: its absence is never kept for long.
    c.header('Cache-Control', 'no-store');
    return c.json({ detail: 'Not found.' }, 404);
  });

  let openApi: object | undefined;
  app.get(`${API_PREFIX}/openapi.json`, (c) => c.json((openApi ??= buildOpenApi())));

  if (testRoutes) {
    app.get(`${API_PREFIX}/__test__/codes/`, (c) => {
      const code = latestCode(ctx, c.req.query('phone') ?? '');
      return code ? c.json({ code }) : c.json({ detail: 'No code for this phone.' }, 404);
    });
    orderStatusRoute(app, ctx);
  }
  geocoderRoutes(app);
  merchantRoutes(app, ctx);
  // Review forms' files while they are read; what a stopped process left there belongs to no request.
  const incoming = join(ctx.dataDir, 'incoming');
  rmSync(incoming, { recursive: true, force: true });
  if (ctx.sandbox) sandboxRoutes(app, ctx);

  for (const name of Object.keys(calls) as CallName[]) {
    const call: Call = calls[name];
    // Numeric ids only: /products/product/abc/ is an unknown resource (404), never a handler error.
    const path = API_PREFIX + call.path.replace(/:id\b/g, ':id{[0-9]+}');
    const handler = handlers[name] as (input: unknown) => unknown;
    app.on(call.method, path, async (c) => {
      const url = new URL(c.req.url);
      const token = bearer(c);
      // The build token speaks for no shopper: the build reads as a visitor (and a valid token, not a bad one).
      const header = isBuild(token) ? undefined : c.req.header('authorization');
      let userId: number | null = null;
      if (call.auth && header !== undefined) userId = token ? await readToken(ctx, token) : null;
      if (call.auth === 'required' && userId === null) {
        throw new ApiError(
          401,
          header ? 'The token is invalid or expired.' : 'Authentication credentials were not provided.',
        );
      }
      // A body or query that breaks the schema is refused as malformed: it spends no rate budget (api/limits.ts).
      const wellFormed = (error: unknown) => {
        if (error instanceof ApiError && error.status === 400) markMalformed(c);
        return error;
      };
      let query: unknown = {};
      try {
        if (call.query) query = validate(call.query, Object.fromEntries(url.searchParams));
      } catch (error) {
        throw wellFormed(error);
      }
      const run = FORM_CALLS.has(name) ? forms.run : <T>(work: () => Promise<T>) => work();
      // A form's files are spilled to disk while it is read, and deleted once the call is done with them.
      const uploads: Upload[] = [];
      const result = await run(async () =>
        handler({
          query,
          params: c.req.param(),
          lang: pickLang(c.req.header('accept-language')),
          url,
          address: clientAddress(c, limits.trustProxy),
          badToken: header !== undefined && userId === null,
          userId,
          body: () => {
            if (!call.body) throw new Error(`${name} takes no body`);
            return readBody(c.req.raw, name, call.body, incoming).then(
              (body) => {
                uploads.push(...body.files);
                return body;
              },
              (error: unknown) => {
                throw wellFormed(error);
              },
            );
          },
        }),
      ).finally(() => discardUploads(uploads));
      if (!call.answer) return c.body(null, 204);
      const [status, value] = result instanceof Reply ? [result.status, result.value] : [call.status ?? 200, result];
      const checked = z.safeParse(call.answer, value);
      if (!checked.success) {
        console.error(`[api] ${name} answer does not match the contract:`, checked.error.issues);
        throw new Error(`${name} answer does not match the contract`);
      }
      return c.json(checked.data as object, status);
    });
  }

  app.notFound((c) => c.json({ detail: 'Not found.' }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorJson(c, error);
    // decodeURIComponent of a malformed %-escape anywhere: the request is bad, the server is not.
    if (error instanceof URIError) return errorJson(c, new ApiError(400, 'Malformed request.'));
    if (isBusy(error)) {
      // Another process holds the write lock (a back-office command): nothing was written; a moment later it will be.
      c.header('Retry-After', String(BUSY_RETRY_SECONDS));
      return c.json({ detail: 'The shop is busy for a moment. Please try again.' }, 503);
    }
    if (isStorageFull(error)) {
      // The real cause, once: the disk (or the database's size limit) is full; nothing of this request was kept.
      console.error(`[api] ${c.req.method} ${c.req.path}: storage is full, nothing was written:`, error);
      c.header('Retry-After', String(STORAGE_RETRY_SECONDS));
      return c.json({ detail: 'The server is out of storage space. Please try again later.' }, 503);
    }
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ detail: 'Internal server error.' }, 500);
  });
  return app;
}

export interface ServerOptions extends Omit<AppOptions, 'db' | 'publicUrl'> {
  port: number;
  host?: string;
  /** Origin of media URLs; defaults to http://localhost:{port}. */
  publicUrl?: string | undefined;
  /** Seed this many products when the database has none (default env API_SEED_PRODUCTS, else 300; 0 = never). */
  seedProducts?: number;
  seed?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const db = openDb(options.dataDir);
  const empty = !db.get('SELECT 1 FROM products LIMIT 1');
  const seedProducts = options.seedProducts ?? Number(process.env['API_SEED_PRODUCTS'] ?? 300);
  if (empty && seedProducts > 0) seedDatabase(db, { products: seedProducts, seed: options.seed ?? 1 });
  const host = options.host ?? '127.0.0.1';
  // The app needs the bound port (for media URLs), which is known only once listening.
  const ready: { app?: Hono } = {};
  const server = serve({
    fetch: (request, env) => (ready.app ? ready.app.fetch(request, env) : new Response(null, { status: 503 })),
    port: options.port,
    hostname: host,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error) => {
      db.close();
      reject(error);
    });
  });
  const port = (server.address() as AddressInfo).port;
  ready.app = createApp({ ...options, db, publicUrl: options.publicUrl ?? `http://localhost:${port}` });
  // Expired unpaid orders return their stock even while nobody writes (writes look first, see createApp).
  const expiry = { db, now: options.now ?? Date.now, paymentTtlMs: options.paymentTtlMs ?? DEFAULT_PAYMENT_TTL_MS };
  const sweep = setInterval(() => {
    try {
      expireUnpaid(expiry);
    } catch (error) {
      // Another process writing: the next sweep, or the next write, expires them.
      if (!isBusy(error)) console.error('[api] expiring unpaid orders failed:', error);
    }
  }, SWEEP_MS);
  sweep.unref();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    db,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(sweep);
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => {
          db.close();
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
