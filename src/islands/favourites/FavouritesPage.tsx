/**
 * /{lang}/favorites (spec §4 Favourites): the favourite products, each
 * fetched; one whose fetch fails is dropped from the list.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Lang, ProductSummary } from '#contract/schemas.ts';
import { getApi } from '../../stores/api.ts';
import { makeT, type Labels } from '../../i18n/messages.ts';
import { $favouriteIds, $favouritesReady, loadFavourites } from '../../stores/favourites.ts';
import { setLanguage } from '../../stores/language.ts';
import { ProductTile } from '../shared/ProductTile.tsx';

const cache = new Map<number, Promise<ProductSummary | null>>();
const fetchProduct = (id: number) => {
  let p = cache.get(id);
  if (!p) {
    p = getApi()
      .then((api) => api.call('product', { params: { id } }))
      .catch(() => null);
    cache.set(id, p);
  }
  return p;
};

export default function FavouritesPage({ lang, labels }: { lang: Lang; labels: Labels }) {
  setLanguage(lang);
  const t = makeT(labels);
  const ids = useStore($favouriteIds);
  const ready = useStore($favouritesReady);
  const [mounted, setMounted] = useState(false);
  const [products, setProducts] = useState<Record<number, ProductSummary | null>>({});

  useEffect(() => {
    setMounted(true);
    void loadFavourites();
  }, []);

  useEffect(() => {
    if (!mounted) return;
    let live = true;
    for (const id of ids) {
      if (id in products) continue;
      void fetchProduct(id).then((product) => {
        if (live) setProducts((current) => ({ ...current, [id]: product }));
      });
    }
    return () => {
      live = false;
    };
  }, [ids, mounted, products]);

  const shown = ids.flatMap((id) => (products[id] ? [products[id]] : []));
  const waiting = !mounted || !ready || ids.some((id) => !(id in products));

  return (
    <section data-testid="favourites-page">
      {shown.length > 0 && (
        <ul className="tiles" data-testid="favourites-list">
          {shown.map((product) => (
            <ProductTile key={product.id} lang={lang} t={t} product={product} mounted={mounted} heading="h2" />
          ))}
        </ul>
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
