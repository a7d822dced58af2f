/**
 * The Pagefind index of the page's language, its parts merged (shared/ui/index-loader.ts), loaded with a dynamic import
 * the first time the search box is focused (never in the first-load JavaScript). Answers of every part come
 * ranked together by score and are sorted into the search box's three groups by their URL.
 */
import { searchForms } from '#contract/search-forms.ts';
import { loadSearchIndex } from '../../../shared/ui/index-loader.ts';
import { mergeRanked, type Suggestion } from '../rules/suggestions.ts';

interface PagefindResultData {
  url: string;
  meta: Record<string, string | undefined>;
}
interface PagefindApi {
  search(query: string, options?: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[] } | null>;
}
interface PagefindResult {
  id: string;
  score: number;
  data(): Promise<PagefindResultData>;
}

/**
 * Categories and stores are searched apart from products (by the pages' `type` filter): a category's name is in
 * many products' titles and texts, which would otherwise fill every place before the category's own page.
 */
const APART = ['category', 'store'] as const;
/** Places per group the box shows (search-suggestions.ts shows five). */
const PER_GROUP = 5;

export function loadPagefind(): Promise<PagefindApi | null> {
  return loadSearchIndex<PagefindApi>().then((index) => index?.pagefind ?? null);
}

/**
 * Grouped suggestions from the index, or null when the index cannot be used:
 * every form of the query (as typed, folded to Uzbek Latin, brands in Latin,
 * on the other keyboard layout; #contract/search-forms.ts) is searched, the
 * answers merged by score (the pages carry their titles' folded form).
 */
export async function searchIndex(query: string, limit = 12): Promise<Suggestion[] | null> {
  const pagefind = await loadPagefind();
  if (!pagefind) return null;
  try {
    const forms = searchForms(query);
    const ranked = (type?: string) =>
      Promise.all(
        forms.map(async ({ text, swapped }) => ({
          swapped,
          results: ((await pagefind.search(text, type ? { filters: { type } } : undefined))?.results ?? []).map(
            (item) => ({ id: item.id, score: item.score, item }),
          ),
        })),
      ).then((answers) => mergeRanked(answers));
    const [all, ...apart] = await Promise.all([ranked(), ...APART.map((type) => ranked(type))]);
    const chosen = new Map<string, PagefindResult>();
    // Each group in its own ranking: the kinds searched apart first (the box groups the answers by kind).
    for (const result of [...apart.flatMap((results) => results.slice(0, PER_GROUP)), ...all.slice(0, limit)])
      chosen.set(result.id, result);
    const data = await Promise.all([...chosen.values()].map((result) => result.data()));
    return data.flatMap((item) => {
      const suggestion = toSuggestion(item);
      return suggestion ? [suggestion] : [];
    });
  } catch {
    return null;
  }
}

const ROUTE = /^\/(uz|ru)\/(product|category|store)\/([^/?#]+?)(?:\.html)?\/?(?:[?#].*)?$/;

function toSuggestion(item: PagefindResultData): Suggestion | null {
  const path = item.url.replace(/^https?:\/\/[^/]+/, '');
  const match = ROUTE.exec(path);
  if (!match) return null;
  const kind = match[2] as Suggestion['kind'];
  const key = decodeURIComponent(match[3]!);
  const title = (item.meta['title'] ?? '').replace(/\s*\|\s*Bozor\s*$/, '').trim();
  return {
    kind,
    key,
    title: title || key,
    image: item.meta['image'] ?? null,
    detail:
      (kind === 'product'
        ? item.meta['price']
        : kind === 'store'
          ? (item.meta['location'] ?? item.meta['address'])
          : null) ?? null,
    href: `/${match[1]}/${match[2]}/${match[3]}`,
  };
}
