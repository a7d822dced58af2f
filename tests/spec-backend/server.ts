/**
 * The HTTP server: §7's calls under /api/v1 (api.ts), the pictures under /media/, and the
 * test-only routes under /__test/ (outside the API, so no storefront call can reach them).
 * Any other path answers 404 and a known path asked with another method 405, in JSON as
 * Django REST writes them; cross-origin calls are allowed, as a browser storefront needs.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { apiRoutes, challenge, open, route, uzbekPhone, type Answer, type Route, type Verb } from './api.ts';
import { buildCatalogue, type Lang } from './catalogue.ts';
import { HttpError, notFound, parseBody, present, Fields } from './drf.ts';
import { image, mediaPaths } from './images.ts';
import { startMediaHost } from './media-host.ts';
import type { View } from './serialize.ts';
import { defaults, parseRate, type SpecBackendSettings } from './settings.ts';
import { State } from './state.ts';

const apiBase = '/api/v1';

/** Largest request body read; reviews' photos are the only big ones and are dropped anyway. */
const maxBody = 5 * 1024 * 1024;

export interface SpecBackend {
  /** http://host:port, where /media/ and /__test/ live. */
  origin: string;
  /** origin + /api/v1: the base a storefront is pointed at. */
  api: string;
  port: number;
  settings: SpecBackendSettings;
  state: State;
  /** The API calls answered so far: all, refused by the throttle, and answered 304. */
  requests: { calls: number; throttled: number; notModified: number };
  close: () => Promise<void>;
}

/**
 * Routes for the tests only: read the code "sent" to a phone (no SMS here), sign in without the
 * modal, put the state back to the seed, and end every session (as an expired token would).
 */
const testRoutes = (state: State, requests: SpecBackend['requests']): Route[] => [
  route('/product/{id}', {
    POST: open(async (ctx) => {
      const product = ctx.view.catalogue.productById.get(ctx.id);
      if (!product) throw notFound();
      const fields = new Fields(await ctx.body());
      const price = fields.string('price');
      const title = fields.string('title');
      fields.check();
      if (price !== undefined) product.price = Number(price);
      if (title !== undefined) product.title = { uz: title, ru: title };
      return { status: 204 };
    }),
  }),
  route('/requests', { GET: open(() => ({ body: { ...requests } })) }),
  route('/throttle', {
    POST: open(async (ctx) => {
      const fields = new Fields(await ctx.body());
      const rate = fields.string('throttle');
      const paths = fields.string('paths');
      fields.check();
      ctx.settings.throttle = parseRate(rate);
      ctx.settings.throttlePaths = paths ?? '';
      return { status: 204 };
    }),
  }),
  route('/code', {
    GET: open((ctx) => {
      // A `+` in a query string reads as a space: take the digits and put the plus back.
      const phone = `+${(ctx.url.searchParams.get('phone') ?? '').replace(/\D/g, '')}`;
      const code = state.codes.get(phone);
      if (!code) throw notFound('No code was sent to this phone.');
      return { body: { phone_number: phone, user: state.userByPhone(phone)?.id, code } };
    }),
  }),
  route('/sign-in', {
    POST: open(async (ctx) => {
      const fields = new Fields(await ctx.body());
      const phone = fields.string('phone_number', { required: true });
      if (phone !== undefined && !uzbekPhone.test(phone)) fields.fail('phone_number', 'Enter a valid phone number.');
      fields.check();
      const user = state.sendCode(present(phone));
      return { body: { user: user.id, ...state.signIn(user) } };
    }),
  }),
  route('/reset', {
    POST: open(() => {
      state.reset();
      return { status: 204 };
    }),
  }),
  route('/expire-tokens', {
    POST: open(() => {
      state.tokens.clear();
      return { status: 204 };
    }),
  }),
];

/** Django's LocaleMiddleware: the best of uz and ru by the Accept-Language weights; uz otherwise (§9). */
function languageOf(header: string | undefined): Lang {
  const ranked = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { lang: tag.split('-')[0], q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, z) => z.q - a.q || a.order - z.order);
  return ranked.find((entry) => entry.lang === 'uz' || entry.lang === 'ru')?.lang === 'ru' ? 'ru' : 'uz';
}

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) reject(new HttpError(413, { detail: 'Request body too large.' }));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

