/**
 * The shop's photos at the width they are shown, from any media host, allowed by the pages' policy without
 * configuration:
 *
 * - **How a width is asked for** (`virtual:photo-urls`, read by src/shared/image-url.ts), from `IMAGE_SERVICE`:
 *   `imgproxy:<base>` (imgproxy's unsigned `insecure` URLs), a URL template with `{width}` and `{url}` or
 *   `{url_encoded}` (Thumbor, a CDN's resize URLs), `backend` (the API's media answer `?w=`), `variants` (width
 *   variants made by the build), `none`; unset or `auto`: the build asks the backend for one of its photos at a
 *   width, and uses its `?w=` if the answer is narrower, variants for photos anywhere else.
 * - **Variants** (`astro:build:done`): every photo the pages noted (`notePhotos`, src/components/photos.ts) is read
 *   from its host and encoded at each width with sharp into a cache kept between nights (`IMAGE_CACHE_DIR`), keyed
 *   by its URL; a later night asks again with the validators it was served with (ETag, Last-Modified) and encodes
 *   only what is new or changed; the variants the pages refer to are linked into the build's /img/.
 * - **Origins**: the origins of every image the built pages refer to (and the photos the pages' scripts draw) take
 *   the place of MEDIA_PLACEHOLDER in the pages' `img-src`, before the host's headers are written from them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { IMAGE_WIDTHS, VARIANTS_FOLDER, imageKey, resizable, type ImageService } from '../contract/image-url.ts';
import { linkFile } from './link-file.ts';

const ID = 'virtual:photo-urls';

/** Stands in the configured `img-src` for the origins the build finds; never left in a built page. */
export const MEDIA_PLACEHOLDER = 'https://media-origins.invalid';

/** Where the build's pages note the photos they show (the prerenderer runs in the build's process). */
const NOTED = Symbol.for('bozor.photos');
type Noted = { [NOTED]?: Set<string> };
const notedPhotos = (): Set<string> => ((globalThis as Noted)[NOTED] ??= new Set());

/** imgproxy's unsigned URL: fit within the width, any height, WebP; the source URL percent-encoded. */
const imgproxyTemplate = (base: string): string =>
  `${base.replace(/\/+$/, '')}/insecure/rs:fit:{width}:0/plain/{url_encoded}@webp`;

