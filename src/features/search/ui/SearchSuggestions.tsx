/**
 * The search box's panel: what is being searched or found nothing, the recent
 * searches (with "clear") for an empty query, else the suggestions grouped as
 * products, categories and stores, each with its picture and detail.
 */
import { SMALL_PHOTO } from '../../../shared/image-url.ts';
import { photoProps } from '../../../shared/ui/photo.ts';
import type { MouseEvent } from 'react';
import { PLACEHOLDER_IMAGE } from '../../../shared/product.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';
import { clearRecentSearches } from '../state/recent-searches.ts';
import type { Suggestion } from '../rules/suggestions.ts';
import type { OptionProps } from './use-combobox.ts';

/** One header search per page: a fixed id, so the server's markup and the hydrating client agree without useId. */
export const LIST_ID = 'search-box-list';

export interface Option {
  id: string;
  kind: Suggestion['kind'] | 'recent';
  label: string;
  href: string;
  suggestion?: Suggestion;
}

const KINDS = ['product', 'category', 'store'] as const;

/** A press in the panel keeps the input's focus (and so the phone's search screen open). */
const keepFocus = (event: MouseEvent) => event.preventDefault();

export default function SearchSuggestions({
  t,
  expanded,
  query,
  loading,
  hasRecent,
  options,
  optionProps,
}: {
  t: Translate<LabelKey<'search'>>;
  expanded: boolean;
  /** The cleaned query: empty lists the recent searches. */
  query: string;
  loading: boolean;
  hasRecent: boolean;
  options: readonly Option[];
  optionProps: (option: Option) => OptionProps;
}) {
  const showResults = query.length > 0;
  const groupTitle = {
    product: t('isl.search.products'),
    category: t('isl.search.categories'),
    store: t('isl.search.stores'),
  };
  const option = (each: Option) => {
    const props = optionProps(each);
    return { ...props, className: props['aria-selected'] ? 'sb-option active' : 'sb-option' };
  };

  return (
    // A touch anywhere in the panel keeps the input's focus, and so the phone's search screen open.
    // It adds no action: the options and buttons inside are the controls.
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
    <div className="sb-panel" hidden={!expanded} data-testid="search-panel" onMouseDown={keepFocus}>
      {showResults && loading && options.length === 0 && (
        <p className="sb-status" role="status">
          {t('isl.search.loading')}
        </p>
      )}
      {showResults && !loading && options.length === 0 && (
        <p className="sb-status" role="status">
          {t('search.no_results')}
        </p>
      )}
      {!showResults && hasRecent && (
        <div className="sb-recent-head">
          <span id={`${LIST_ID}-recent`}>{t('isl.search.recent')}</span>
          <button type="button" onMouseDown={keepFocus} onClick={() => clearRecentSearches()}>
            {t('isl.search.clear_recent')}
          </button>
        </div>
      )}
      <ul id={LIST_ID} role="listbox" aria-label={t('header.search.label')}>
        {!showResults &&
          options.map((each) => (
            <li key={each.id} {...option(each)}>
              {each.label}
            </li>
          ))}
        {showResults &&
          KINDS.map((kind) => {
            const group = options.filter((o) => o.kind === kind);
            return group.length === 0 ? null : (
              <li key={kind} role="presentation">
                <ul role="group" aria-labelledby={`${LIST_ID}-g${kind}`}>
                  <li role="presentation" id={`${LIST_ID}-g${kind}`} className="sb-group">
                    {groupTitle[kind]}
                  </li>
                  {group.map((each) => (
                    <li key={each.id} {...option(each)} data-kind={kind}>
                      <img
                        {...photoProps(each.suggestion?.image || PLACEHOLDER_IMAGE, SMALL_PHOTO)}
                        alt=""
                        width="40"
                        height="40"
                        loading="lazy"
                      />
                      <span className="sb-text">
                        <span className="sb-title">{each.label}</span>
                        {each.suggestion?.detail && <span className="sb-detail">{each.suggestion.detail}</span>}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
      </ul>
    </div>
  );
}
