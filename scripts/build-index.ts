/**
 * The site's Pagefind index, in parts (src/shared/index-parts.ts): each part indexed by its own Pagefind process, the
 * parts not indexed taken from an earlier release when written alike, and the figures of every part's run.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { linkFile, linkFiles } from '../integrations/link-file.ts';
import { LANGS } from '#contract/langs.ts';
import { listFiles } from './rebuild/files.ts';
import { indexedPages, partOf, partsCount, productParts, type IndexPart } from './rebuild/index-parts.ts';
import { PARTS_FILE, partFolder, type PartsList } from '../src/shared/index-parts.ts';
import { childrenRssKb, samplePeakMemory } from './process-memory.ts';
import { ROOT } from './astro-build.ts';

/** CPU seconds of the last indexSite's Pagefind process (read before it is closed: it is never waited for). */
let pagefindCpuSeconds = 0;

/** CPU seconds of the Pagefind processes of the last indexSite. */
export const lastPagefindCpuSeconds = () => pagefindCpuSeconds;

function pagefindChildCpuSeconds(): number {
  let seconds = 0;
  try {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.replace(/^.*\) /s, '').split(' ');
        if (Number(fields[1]) === process.pid && stat.includes('(pagefind'))
          seconds += (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return seconds;
}

export interface IndexOptions {
  /** How many product parts (BUILD_INDEX_PARTS by default). */
  count?: number;
  /**
   * The parts to index (default: every product part and the shared one); the others are taken from `reuseFrom` as
   * they are, or left out (a shard's index has no shared part).
   */
  parts?: IndexPart[];
  /** A built release whose parts the ones not indexed here are hard-linked from (if written alike). */
  reuseFrom?: string;
  /** Told each part's figures as it is written. */
  onPart?: (figures: PartFigures) => void;
}

/** One part's Pagefind run: its pages, wall time and the peak resident memory of Pagefind's process. */
export interface PartFigures {
  part: IndexPart;
  pages: number;
  ms: number;
  peakMb: number;
}

/** What a product part keeps of Pagefind's output: the browser runs the shared folder's script and WebAssembly. */
const PART_FILES = /^(pagefind-entry\.json|[^/]+\.pf_meta|(index|fragment|filter)\/.*)$/;

/** The installed Pagefind's version: an index written by another is indexed again, not reused. */
const PAGEFIND_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules/pagefind/package.json'), 'utf8')) as { version: string }
).version;

