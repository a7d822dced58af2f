/**
 * /{lang}/favorites (spec §4 Favourites): the favourite products, each
 * fetched through the stores' one product cache; one whose fetch fails is
 * dropped from the list.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Lang } from '#contract/schemas.ts';
import type { CardSetup } from '../../../shared/card.ts';
import { $products, productFor } from '../../../shared/products.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';
import { $favouriteIds, $favouritesReady, loadFavourites } from '../state/favourites.ts';
import { CardList } from '../../../shared/ui/CardList.tsx';
import { useHydrated } from '../../../shared/ui/hydrated.ts';

export default function FavouritesPage({
  lang,
  labels,
  card,
}: {
  lang: Lang;
  labels: Labels<'favourites'>;
  card: CardSetup;
}) {
  const t = makeT(labels);
  const ids = useStore($favouriteIds);
  const ready = useStore($favouritesReady);
  const mounted = useHydrated();
  const products = useStore($products);
  /** Favourites whose product could not be fetched: not shown, not waited for. */
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    void loadFavourites();
  }, []);

  useEffect(() => {
    if (!mounted) return;
    let live = true;
    for (const id of ids) {
      if (id in products || failed.has(id)) continue;
      void productFor(id).then((product) => {
        if (live && !product) setFailed((current) => new Set(current).add(id));
      });
    }
    return () => {
      live = false;
    };
  }, [ids, mounted, products, failed]);

  const shown = ids.flatMap((id) => (products[id] ? [products[id]] : []));
  const waiting = !mounted || !ready || ids.some((id) => !(id in products) && !failed.has(id));

  return (
    <section data-testid="favourites-page">
      {shown.length > 0 && (
        <CardList products={shown} t={t} setup={card} lang={lang} heading="h2" testId="favourites-list" />
      )}
      {waiting && (
        <p className="island-status" role="status">
          {t('isl.fav.loading')}
        </p>
      )}
      {!waiting && shown.length === 0 && <p className="island-status">{t('isl.fav.empty')}</p>}
    </section>
  );
}
