/**
 * The shop's service worker: pages the shopper has visited, the basket and the
 * favourites open offline. Only the site's own files are kept; the API is never
 * cached, so prices and the basket always come from the server when it can be
 * reached (the basket keeps its own copy in browser storage for offline use).
 *
 * - Pages and other site files: network first, the copy kept on failure.
 * - Built assets (/_astro/, named by their content): from the cache first.
 * - Background Sync 'basket': the open pages are told to send the basket's
 *   waiting changes (the pages hold the session and the changes).
 */
const VERSION = 'v1';
const PAGES = `bozor-pages-${VERSION}`;
const ASSETS = `bozor-assets-${VERSION}`;
/** Pages that open offline even before they are visited. */
const SHOPPER_PAGES = ['/uz/basket', '/ru/basket', '/uz/favorites', '/ru/favorites'];
/** Visited pages kept at most (the oldest go first). */
const MAX_PAGES = 200;

/** Built files a page or script names: /_astro/… and ./chunk.js imports. */
const assetUrls = (text, base) =>
  [...text.matchAll(/(?:\/_astro\/|\.\/)[\w.@~-]+\.(?:js|css)/g)].map((m) => new URL(m[0], base).href);

/**
 * Every built file a page needs, followed through the scripts' imports (the
 * chunks a page loads later, such as its dialogs and toasts, too), fetched
 * once: a page kept for offline use then works offline.
 */
async function keepAssets(html) {
  const assets = await caches.open(ASSETS);
  const seen = new Set();
  let next = assetUrls(html, self.location.origin);
  while (next.length) {
    const found = [];
    for (const url of next) {
      if (seen.has(url) || !url.includes('/_astro/')) continue;
      seen.add(url);
      let asset = await assets.match(url);
      if (!asset) {
        asset = await fetch(url).catch(() => null);
        if (!asset?.ok) continue;
        await assets.put(url, asset.clone());
      }
      if (url.endsWith('.js')) found.push(...assetUrls(await asset.text(), url));
    }
    next = found;
  }
}

/** A shopper page kept with what it needs. */
async function keepPage(path) {
  const response = await fetch(path);
  if (!response.ok) return;
  await (await caches.open(PAGES)).put(path, response.clone());
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

const withoutQuery = (request) => {
  const url = new URL(request.url);
  url.search = '';
  url.hash = '';
  return url.href;
};

async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(keys.length - MAX_PAGES, 0)).map((key) => cache.delete(key)));
}

async function networkFirst(request, event) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      await cache.put(withoutQuery(request), response.clone());
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
    const kept = await cache.match(withoutQuery(request));
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // The API, map tiles and other origins go straight to the network.
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(url.pathname.startsWith('/_astro/') ? cacheFirst(request) : networkFirst(request, event));
});

self.addEventListener('sync', (event) => {
  if (event.tag !== 'basket') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage('basket-sync');
    }),
  );
});