/** The version of Pagefind that wrote an index folder's entry; null for none. */
function indexVersion(folder: string): string | null {
  try {
    return (
      (JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')) as { version?: string }).version ?? null
    );
  } catch {
    return null;
  }
}

/**
 * Pagefind over the built pages, in parts (src/shared/index-parts.ts): only pages with `data-pagefind-body` (product
 * pages, and the first page of each category and store) are indexed, one index per `<html lang>` in each part.
 * Parts are indexed one after the other, each by its own Pagefind process, so memory grows with a part, not with the
 * site. Beside the shared part, writes `pagefind/parts.js`: the product parts holding pages of each language.
 * Answers the parts it indexed.
 */
export async function indexSite(dir: string, options: IndexOptions = {}): Promise<IndexPart[]> {
  const { count = partsCount(process.env), reuseFrom } = options;
  const parts = options.parts ?? [...productParts(count), 'shared'];
  const figures = (part: IndexPart, run: IndexRun) => {
    const line = { part, ...run };
    console.log(
      `Pagefind: ${part === 'shared' ? 'the shared part' : `product part ${part} of ${count}`}: ${run.pages} pages, ` +
        `${(run.ms / 1000).toFixed(1)} s, peak ${run.peakMb} MB`,
    );
    options.onPart?.(line);
    return run.pages;
  };
  const started = Date.now();
  const site = resolve(dir);
  const out = join(site, 'pagefind');
  const groups = new Map<number | null, string[]>();
  for (const file of indexedPages(site)) {
    const part = partOf(file, count);
    const group = groups.get(part);
    if (group) group.push(file);
    else groups.set(part, [file]);
  }
  pagefindCpuSeconds = 0;
  let indexed = 0;
  const done: IndexPart[] = [];
  const reusable =
    reuseFrom !== undefined &&
    partsOf(reuseFrom)?.parts === count &&
    indexVersion(join(reuseFrom, 'pagefind')) === PAGEFIND_VERSION;
  /** Where a part's index is in a built site: the shared part in the index's own folder, beside the others'. */
  const folderIn = (root: string, part: IndexPart) => join(root, 'pagefind', part === 'shared' ? '' : partFolder(part));
  const folderOf = (part: IndexPart) => folderIn(site, part);
  /** The shared part's own files, beside the product parts' folders and the parts list. */
  const inShared = (file: string) =>
    file !== PARTS_FILE && !productParts(count).some((part) => file.startsWith(`${partFolder(part)}/`));
  const every: IndexPart[] = [...productParts(count), 'shared'];
  // A part not indexed here is taken from `reuseFrom` when it has it, linked while Pagefind writes the others.
  const taken = every.filter(
    (part) => !parts.includes(part) && reusable && existsSync(join(folderIn(reuseFrom, part), 'pagefind-entry.json')),
  );
  const linking = linkFiles(
    taken.flatMap((part) => {
      const from = folderIn(reuseFrom!, part);
      return listFiles(from)
        .filter((file) => part !== 'shared' || inShared(file))
        .map((file) => [join(from, file), join(folderOf(part), file)] as const);
    }),
  );
  linking.catch(() => {});
  for (const part of every.filter((part) => !taken.includes(part) && (parts.includes(part) || reuseFrom))) {
    if (part !== 'shared') rmSync(folderOf(part), { recursive: true, force: true });
    done.push(part);
    indexed += figures(part, await indexPages(site, groups.get(part === 'shared' ? null : part) ?? [], folderOf(part)));
    if (part !== 'shared')
      for (const file of listFiles(folderOf(part))) if (!PART_FILES.test(file)) rmSync(join(folderOf(part), file));
  }
  await linking;
  if (done.includes('shared') || taken.includes('shared')) {
    const list: PartsList = {
      parts: count,
      ...Object.fromEntries(
        LANGS.map((lang) => [
          lang,
          productParts(count).filter((part) => (groups.get(part) ?? []).some((file) => file.startsWith(`${lang}/`))),
        ]),
      ),
    };
    writeFileSync(join(out, PARTS_FILE), `export default ${JSON.stringify(list)};\n`);
  }
  const named = done.map((part) => (part === 'shared' ? 'the shared part' : `product part ${part}`));
  console.log(
    `Pagefind: indexed ${indexed} pages in ${((Date.now() - started) / 1000).toFixed(1)} s: ${named.join(', ') || 'no part'}` +
      `${reuseFrom ? `; the others as in ${reuseFrom}` : ''}`,
  );
  return done;
}

/** The parts list a built site's index was written with; null for none. */
export function partsOf(site: string): PartsList | null {
  try {
    const text = readFileSync(join(site, 'pagefind', PARTS_FILE), 'utf8');
    return JSON.parse(text.replace(/^export default |;\s*$/g, '')) as PartsList;
  } catch {
    return null;
  }
}

type IndexRun = Omit<PartFigures, 'part'>;

/** One Pagefind index of `files` (paths in `site`) into `outputPath`, through a folder of links to them only. */
async function indexPages(site: string, files: string[], outputPath: string): Promise<IndexRun> {
  if (files.length === 0) return { pages: 0, ms: 0, peakMb: 0 };
  const stage = `${site}.pagefind-stage`;
  rmSync(stage, { recursive: true, force: true });
  const started = performance.now();
  const memory = samplePeakMemory(process.pid, 100, (pid) => childrenRssKb(pid, 'pagefind'));
  try {
    const folders = new Set<string>();
    for (const file of files) linkFile(join(site, file), join(stage, file), folders);
    const pagefind = await import('pagefind');
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: stage, glob: '**/*.html' });
    if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    pagefindCpuSeconds += pagefindChildCpuSeconds();
    const peakMb = memory.stop();
    await pagefind.close();
    return { pages: added.page_count, ms: performance.now() - started, peakMb };
  } finally {
    memory.stop();
    rmSync(stage, { recursive: true, force: true });
  }
}
