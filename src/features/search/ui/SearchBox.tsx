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
import { SMALL_PHOTO } from '../../../shared/image-url.ts';
import { photoProps } from '../../../shared/ui/photo.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Lang } from '#contract/schemas.ts';
import { PLACEHOLDER_IMAGE } from '../../../shared/product.ts';
import { cleanQuery } from '../rules/recent-searches.ts';
import { suggest } from '../state/search.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';
import { $recentSearches, clearRecentSearches, rememberSearch } from '../state/recent-searches.ts';
import { fromApi, mergeSuggestions, type Suggestion } from '../rules/suggestions.ts';
import { loadPagefind, searchIndex } from './pagefind.ts';
import { useHydrated } from '../../../shared/ui/hydrated.ts';
import './search.css';

const SEARCH_DEBOUNCE_MS = 400;
const CLOSE_DELAY_MS = 200;
const MAX_PER_GROUP = 6;

interface Props {
  lang: Lang;
  /** The `search` set of i18n/labels.ts. */
  labels: Labels<'search'>;
  /** Product pages hide the search block on mobile (spec §2). */
  hideOnMobile?: boolean;
}

/** One header search per page: fixed ids, so the server's markup and the hydrating client agree without useId. */
const LIST_ID = 'search-box-list';
const INPUT_ID = 'search-box-input';

interface Found {
  query: string;
  index?: Suggestion[] | null;
  api?: Suggestion[] | null;
}

interface Option {
  id: string;
  kind: Suggestion['kind'] | 'recent';
  label: string;
  href: string;
  suggestion?: Suggestion;
}

export default function SearchBox({ lang, labels, hideOnMobile = false }: Props) {
  const t = makeT(labels);
  const recentStored = useStore($recentSearches);
  const hydrated = useHydrated();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The answers to one query: the index's (null when it cannot be used) and the API's, each undefined until it comes.
  const [found, setFound] = useState<Found>({ query: '' });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const recent = useMemo(() => (hydrated ? recentStored : []), [hydrated, recentStored]);
  const trimmed = cleanQuery(query);

  const onFocus = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
    void loadPagefind();
  };

  useEffect(() => {
    // The island hydrates on first interaction: it takes over the text typed and the focus given before that (the
    // server's input is the only place they are).
    const input = inputRef.current;
    if (input?.value) setQuery(input.value);
    if (input && document.activeElement === input) onFocus();
  }, []);

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

  const suggestions = useMemo(() => {
    const all = mergeSuggestions(current.index ?? null, current.api ?? null);
    const group = (kind: Suggestion['kind']) => all.filter((s) => s.kind === kind).slice(0, MAX_PER_GROUP);
    return { product: group('product'), category: group('category'), store: group('store') };
  }, [current.index, current.api]);

  const options: Option[] = useMemo(() => {
    if (!trimmed)
      return recent.map((q, i) => ({ id: `${LIST_ID}-r${i}`, kind: 'recent', label: q, href: searchHref(lang, q) }));
    return (['product', 'category', 'store'] as const).flatMap((kind) =>
      suggestions[kind].map((s, i) => ({
        id: `${LIST_ID}-${kind[0]}${i}`,
        kind,
        label: s.title,
        href: s.href,
        suggestion: s,
      })),
    );
  }, [trimmed, recent, suggestions, lang]);

  const showResults = trimmed.length > 0;
  const empty = showResults && !loading && options.length === 0;
  const expanded = open && (showResults || recent.length > 0);
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  const go = (href: string) => {
    if (trimmed) rememberSearch(trimmed);
    setOpen(false);
    location.assign(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const count = options.length;
      // -1 is the input itself: down from the last option or up from the first goes back to it.
      setActive((current) =>
        step > 0 ? (current + 1 >= count ? -1 : current + 1) : current - 1 < -1 ? count - 1 : current - 1,
      );
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query) {
        event.preventDefault();
        setQuery('');
      }
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      if (activeOption.kind === 'recent') rememberSearch(activeOption.label);
      go(activeOption.href);
    }
  };

  const onBlur = () => {
    closeTimer.current = setTimeout(() => {
      setOpen(false);
      setActive(-1);
    }, CLOSE_DELAY_MS);
  };

  const groupTitle = {
    product: t('isl.search.products'),
    category: t('isl.search.categories'),
    store: t('isl.search.stores'),
  };
  const optionProps = (option: Option) => {
    const i = options.indexOf(option);
    return {
      id: option.id,
      role: 'option' as const,
      'aria-selected': i === active,
      className: i === active ? 'sb-option active' : 'sb-option',
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onMouseEnter: () => setActive(i),
      onClick: () => {
        if (option.kind === 'recent') rememberSearch(option.label);
        go(option.href);
      },
    };
  };

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
            setOpen(false);
            setActive(-1);
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
        role="combobox"
        aria-expanded={expanded}
        aria-controls={LIST_ID}
        aria-autocomplete="list"
        aria-activedescendant={activeOption?.id}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={onFocus}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
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
      {/* A touch anywhere in the panel keeps the input's focus, and so the phone's search screen open. */}
      {/* It adds no action: the options and buttons inside are the controls. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions */}
      <div
        className="sb-panel"
        hidden={!expanded}
        data-testid="search-panel"
        onMouseDown={(event) => event.preventDefault()}
      >
        {showResults && loading && options.length === 0 && (
          <p className="sb-status" role="status">
            {t('isl.search.loading')}
          </p>
        )}
        {empty && (
          <p className="sb-status" role="status">
            {t('search.no_results')}
          </p>
        )}
        {!showResults && recent.length > 0 && (
          <div className="sb-recent-head">
            <span id={`${LIST_ID}-recent`}>{t('isl.search.recent')}</span>
            <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => clearRecentSearches()}>
              {t('isl.search.clear_recent')}
            </button>
          </div>
        )}
        <ul id={LIST_ID} role="listbox" aria-label={t('header.search.label')}>
          {!showResults &&
            options.map((option) => (
              <li key={option.id} {...optionProps(option)}>
                {option.label}
              </li>
            ))}
          {showResults &&
            (['product', 'category', 'store'] as const).map((kind) =>
              suggestions[kind].length === 0 ? null : (
                <li key={kind} role="presentation">
                  <ul role="group" aria-labelledby={`${LIST_ID}-g${kind}`}>
                    <li role="presentation" id={`${LIST_ID}-g${kind}`} className="sb-group">
                      {groupTitle[kind]}
                    </li>
                    {options
                      .filter((o) => o.kind === kind)
                      .map((option) => (
                        <li key={option.id} {...optionProps(option)} data-kind={kind}>
                          <img
                            {...photoProps(option.suggestion?.image || PLACEHOLDER_IMAGE, SMALL_PHOTO)}
                            alt=""
                            width="40"
                            height="40"
                            loading="lazy"
                          />
                          <span className="sb-text">
                            <span className="sb-title">{option.label}</span>
                            {option.suggestion?.detail && <span className="sb-detail">{option.suggestion.detail}</span>}
                          </span>
                        </li>
                      ))}
                  </ul>
                </li>
              ),
            )}
        </ul>
      </div>
    </form>
  );
}

function searchHref(lang: Lang, query: string) {
  return `${localizedPath(lang, '/search')}?q=${encodeURIComponent(query)}`;
}
