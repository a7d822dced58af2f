/**
 * The header search box (spec §2 Search box, §5, §9) as an ARIA 1.2
 * combobox: opens on focus or typing, closes 200 ms after blur, arrows move
 * through the options, Enter opens one (or searches), Escape closes.
 * Answers come from the Pagefind index (loaded on first focus); the API's
 * suggestions (400 ms debounce) replace it when it cannot load and add
 * products newer than the build. An empty query lists recent searches.
 * Without JavaScript the same form submits to /{lang}/search?q=.
 * On a phone the focused box is a screen of its own (search.css), which its
 * back button closes.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Lang } from '#contract/schemas.ts';
import { cleanQuery } from '../rules/recent-searches.ts';
import { suggest } from '../state/search.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';
import { $recentSearches, rememberSearch } from '../state/recent-searches.ts';
import { fromApi, mergeSuggestions, type Suggestion } from '../rules/suggestions.ts';
import { loadPagefind, searchIndex } from './pagefind.ts';
import { useHydrated } from '../../../shared/ui/hydrated.ts';
import { useCombobox } from './use-combobox.ts';
import SearchSuggestions, { LIST_ID, type Option } from './SearchSuggestions.tsx';
import './search.css';

const SEARCH_DEBOUNCE_MS = 400;
const MAX_PER_GROUP = 6;

interface Props {
  lang: Lang;
  /** The `search` set of i18n/labels.ts. */
  labels: Labels<'search'>;
  /** Product pages hide the search block on mobile (spec §2). */
  hideOnMobile?: boolean;
}

/** One header search per page: a fixed id, so the server's markup and the hydrating client agree without useId. */
const INPUT_ID = 'search-box-input';

interface Found {
  query: string;
  index?: Suggestion[] | null;
  api?: Suggestion[] | null;
}

export default function SearchBox({ lang, labels, hideOnMobile = false }: Props) {
  const t = makeT(labels);
  const recentStored = useStore($recentSearches);
  const hydrated = useHydrated();
  const [query, setQuery] = useState('');
  // The answers to one query: the index's (null when it cannot be used) and the API's, each undefined until it comes.
  const [found, setFound] = useState<Found>({ query: '' });
  const inputRef = useRef<HTMLInputElement>(null);
  const recent = useMemo(() => (hydrated ? recentStored : []), [hydrated, recentStored]);
  const trimmed = cleanQuery(query);

  // Pagefind answers as the shopper types (local, no network after the first chunks); the API debounced 400 ms, the
  // fallback when the index fails, else fill-in of newer products.
  useEffect(() => {
    if (!trimmed) return;
    let live = true;
    const answer = (part: Omit<Found, 'query'>) =>
      live && setFound((last) => ({ ...(last.query === trimmed ? last : { query: trimmed }), ...part }));
    void searchIndex(trimmed).then((index) => answer({ index }));
    const timer = setTimeout(
      () => void suggest(trimmed).then((api) => answer({ api: fromApi(lang, api) })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [trimmed, lang]);

  const current: Found = found.query === trimmed ? found : { query: trimmed };
  // Searching until the index has answered, or the API (which the index's failure waits for).
  const loading = trimmed !== '' && !current.index && current.api === undefined;

  const options: Option[] = useMemo(() => {
    if (!trimmed)
      return recent.map((q, i) => ({ id: `${LIST_ID}-r${i}`, kind: 'recent', label: q, href: searchHref(lang, q) }));
    const all = mergeSuggestions(current.index ?? null, current.api ?? null);
    return (['product', 'category', 'store'] as const).flatMap((kind) =>
      all
        .filter((s) => s.kind === kind)
        .slice(0, MAX_PER_GROUP)
        .map((s, i) => ({ id: `${LIST_ID}-${kind[0]}${i}`, kind, label: s.title, href: s.href, suggestion: s })),
    );
  }, [trimmed, recent, current.index, current.api, lang]);

  const go = (href: string) => {
    if (trimmed) rememberSearch(trimmed);
    combobox.close();
    location.assign(href);
  };

  const combobox = useCombobox({
    listId: LIST_ID,
    options,
    hasContent: trimmed.length > 0 || recent.length > 0,
    onPick: (option) => {
      if (option.kind === 'recent') rememberSearch(option.label);
      go(option.href);
    },
    onFocus: () => void loadPagefind(),
    onEscape: () => {
      if (!query) return false;
      setQuery('');
      return true;
    },
  });

  useEffect(() => {
    // The island hydrates on first interaction: it takes over the text typed and the focus given before that (the
    // server's input is the only place they are).
    const input = inputRef.current;
    if (input?.value) setQuery(input.value);
    if (input && document.activeElement === input) combobox.focus();
    // Once, when the island hydrates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      className={hideOnMobile ? 'search sb search-hide-mobile' : 'search sb'}
      action={localizedPath(lang, '/search')}
      method="get"
      role="search"
      onSubmit={(event) => {
        if (!trimmed) {
          event.preventDefault();
          return;
        }
        rememberSearch(trimmed);
      }}
      // 'ready' once React has taken the server's form (hydrated on the first touch or focus, header-script.ts).
      data-search-form={hydrated ? 'ready' : 'static'}
    >
      {hydrated && (
        <button
          type="button"
          className="sb-back"
          aria-label={t('isl.search.close')}
          // The input keeps focus until the click: the screen must not close under the finger.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            combobox.close();
            inputRef.current?.blur();
          }}
        >
          <svg
            width="24"
            height="24"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="m15 18-6-6 6-6" />
          </svg>
        </button>
      )}
      <label className="sr-only" htmlFor={INPUT_ID}>
        {t('header.search.label')}
      </label>
      <input
        ref={inputRef}
        id={INPUT_ID}
        name="q"
        type="search"
        placeholder={t('header.search.placeholder')}
        autoComplete="off"
        maxLength={200}
        {...combobox.inputProps}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          combobox.typed();
        }}
      />
      <button type="submit" className="search-submit" aria-label={t('header.search.submit')}>
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
      <SearchSuggestions
        t={t}
        expanded={combobox.expanded}
        query={trimmed}
        loading={loading}
        hasRecent={recent.length > 0}
        options={options}
        optionProps={combobox.optionProps}
      />
    </form>
  );
}

function searchHref(lang: Lang, query: string) {
  return `${localizedPath(lang, '/search')}?q=${encodeURIComponent(query)}`;
}