/** The configured choice, or null when the build is to detect it. */
export function imageServiceSetting(setting: string | undefined): ImageService | null {
  const value = (setting ?? '').trim();
  if (value === '' || value === 'auto') return null;
  if (value === 'none') return { template: null, query: [], variants: false };
  if (value === 'variants') return { template: null, query: [], variants: true };
  if (value.startsWith('backend')) return { template: null, query: [], variants: true };
  if (value.startsWith('imgproxy:'))
    return { template: imgproxyTemplate(value.slice('imgproxy:'.length)), query: [], variants: false };
  if (/^https?:\/\//.test(value) && value.includes('{width}') && /\{url(_encoded)?\}/.test(value))
    return { template: value, query: [], variants: false };
  throw new Error(
    `IMAGE_SERVICE must be auto, backend, variants, none, imgproxy:<base URL> or a URL with {width} and {url}, got "${value}"`,
  );
}

const widthOf = async (url: string): Promise<number | null> => {
  const answer = await fetch(url, { signal: AbortSignal.timeout(20_000) }).catch(() => null);
  if (!answer?.ok) return null;
  const meta = await sharp(Buffer.from(await answer.arrayBuffer()))
    .metadata()
    .catch(() => null);
  return meta?.width ?? null;
};

/** A photo the backend shows: a category's, else the first main product's. */
async function samplePhoto(apiUrl: string): Promise<string | null> {
  const api = `${apiUrl.replace(/\/+$/, '')}/api/v1`;
  const read = async (path: string): Promise<unknown> => {
    const answer = await fetch(`${api}${path}`, { signal: AbortSignal.timeout(20_000) }).catch(() => null);
    return answer?.ok ? ((await answer.json().catch(() => null)) as unknown) : null;
  };
  const photos = (value: unknown): string[] =>
    (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
      .filter((item): item is string => typeof item === 'string')
      .map((item) => item.trim())
      .filter(resizable);
  const listed = (answer: unknown): Record<string, unknown>[] =>
    (Array.isArray(answer) ? answer : ((answer as { results?: unknown } | null)?.results ?? [])) as Record<
      string,
      unknown
    >[];
  for (const category of listed(await read('/products/categories/'))) {
    const found = photos(category['image'])[0];
    if (found) return found;
  }
  for (const product of listed(await read('/products/main-products/'))) {
    const found = photos(product['images'])[0];
    if (found) return found;
  }
  return null;
}

/** Whether the photo's host answers `?w=` with the photo scaled down to that width. */
async function answersWidth(photo: string): Promise<boolean> {
  const asked = IMAGE_WIDTHS[0];
  const [whole, scaled] = await Promise.all([
    widthOf(photo),
    widthOf(`${photo}${photo.includes('?') ? '&' : '?'}w=${asked}`),
  ]);
  return whole !== null && scaled !== null && whole > asked && scaled <= asked;
}

const origin = (url: string) => new URL(url).origin.toLowerCase();

let decided: Promise<ImageService> | undefined;

/**
 * The build's choice, decided once per process: the one the nightly rebuild decided and handed over
 * (BUILD_IMAGE_SERVICE, so the build sends the API nothing of its own), the setting, or detection against the backend.
 */
export function imageService(apiUrl: string, setting: string | undefined): Promise<ImageService> {
  decided ??= (async () => {
    const handed = process.env['BUILD_IMAGE_SERVICE'];
    if (handed) return JSON.parse(handed) as ImageService;
    const set = imageServiceSetting(setting);
    const backend = (setting ?? '').trim() === 'backend';
    if (set && !backend) return set;
    const photo = await samplePhoto(apiUrl);
    const resizing = photo !== null && (backend || (await answersWidth(photo)));
    const service = { template: null, query: resizing && photo ? [origin(photo)] : [], variants: true };
    console.log(
      `[images] ${service.query.length ? `the backend's ?w= at ${service.query.join(' ')}, ` : ''}width variants made by the build for other photos`,
    );
    return service;
  })();
  return decided;
}

export function imageServiceModule(apiUrl: string, setting: string | undefined): Plugin {
  return {
    name: 'bozor-image-service',
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    async load(id) {
      if (id !== `\0${ID}`) return null;
      return `export default ${JSON.stringify(await imageService(apiUrl, setting))};`;
    },
  };
}

/** What the cache keeps of a photo: the validators it was served with, a digest of its bytes and its widths made. */
interface CacheEntry {
  etag?: string;
  lastModified?: string;
  digest: string;
  widths: number[];
}
type CacheIndex = Record<string, CacheEntry>;

export interface VariantFigures {
  photos: number;
  encoded: number;
  unchanged: number;
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** WebP at each width (never wider than the photo), from the photo's bytes. */
async function encodeVariants(bytes: Buffer, cacheDir: string, key: string): Promise<number[]> {
  const photo = sharp(bytes, { failOn: 'error' }).rotate();
  await Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const file = join(cacheDir, `${key}-${width}.webp`);
      const out = await photo.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
      writeFileSync(`${file}.part`, out);
      renameSync(`${file}.part`, file);
    }),
  );
  return [...IMAGE_WIDTHS];
}

/**
 * Brings the cache's variants of `photos` up to date: a photo it has is asked for again with its validators (a 304,
 * or the same bytes, keeps its variants); a new or changed one is encoded. A photo that cannot be read fails the
 * build, naming it, unless the cache has it from an earlier night.
 */
export async function updateVariants(photos: Iterable<string>, cacheDir: string): Promise<VariantFigures> {
  mkdirSync(cacheDir, { recursive: true });
  const indexFile = join(cacheDir, 'index.json');
  const index = (existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, 'utf8')) : {}) as CacheIndex;
  const figures: VariantFigures = { photos: 0, encoded: 0, unchanged: 0 };
  const failed: string[] = [];
  const list = [...photos].filter(resizable);
  figures.photos = list.length;
  await pool(list, 3, async (url) => {
    const known = index[url];
    const headers: Record<string, string> = {};
    if (known?.etag) headers['If-None-Match'] = known.etag;
    if (known?.lastModified) headers['If-Modified-Since'] = known.lastModified;
    const answer = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) }).catch((error: Error) => error);
    if (answer instanceof Response && answer.status === 304 && known) {
      figures.unchanged++;
      return;
    }
    if (!(answer instanceof Response) || !answer.ok) {
      if (known)
        return console.warn(
          `[images] ${url}: ${answer instanceof Response ? answer.status : answer.message}; the variants of an earlier night are kept`,
        );
      failed.push(`${url} (${answer instanceof Response ? answer.status : answer.message})`);
      return;
    }
    const bytes = Buffer.from(await answer.arrayBuffer());
    const digest = createHash('sha256').update(bytes).digest('hex');
    const entry: CacheEntry = { digest, widths: known?.widths ?? [] };
    const etag = answer.headers.get('etag');
    const lastModified = answer.headers.get('last-modified');
    if (etag) entry.etag = etag;
    if (lastModified) entry.lastModified = lastModified;
    if (known?.digest === digest && IMAGE_WIDTHS.every((width) => known.widths.includes(width))) {
      figures.unchanged++;
    } else {
      try {
        entry.widths = await encodeVariants(bytes, cacheDir, imageKey(url));
      } catch (error) {
        failed.push(`${url} (${(error as Error).message})`);
        return;
      }
      figures.encoded++;
    }
    index[url] = entry;
  });
  writeFileSync(`${indexFile}.part`, JSON.stringify(index));
  renameSync(`${indexFile}.part`, indexFile);
  if (failed.length)
    throw new Error(
      `[images] ${failed.length} photo(s) could not be read or encoded: ${failed.slice(0, 5).join(', ')}`,
    );
  return figures;
}

