/**
 * A site built in shards on several machines (`npm run build -- --shard i/n`), and their merge into one site
 * (`npm run build -- --merge <dir>…`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { linkFile } from '../integrations/link-file.ts';
import { parseShard, type PageInputs } from '../integrations/page-selection.ts';
import { LANGS, type Lang } from '#contract/langs.ts';
import type { Category } from '#contract/schemas.ts';
import { buildApi, handedFolder } from '../src/data/catalogue.ts';
import { handedOver } from '../integrations/catalogue-handover.ts';
import { listFiles } from './rebuild/files.ts';
import { partsCount, productParts, shardParts } from './rebuild/index-parts.ts';
import { partFolder } from '../src/shared/index-parts.ts';
import { astroBuild, type BuildOptions } from './astro-build.ts';
import { indexSite } from './build-index.ts';

/** The data every page shows besides its own: the categories of the header's menu, both languages. */
export function categoriesHash(categories: Record<Lang, Category[]>): string {
  return createHash('sha256')
    .update(JSON.stringify(LANGS.map((lang) => categories[lang])))
    .digest('base64url');
}

/** categoriesHash of the catalogue handed over (`npm run catalogue`), else from the API (a shard). */
async function sharedData(apiUrl: string): Promise<string> {
  const handed = handedFolder();
  if (handed) return (await handedOver(handed)).sharedData;
  const lists = await Promise.all(LANGS.map((lang) => buildApi(apiUrl, lang).then((api) => api.call('categories'))));
  return categoriesHash(Object.fromEntries(LANGS.map((lang, i) => [lang, lists[i]!])) as Record<Lang, Category[]>);
}

/** What a shard leaves beside its pages for the merge: its place, and the inputs of its pages. */
const SHARD_FILE = '.shard.json';

interface ShardMark extends PageInputs {
  shard: string;
  builtAt: string;
  /** The search index's product parts (BUILD_INDEX_PARTS) the shard's were written as. */
  indexParts: number;
}

/**
 * One shard of the site (`--shard i/n`): Astro renders only the paths of shard i (integrations/page-selection.ts),
 * with everything else a build writes (assets, public files, headers), and the index parts of its product pages when
 * n divides their number (scripts/rebuild/index-parts.ts); the category and store pages are indexed at the merge.
 * Give every shard the same BUILT_AT, or the merged product pages carry different stamps.
 */
export async function buildShard(options: BuildOptions & { shard: string }): Promise<void> {
  const shard = parseShard(options.shard);
  if (!shard) throw new Error(`--shard must be i/n with 1 ≤ i ≤ n (got "${options.shard}")`);
  const out = resolve(options.outDir ?? 'dist');
  const builtAt = options.builtAt ?? new Date().toISOString();
  const mark = join(out, SHARD_FILE);
  await astroBuild(
    out,
    {
      API_URL: options.apiUrl,
      BUILT_AT: builtAt,
      ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}),
      BUILD_SHARED_DATA: await sharedData(options.apiUrl),
      ...options.env,
      BUILD_SHARD: `${shard.index}/${shard.count}`,
      BUILD_INPUTS_OUT: mark,
    },
    options.signal,
  );
  // The product parts this shard rendered whole; the category and store pages are indexed at the merge.
  const count = partsCount({ ...process.env, ...options.env });
  await indexSite(out, { count, parts: shardParts(shard.index, shard.count, count) });
  const inputs = JSON.parse(readFileSync(mark, 'utf8')) as PageInputs;
  // The integration's figures stay (which part of the shared inputs is which, for a refused merge).
  const written: ShardMark = { ...inputs, shard: `${shard.index}/${shard.count}`, builtAt, indexParts: count };
  writeFileSync(mark, JSON.stringify(written));
}

/**
 * Joins shard outputs into `outDir` and indexes what the shards did not (`--merge <dir>…`). Refuses shards
 * that are not all of one split (1/n … n/n, each once) of one build (the same code, settings and build time),
 * and a file two shards both wrote with different bytes. Files are hard-linked where the disk allows. Answers
 * the merged inputs of the reusable pages (for a manifest).
 */
export async function mergeShards(dirs: string[], outDir: string): Promise<PageInputs> {
  const out = resolve(outDir);
  const marks = dirs.map((dir) => {
    try {
      return JSON.parse(readFileSync(join(dir, SHARD_FILE), 'utf8')) as ShardMark;
    } catch {
      throw new Error(`${dir} is not a shard's output (no ${SHARD_FILE}): build it with --shard i/n`);
    }
  });
  const count = parseShard(marks[0]?.shard)?.count ?? 0;
  const have = marks.map((mark) => mark.shard).sort();
  const want = Array.from({ length: count }, (_, i) => `${i + 1}/${count}`).sort();
  if (count === 0 || have.join() !== want.join())
    throw new Error(`the shards are ${have.join(', ') || 'none'}; a merge needs each of ${want.join(', ')} once`);
  for (const mark of marks) {
    if (mark.shared !== marks[0]!.shared)
      throw new Error(
        `shard ${mark.shard} was built from other code, settings or categories than shard ${marks[0]!.shard}`,
      );
    if (mark.indexParts !== marks[0]!.indexParts)
      throw new Error(
        `shard ${mark.shard} wrote ${mark.indexParts} search index parts, shard ${marks[0]!.shard} ${marks[0]!.indexParts}: give every shard the same BUILD_INDEX_PARTS`,
      );
    if (mark.builtAt !== marks[0]!.builtAt)
      throw new Error(
        `shard ${mark.shard} has another BUILT_AT than shard ${marks[0]!.shard}: give every shard the same`,
      );
  }
  if (dirs.some((dir) => resolve(dir) === out))
    throw new Error(`merge into a folder of its own, not a shard's (${out})`);
  rmSync(out, { recursive: true, force: true });
  const origin = new Map<string, string>();
  const folders = new Set<string>();
  dirs.forEach((dir, index) => {
    for (const file of listFiles(dir)) {
      if (file === SHARD_FILE) continue;
      const from = join(dir, file);
      const to = join(out, file);
      const first = origin.get(file);
      if (first !== undefined) {
        if (!readFileSync(from).equals(readFileSync(to)))
          throw new Error(`${file} differs between shards ${first} and ${marks[index]!.shard}`);
        continue;
      }
      origin.set(file, marks[index]!.shard);
      linkFile(from, to, folders);
    }
  });
  // The parts no shard indexed (all of them when the shards' count does not divide the parts'), and the shared one.
  const parts = marks[0]!.indexParts;
  await indexSite(out, {
    count: parts,
    parts: [
      ...productParts(parts).filter(
        (part) => !existsSync(join(out, 'pagefind', partFolder(part), 'pagefind-entry.json')),
      ),
      'shared',
    ],
  });
  return {
    ...(marks[0]!.parts ? { parts: marks[0]!.parts } : {}),
    shared: marks[0]!.shared,
    pages: Object.assign({}, ...marks.map((mark) => mark.pages)) as PageInputs['pages'],
  };
}
