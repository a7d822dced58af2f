/**
 * The shop's service worker: pages the shopper has visited, the basket and the
 * favourites open offline. Only the site's own public files are kept.
 *
 * - The release: the build writes this release's built files and their
 *   SHA-256 into RELEASE (integrations/service-worker.ts; none in
 *   development). Caches are named by the release and those of other releases
 *   are deleted on activation.
 * - Built assets (/_astro/): from the cache first, but only a file of this
 *   release, and only while its bytes still hash to the release's list, on
 *   the way in and on every answer. Anything a page script wrote into a cache
 *   is therefore never served as code: it goes back to the network.
 * - Scripts and workers come only from that list: any other script goes to
 *   the network, never to a cache.
 * - Pages and other site files: network first, the copy kept for offline use
 *   and answered offline under the release's own Content-Security-Policy (a
 *   page a script wrote into the cache runs none of its own). Never kept: the API and media (/api/, /media/, even on this origin),
 *   requests with credentials, answers marked no-store or private, and the
 *   pages of one shopper (RELEASE.private: profile, checkout, order success).
 *   Keys keep their query.
 * - A session that ends on a page ('signed-out' from the page): the kept pages
 *   go.
 * - Background Sync 'basket': the open pages are told to send the basket's
 *   waiting changes (the pages hold the session and the changes).
 */
const RELEASE = { id: 'development', files: {}, policy: '', private: [] };
const PAGES = `bozor-pages-${RELEASE.id}`;
const ASSETS = `bozor-assets-${RELEASE.id}`;
/** Pages that open offline even before they are visited. */
const SHOPPER_PAGES = ['/uz/basket', '/ru/basket', '/uz/favorites', '/ru/favorites'];
/** Visited pages kept at most (the oldest go first). */
const MAX_PAGES = 200;
/** Paths never kept: the API and its media on this origin, and the pages that show one shopper's data. */
const neverKept = (path) =>
  /^\/(?:api|media)\//.test(path) ||
  RELEASE.private.some((page) => path === page || path.startsWith(`${page}/`) || path.startsWith(`${page}.`));

/** Built files a page or script names: /_astro/… and ./chunk.js imports. */
const assetUrls = (text, base) =>
  [...text.matchAll(/(?:\/_astro\/|\.\/)[\w.@~-]+\.(?:js|css)/g)].map((m) => new URL(m[0], base).href);

const base64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Whether a response's bytes are this release's file at that path. */
async function isReleaseFile(url, response) {
  const expected = RELEASE.files[new URL(url).pathname];
  if (!expected || !response?.ok) return false;
  const digest = await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer());
  return base64(digest) === expected;
}

/** A built file of this release: the kept copy while it checks out, else the network's, kept when it checks out. */
async function releaseAsset(url) {
  const assets = await caches.open(ASSETS);
  const kept = await assets.match(url);
  if (kept && (await isReleaseFile(url, kept))) return kept;
  if (kept) await assets.delete(url);
  const response = await fetch(url);
  if (await isReleaseFile(url, response)) await assets.put(url, response.clone());
  return response;
}

/**
 * Every built file a page needs, followed through the scripts' imports (the
 * chunks a page loads later, such as its dialogs and toasts, too), fetched
 * once: a page kept for offline use then works offline.
 */
async function keepAssets(html) {
  const seen = new Set();
  let next = assetUrls(html, self.location.origin);
  while (next.length) {
    const found = [];
    for (const url of next) {
      if (seen.has(url) || !RELEASE.files[new URL(url).pathname]) continue;
      seen.add(url);
      const asset = await releaseAsset(url).catch(() => null);
      if (asset?.ok && url.endsWith('.js')) found.push(...assetUrls(await asset.clone().text(), url));
    }
    next = found;
  }
}

/** Whether an answer may be kept: the site's own, complete, and marked neither no-store nor private. */
function keepable(request, response) {
  if (!response.ok || response.type !== 'basic') return false;
  if (request.headers.has('authorization')) return false;
  return !/(?:^|,)\s*(?:no-store|private)\b/i.test(response.headers.get('cache-control') ?? '');
}

/** A shopper page kept with what it needs. */
async function keepPage(path) {
  const request = new Request(path);
  const response = await fetch(request);
  if (!keepable(request, response)) return;
  await (await caches.open(PAGES)).put(request, response.clone());
  await keepAssets(await response.text());
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all(SHOPPER_PAGES.map((path) => keepPage(path).catch(() => undefined))).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => ![PAGES, ASSETS].includes(n)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(keys.length - MAX_PAGES, 0)).map((key) => cache.delete(key)));
}

async function networkFirst(request, event) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (keepable(request, response)) {
      await cache.put(request, response.clone());
      void trim(cache);
      if (request.mode === 'navigate')
        event.waitUntil(
          response
            .clone()
            .text()
            .then(keepAssets)
            .catch(() => undefined),
        );
    }
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (!kept) throw error;
    if (!RELEASE.policy) return kept;
    const headers = new Headers(kept.headers);
    headers.set('Content-Security-Policy', RELEASE.policy);
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}

/** Requests whose answer the browser runs as code. */
const CODE = new Set(['script', 'worker', 'sharedworker', 'serviceworker']);

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // Other origins (the API elsewhere, map tiles), writes, the API and media here, one shopper's pages: the network.
  if (request.method !== 'GET' || url.origin !== self.location.origin || neverKept(url.pathname)) return;
  if (url.pathname.startsWith('/_astro/') || CODE.has(request.destination)) {
    // Code that is not a file of this release (another release's, Pagefind's, anything): the network, never a cache.
    if (RELEASE.files[url.pathname] && !url.search) event.respondWith(releaseAsset(url.href));
    return;
  }
  event.respondWith(networkFirst(request, event));
});

self.addEventListener('message', (event) => {
  if (event.data === 'signed-out') event.waitUntil(caches.delete(PAGES));
});

self.addEventListener('sync', (event) => {
  if (event.tag !== 'basket') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage('basket-sync');
    }),
  );
});