/** Every HTML file under a folder. */
async function htmlFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const IMAGE_ATTRIBUTE = /<(?:img|source)\b[^>]*>/gi;
const URL_ATTRIBUTE = /\s(src|srcset)="([^"]*)"/gi;

/** The URLs an HTML page's <img> and <source> elements may load (src and every srcset candidate). */
export function pageImages(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(IMAGE_ATTRIBUTE)) {
    for (const [, name, value] of tag.matchAll(URL_ATTRIBUTE)) {
      const text = value!.replaceAll('&amp;', '&');
      if (name!.toLowerCase() === 'src') urls.push(text.trim());
      else for (const candidate of text.split(/,(?=\s*\S)/)) urls.push(candidate.trim().split(/\s+/)[0] ?? '');
    }
  }
  return urls.filter(Boolean);
}

/** An http(s) URL as a page's text names it (an attribute, or a string of its JSON data). */
const NAMED_URL = /https?:\/\/[^"'\s<>\\]+/g;

const originOf = (url: string): string | null => (/^https?:\/\//i.test(url) ? origin(url) : null);

/**
 * After the build: the variants made and linked, the origins of every image the pages refer to (and of the photos
 * they noted) written into their `img-src`.
 */
export const photos = (
  apiUrl: string,
  setting: string | undefined,
  cacheDir: string,
  /** Image sources the configured policy names already (they are not repeated). */
  configured: readonly string[],
): AstroIntegration => ({
  name: 'bozor-photos',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const root = fileURLToPath(dir);
      const service = await imageService(apiUrl, setting);
      const noted = notedPhotos();
      if (service.variants) {
        const figures = await updateVariants(
          [...noted].filter((url) => resizable(url) && !service.query.includes(origin(url))),
          cacheDir,
        );
        logger.info(
          `photos: ${figures.photos}, encoded ${figures.encoded}, unchanged ${figures.unchanged} (${cacheDir})`,
        );
      }
      const origins = new Set<string>();
      for (const url of noted) if (resizable(url)) origins.add(origin(url));
      const variants = new Set<string>();
      // Photos the pages' scripts draw (another variant's, the gallery's others, related products, search results)
      // are named in their data rather than an <img>: every photo of the cache a page names has its widths linked.
      const indexFile = join(cacheDir, 'index.json');
      const cached = new Set(
        existsSync(indexFile) ? Object.keys(JSON.parse(readFileSync(indexFile, 'utf8')) as object) : [],
      );
      const drawn = (url: string) => {
        if (cached.has(url)) for (const width of IMAGE_WIDTHS) variants.add(`${imageKey(url)}-${width}.webp`);
      };
      for (const url of noted) drawn(url);
      const pages = await htmlFiles(root);
      const rewrite: [string, string][] = [];
      for (const page of pages) {
        const html = await readFile(page, 'utf8');
        if (cached.size > 0) for (const [url] of html.matchAll(NAMED_URL)) drawn(url.replaceAll('&amp;', '&'));
        for (const url of pageImages(html)) {
          const found = originOf(url);
          if (found) origins.add(found);
          else if (url.startsWith(`/${VARIANTS_FOLDER}/`)) variants.add(url.slice(VARIANTS_FOLDER.length + 2));
        }
        if (html.includes(MEDIA_PLACEHOLDER)) rewrite.push([page, html]);
      }
      const missing: string[] = [];
      const folders = new Set<string>();
      for (const name of variants) {
        const from = join(cacheDir, name);
        if (existsSync(from)) linkFile(from, join(root, VARIANTS_FOLDER, name), folders);
        else missing.push(name);
      }
      if (missing.length)
        throw new Error(
          `[images] variants the pages refer to are not in ${cacheDir}: ${missing.slice(0, 5).join(', ')}`,
        );
      const allowed = [...origins]
        .filter((found) => !configured.includes(found))
        .sort()
        .join(' ');
      // A new file in the page's place (never written through: a reused page is a link into the live release).
      for (const [page, html] of rewrite) {
        await writeFile(
          `${page}.part`,
          html.replaceAll(allowed ? MEDIA_PLACEHOLDER : ` ${MEDIA_PLACEHOLDER}`, allowed),
        );
        await rename(`${page}.part`, page);
      }
      logger.info(`img-src: ${allowed || '(no media origin)'}; ${variants.size} variants linked`);
    },
  },
});
