/**
 * The browser's Pagefind: its script from the shared part of the index, every product part of the page's language
 * merged into it (lib/index-parts.ts), loaded once a page for the search box and the listing alike. Each merged
 * part's pages carry the part's number as the PART_FILTER filter, so a search can keep to one part.
 */
import { PART_FILTER, PARTS_FILE, partFolder, type PartsList } from '../index-parts.ts';

/** What the loader needs of Pagefind's module; callers read it through their own narrower view. */
interface PagefindModule {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(path: string, options: Record<string, unknown>): Promise<void>;
}

export interface SearchIndex<Api> {
  pagefind: Api;
  /** The product parts merged, by number. */
  parts: number[];
}

/** The index's folder, kept out of the bundler's graph (it only exists after the build). */
const BASE = '/pagefind/';
/**
 * Imported by name: an import of a template string is wrapped in Vite's preload helper, whose failure reloads the
 * page (islands/toasts/failures.ts), where a missing index must only leave the search to the API.
 */
const SCRIPT_URL = `${BASE}pagefind.js`;
const PARTS_URL = `${BASE}${PARTS_FILE}`;
/** Words of a suggestion's excerpt (the search box shows none; fewer make smaller answers). */
const OPTIONS = { excerptLength: 12 };

let loading: Promise<SearchIndex<PagefindModule> | null> | null = null;

/** The merged index, or null when it cannot be loaded (the callers keep what the page shows). */
export function loadSearchIndex<Api>(): Promise<SearchIndex<Api> | null> {
  loading ??= (async () => {
    try {
      const lang = document.documentElement.lang;
      // The list of parts comes beside the script, not after it.
      const [pagefind, parts] = await Promise.all([
        import(/* @vite-ignore */ SCRIPT_URL) as Promise<PagefindModule>,
        import(/* @vite-ignore */ PARTS_URL) as Promise<{ default: PartsList }>,
      ]);
      await pagefind.options(OPTIONS);
      await pagefind.init();
      const list = parts.default[lang];
      const merged = Array.isArray(list) ? list : [];
      await Promise.all(
        merged.map((part) =>
          pagefind.mergeIndex(`${BASE}${partFolder(part)}/`, {
            ...OPTIONS,
            mergeFilter: { [PART_FILTER]: String(part) },
          }),
        ),
      );
      return { pagefind, parts: merged };
    } catch {
      return null;
    }
  })();
  return loading as Promise<SearchIndex<Api> | null>;
}
