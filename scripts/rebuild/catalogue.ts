/**
 * The catalogue as the rebuild reads it before building: every language through the build's own loader (which
 * checks every answer against the contract), with the hashes the manifest and the page selection keep. The build
 * then reads this same catalogue from files, not from the API again: what was checked is what is built.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { handOver } from '../../integrations/catalogue-handover.ts';
import { imageService } from '../../integrations/images.ts';
import type { Capability } from '#contract/capabilities.ts';
import { backendCapabilities } from '../../src/data/capabilities.ts';
import { LANGS, type Lang } from '#contract/langs.ts';
import type { Category } from '#contract/schemas.ts';
import { forgetCatalogues, loadCatalogue } from '../../src/data/catalogue.ts';
import { writeCatalogue, writeReviews } from '../../src/data/catalogue-file.ts';
import { reviewsOf, showsSomeReviews } from '../../src/data/comments.ts';
import { hasCommentsPage, type Catalogue } from '../../src/shared/catalogue-view.ts';
import { categoriesHash } from '../build-shards.ts';
import { Refusal, type CatalogueCounts } from './gate.ts';
import { partsCount, partsForCatalogue } from './index-parts.ts';
import { publicUrl, type Manifest } from './manifest.ts';
import { readNightReads, writeNightReads, type NightReads } from '../../src/data/night-reads.ts';
import { paceApiCalls, pacerFor } from '../../src/data/pacing.ts';

/** The API's catalogue in every language, loaded and checked exactly as the build loads it. */
async function loadEverything(apiUrl: string, night: NightReads): Promise<Record<Lang, Catalogue>> {
  const catalogues = await readApi(apiUrl, () => Promise.all(LANGS.map((lang) => loadCatalogue(lang, apiUrl, night))));
  return Object.fromEntries(LANGS.map((lang, index) => [lang, catalogues[index]!])) as Record<Lang, Catalogue>;
}

/** A read of the API: whatever fails refuses the rebuild, saying how the API answered. */
async function readApi<T>(apiUrl: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    const spent = pacerFor(apiUrl).budgetSpent()
      ? ` (and still after waiting ${pacerFor(apiUrl).settings.budgetSeconds} s in all: BUILD_API_WAIT_BUDGET)`
      : '';
    const message = `${error instanceof Error ? error.message : String(error)}${spent}`;
    const at = publicUrl(apiUrl);
    if (status === 200) throw new Refusal('api', `the API at ${at} answered invalid data: ${message}`);
    if (typeof status === 'number' && status > 0)
      throw new Refusal('api', `the API at ${at} answered ${status}: ${message}`);
    throw new Refusal('api', `the API at ${at} is unreachable: ${message}`);
  }
}

/**
 * The backend's capabilities, asked once before the build starts (paced like every call) and handed to it
 * (BUILD_CAPABILITIES), so the build itself sends the API nothing.
 */
const apiCapabilities = (apiUrl: string): Promise<Capability[]> =>
  readApi(apiUrl, () => {
    paceApiCalls(apiUrl);
    return backendCapabilities(apiUrl, process.env['API_CAPABILITIES']);
  });

/**
 * What the rebuild hands the build besides the catalogue, asked once (paced) before it starts: the backend's
 * capabilities and how its photos are asked for at a width.
 */
export async function buildDecisions(apiUrl: string): Promise<{ capabilities: Capability[]; env: NodeJS.ProcessEnv }> {
  const capabilities = await apiCapabilities(apiUrl);
  const images = await imageService(apiUrl, process.env['IMAGE_SERVICE']);
  return {
    capabilities,
    env: { BUILD_CAPABILITIES: capabilities.join(',') || 'none', BUILD_IMAGE_SERVICE: JSON.stringify(images) },
  };
}

function contentHash(catalogues: Record<Lang, Catalogue>): string {
  const hash = createHash('sha256');
  for (const lang of LANGS) hash.update(JSON.stringify(catalogues[lang]));
  return `sha256:${hash.digest('hex')}`;
}

/** The data every page shows besides its own (scripts/build.ts categoriesHash, as a shard computes it). */
const sharedDataHash = (catalogues: Record<Lang, Catalogue>) =>
  categoriesHash(
    Object.fromEntries(LANGS.map((lang) => [lang, catalogues[lang].categories])) as Record<Lang, Category[]>,
  );

/** What the rebuild keeps of the catalogue; the catalogue itself is written for the build, and let go. */
export interface CatalogueFacts {
  counts: CatalogueCounts;
  /** Whether some product has a comments page of its own (the page type is then required). */
  comments: boolean;
  contentHash: string;
  /** The hash of the data every page shows (the categories), which the build's page selection keeps. */
  sharedData: string;
  /** What reading it cost. */
  api: NonNullable<Manifest['api']>;
}

