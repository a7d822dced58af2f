/**
 * /{lang}/search?q= (spec §2): paged results of /products/search-product/
 * with the catalogue's cards; "more" follows the answer's next link.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import type { Lang } from '#contract/schemas.ts';
import type { ProductSummary } from '../../../backend/shop.ts';
import type { CardSetup } from '../../../shared/card.ts';
import { pageFromNext } from '../../../shared/paging.ts';
import { addressQuery } from '../rules/first-read.ts';
import { firstResults, searchProducts } from '../state/search.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';
import { rememberSearch } from '../state/recent-searches.ts';
import { CardList } from '../../../shared/ui/CardList.tsx';
import { useHydrated } from '../../../shared/ui/hydrated.ts';
import { firstScreenShown, removeFirstScreen } from './first-screen.ts';

export default function SearchResults({
  lang,
  labels,
  card,
}: {
  lang: Lang;
  labels: Labels<'searchResults'>;
  card: CardSetup;
}) {
  const t = makeT(labels);
  // The address's query is read once hydrated (null until then), so the first render matches the prerendered page.
  const hydrated = useHydrated();
  const query = hydrated ? addressQuery(location.search) : null;
  const [items, setItems] = useState<ProductSummary[]>([]);
  const [count, setCount] = useState(0);
  const [next, setNext] = useState<number | null>(null);
  // The first page is awaited from hydration; a further page from the shopper's click.
  const [answered, setAnswered] = useState(false);
  const [more, setMore] = useState(false);
  const loading = (!!query && !answered) || more;
  const [failed, setFailed] = useState(false);

  const load = (q: string, page: number) =>
    (page === 1 ? firstResults(q) : searchProducts(q, page))
      .then(
        (answer) => {
          setItems((current) => (page === 1 ? answer.results : [...current, ...answer.results]));
          setCount(answer.count);
          setNext(pageFromNext(answer.next));
          setFailed(false);
        },
        () => {
          // A failed list fetch shows an empty list (spec §7).
          if (page === 1) setItems([]);
          setNext(null);
          setFailed(true);
        },
      )
      .finally(() => {
        setAnswered(true);
        setMore(false);
      });

  // The island's answer replaces the first screen before the browser paints again.
  useLayoutEffect(() => {
    if (answered) removeFirstScreen();
  }, [answered]);

  useEffect(() => {
    if (!query) return;
    // The header's box shows what was searched (it takes the text over when it wakes, SearchBox.tsx).
    const box = document.querySelector<HTMLInputElement>('[role=search] input');
    if (box) box.value ||= query;
    rememberSearch(query);
    void load(query, 1);
  }, [query]);

  return (
    <section data-testid="search-results" hidden={!!query && !answered && firstScreenShown()}>
      {query && <h2>{t('isl.search.results_for', { q: query })}</h2>}
      {query === '' && <p className="island-status">{t('isl.search.enter_query')}</p>}
      {query && !loading && (
        <p className="island-status" role="status">
          {items.length === 0 || failed ? t('search.no_results') : t('isl.search.count', { count })}
        </p>
      )}
      {items.length > 0 && <CardList products={items} t={t} setup={card} lang={lang} />}
      {loading && (
        <p className="island-status" role="status">
          {t('isl.search.loading')}
        </p>
      )}
      {next !== null && !loading && query && (
        <button
          type="button"
          className="tile-add"
          onClick={() => {
            setMore(true);
            void load(query, next);
          }}
        >
          {t('isl.search.more')}
        </button>
      )}
    </section>
  );
}
