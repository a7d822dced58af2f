/**
 * The manifest written beside every release (`releases/<id>.json`): what was
 * built, from where, how big, how long it took, and whether it went live.
 * Nothing secret: the API URL is kept without credentials or query.
 */
import type { CallCounts } from '../../src/data/pacing.ts';
import type { NightReads } from '../../src/data/night-reads.ts';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Lang } from '#contract/langs.ts';
import type { PageInputs } from '../../integrations/page-selection.ts';
import type { IndexPart } from './index-parts.ts';

export interface LocaleCounts {
  products: number;
  categories: number;
  stores: number;
  /** HTML pages built under /{lang}. */
  pages: number;
}

export interface Manifest {
  release: string;
  /** When the build started (ISO); product pages carry it as data-built-at. */
  builtAt: string;
  commit: string | null;
  apiUrl: string;
  siteUrl: string;
  target: string;
  counts: Record<Lang, LocaleCounts>;
  /** sha256 of the catalogue as the API answered it, both languages. */
  contentHash: string;
  pagefind: { files: number; bytes: number };
  /** Files and bytes of the whole release. */
  size: { files: number; bytes: number };
  /** First-load JavaScript (gzip KB) of every page type, e.g. 'uz/product'. */
  firstLoadKb: Record<string, number>;
  /** Pages whose links the gate checked (those written by this build, or every page), distinct paths checked. */
  links: { pages: number; checked: number };
  /** Wall time of the run's steps in ms (catalogue, astro or merge, links, budget, pagefind beside the gate). */
  steps?: Record<string, number>;
  /** From the start of the run until the gate passed. */
  durationMs: number;
  /** Peak resident memory of the rebuild and its children (build, Pagefind). */
  peakMemoryMb: number;
  /** What reading the API cost (src/data/pacing.ts) and whose reviews were read or kept (src/data/night-reads.ts). */
  api?: CallCounts & { perProduct: number; reviews: NightReads['tally'] };
  /** When it last went live; null for a dry run. */
  publishedAt: string | null;
  /**
   * How the pages were made: `full`, or `incremental` (only pages whose inputs changed were rendered, the
   * others linked from the release `from`), with why a full build was chosen.
   */
  build?: {
    mode: 'full' | 'incremental';
    from: string | null;
    rendered: number;
    reused: number;
    /** The search index's parts indexed by this build; the others were linked from `from`. */
    indexed: IndexPart[];
    reason: string;
  };
  /** The hash of the inputs every page shares, and of each reusable page's own (integrations/page-selection.ts). */
  inputs?: PageInputs;
}

export function readManifest(path: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** Writes JSON whole or not at all (a killed run never leaves half a file). */
export function writeJson(path: string, value: unknown): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, path);
}

/** An URL as it may be written down: no user, password, query or fragment. */
export function publicUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
  } catch {
    return '(invalid URL)';
  }
}