/** What reading the API cost, as the rebuild's log says it. */
export const apiLine = (api: CatalogueFacts['api']): string =>
  `API: ${api.calls} calls (${api.perProduct} a product), ${api.throttled} refused (429/503), ${api.retries} retries, ` +
  `${api.waitedSeconds} s waited, ${api.notModified} answers reused on 304; reviews of ${api.reviews.read} products ` +
  `read, ${api.reviews.kept} kept from the last night, ${api.reviews.keptAfterFailure} kept after a failed read`;

/** What a catalogue read on another machine says of itself (`npm run catalogue`), beside its files. */
const FACTS_FILE = 'facts.json';
const READS_FILE = 'reads.jsonl.gz';

interface HandedFacts extends CatalogueFacts {
  capabilities: Capability[];
  /** How photos are asked for at a width (BUILD_IMAGE_SERVICE), the same on every shard. */
  imageService: string;
  /** The search index's product parts for this catalogue, which every shard and the merge must share. */
  indexParts: number;
}

/**
 * Reads the catalogue into `folder` for builds on other machines (the shards of a sharded night and their merge),
 * so the API is read once however many machines build: the catalogue and reviews as the rebuild hands them over, the
 * capabilities, the facts, and the night's reads for the next night.
 */
export async function readCatalogueInto(
  apiUrl: string,
  folder: string,
  lastReads: string | null,
): Promise<HandedFacts> {
  const { capabilities, env } = await buildDecisions(apiUrl);
  const facts = await catalogueFacts(apiUrl, folder, { last: lastReads, next: join(folder, READS_FILE) });
  const indexParts = process.env['BUILD_INDEX_PARTS']
    ? partsCount(process.env)
    : partsForCatalogue(facts.counts.uz.products);
  const handed = { ...facts, capabilities, imageService: env['BUILD_IMAGE_SERVICE']!, indexParts };
  writeFileSync(join(folder, FACTS_FILE), JSON.stringify(handed));
  handOver(folder, { sharedData: facts.sharedData });
  return handed;
}

/** The facts of a catalogue read on another machine (BUILD_CATALOGUE), or null when none was handed over. */
export function handedFacts(): HandedFacts | null {
  const folder = process.env['BUILD_CATALOGUE'];
  const file = folder ? join(folder, FACTS_FILE) : null;
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as HandedFacts) : null;
}

/** Keeps the reads of a catalogue read elsewhere with this release, for the next night. */
export function keepHandedReads(next: string): void {
  copyFileSync(join(process.env['BUILD_CATALOGUE']!, READS_FILE), next);
}

/** Where the last night's reads are, and where this night's go (null: not kept). */
export interface ReadsFiles {
  last: string | null;
  next: string | null;
}

/**
 * The catalogue's facts, with the catalogue written into `folder` for a build (null: no build follows), and every
 * review of the products whose comments page shows more than the catalogue does.
 */
export async function catalogueFacts(
  apiUrl: string,
  folder: string | null,
  files: ReadsFiles = { last: null, next: null },
): Promise<CatalogueFacts> {
  const pacer = paceApiCalls(apiUrl);
  const night = await readNightReads(files.last);
  pacer.useKept(night.answers);
  const catalogues = await loadEverything(apiUrl, night);
  try {
    const sharedData = sharedDataHash(catalogues);
    if (folder !== null) {
      const reviews = await readApi(apiUrl, () => reviewsOf(catalogues.uz.products.filter(showsSomeReviews), apiUrl));
      mkdirSync(folder, { recursive: true });
      await Promise.all([
        ...LANGS.map((lang) => writeCatalogue(folder, catalogues[lang])),
        writeReviews(folder, reviews),
      ]);
    }
    if (files.next !== null) await writeNightReads(files.next, night.reviews, pacer.keptNow());
    const calls = pacer.counts();
    const products = catalogues.uz.products.length;
    return {
      api: {
        ...calls,
        perProduct: Math.round((calls.calls / Math.max(1, products)) * 1000) / 1000,
        reviews: night.tally,
      },
      counts: Object.fromEntries(
        LANGS.map((lang) => {
          const { products, categories, stores } = catalogues[lang];
          return [lang, { products: products.length, categories: categories.length, stores: stores.length }];
        }),
      ) as CatalogueCounts,
      comments: catalogues.uz.products.some(hasCommentsPage),
      contentHash: contentHash(catalogues),
      sharedData,
    };
  } finally {
    forgetCatalogues();
  }
}