const allow = (found: Route) => {
  const listed = Object.keys(found.methods);
  return [...listed, ...(listed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
};

export async function startSpecBackend(options: Partial<SpecBackendSettings> = {}): Promise<SpecBackend> {
  // In-process, port 0 (a free port) unless told; the command line reads SPEC_PORT (main.ts).
  const settings: SpecBackendSettings = { ...defaults, port: 0, ...options };
  const catalogue = buildCatalogue(settings.products, settings.catalogue);
  const media = mediaPaths(catalogue);
  const state = new State(catalogue.comments);
  const requests = { calls: 0, throttled: 0, notModified: 0 };
  const tests = testRoutes(state, requests);
  const throttled = throttler(settings);
  const mediaHost = settings.mediaPort === null ? null : await startMediaHost(media, settings.host, settings.mediaPort);

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = status === 204 || body === undefined ? '' : JSON.stringify(body);
    const read = /^(GET|HEAD)$/.test(response.req.method ?? '');
    if (read && status === 200 && text) {
      // Django's ConditionalGetMiddleware: an ETag on every read, and 304 when the client has that answer already.
      const etag = `"${createHash('md5').update(text).digest('hex')}"`;
      headers = { ...headers, ETag: etag };
      const known = response.req.headers['if-none-match'];
      if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        requests.notModified++;
        response.writeHead(304, headers);
        response.end();
        return;
      }
    }
    response.writeHead(status, {
      ...(text ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) } : {}),
      ...headers,
    });
    response.end(response.req.method === 'HEAD' ? undefined : text);
  };

  const serve = async (request: IncomingMessage, response: ServerResponse, routes: Route[], path: string) => {
    const method = (request.method ?? 'GET').toUpperCase();
    const origin = `http://${request.headers.host ?? `${settings.host}:${settings.port}`}`;
    const url = new URL(request.url ?? '/', origin);
    const lang = languageOf(request.headers['accept-language']);
    const headers: Record<string, string> = { 'Content-Language': lang, Vary: 'Accept, Accept-Language, Origin' };
    try {
      const found = routes.find((candidate) => candidate.pattern.test(path));
      if (!found) throw notFound();
      headers['Allow'] = allow(found);
      if (method === 'OPTIONS')
        return send(response, 200, { name: found.path, renders: ['application/json'] }, headers);
      const handler = found.methods[(method === 'HEAD' ? 'GET' : method) as Verb];
      if (!handler) throw new HttpError(405, { detail: `Method "${method}" not allowed.` });
      // Django REST authenticates before the permission check: a token it does not know is refused
      // (on every call when strictTokens is on), a missing one only where a bearer is needed.
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      const user = scheme === 'Bearer' && token ? (state.userOfToken(token) ?? null) : null;
      if (scheme === 'Bearer' && !user && (handler.bearer || settings.strictTokens)) {
        throw new HttpError(
          401,
          { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
          challenge,
        );
      }
      let body: Promise<Record<string, unknown>> | undefined;
      const view: View = {
        dialect: settings.dialect,
        lang,
        origin,
        mediaOrigin: mediaHost?.origin ?? origin,
        catalogue,
      };
      const answer: Answer = await handler.handle({
        url,
        id: Number(found.pattern.exec(path)?.[1] ?? NaN),
        body: () => (body ??= readBody(request).then((bytes) => parseBody(request.headers['content-type'], bytes))),
        user,
        view,
        state,
        settings,
      });
      send(response, answer.status ?? 200, answer.body, headers);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      send(response, error.status, error.body, { ...headers, ...error.headers });
    }
  };

  const server = createServer((request, response) => {
    // django-cors-headers: any origin may call (the shopper's token travels in a header, not a cookie).
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      response.writeHead(200, {
        'Access-Control-Allow-Methods': 'DELETE, GET, OPTIONS, PATCH, POST, PUT',
        'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '',
        'Access-Control-Max-Age': '86400',
      });
      response.end();
      return;
    }
    if (
      path.startsWith('/media/') &&
      media.has(path.slice('/media/'.length)) &&
      /^(GET|HEAD)$/.test(request.method ?? '')
    ) {
      const bytes = image(path.slice('/media/'.length));
      response.writeHead(200, {
        'Content-Type': 'image/png',
        'Content-Length': String(bytes.length),
        'Cache-Control': 'public, max-age=86400',
      });
      response.end(request.method === 'HEAD' ? undefined : bytes);
      return;
    }
    if (path.startsWith(`${apiBase}/`)) {
      requests.calls++;
      const wait = throttled(request, path.slice(apiBase.length));
      if (wait !== null) {
        requests.throttled++;
        const seconds = Math.max(1, Math.ceil(wait));
        void sleep(settings.latencyMs).then(() =>
          send(
            response,
            429,
            { detail: `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.` },
            { 'Retry-After': String(seconds) },
          ),
        );
        return;
      }
    }
    const [routes, rest] = path.startsWith(`${apiBase}/`)
      ? [apiRoutes, path.slice(apiBase.length)]
      : path.startsWith('/__test/')
        ? [tests, path.slice('/__test'.length)]
        : [[], path];
    const delay = routes === apiRoutes ? sleep(settings.latencyMs) : Promise.resolve();
    delay
      .then(() => serve(request, response, routes, rest))
      .catch((error: unknown) => {
        console.error('spec backend:', error);
        if (!response.headersSent) send(response, 500, { detail: 'A server error occurred.' });
        else response.destroy();
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
  return {
    origin,
    api: `${origin}${apiBase}`,
    port,
    settings: { ...settings, port },
    state,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }).then(() => mediaHost?.close()),
  };
}

/**
 * Django REST's SimpleRateThrottle per client address over the paths it covers: the seconds to wait when this request
 * is one too many, else null (and the request counts).
 */
function throttler(settings: SpecBackendSettings): (request: IncomingMessage, path: string) => number | null {
  const histories = new Map<string, number[]>();
  return (request, path) => {
    const { throttle, throttlePaths } = settings;
    if (!throttle || (throttlePaths && !new RegExp(throttlePaths).test(path))) return null;
    const now = Date.now() / 1000;
    const key = request.socket.remoteAddress ?? '';
    const history = (histories.get(key) ?? []).filter((at) => at > now - throttle.seconds);
    histories.set(key, history);
    if (history.length < throttle.requests) {
      history.unshift(now);
      return null;
    }
    const remaining = history.length ? throttle.seconds - (now - history[history.length - 1]!) : throttle.seconds;
    return remaining / (throttle.requests - history.length + 1);
  };
}
