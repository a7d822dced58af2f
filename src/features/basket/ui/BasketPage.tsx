/** /{lang}/basket (spec §4): lines, their quantities and selection, totals, and the order button (one line at least). */
import { SMALL_PHOTO } from '../../../shared/image-url.ts';
import { photoProps } from '../../../shared/ui/photo.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { Lang } from '#contract/schemas.ts';
import { totals } from '../rules/basket.ts';
import { formatPrice } from '../../../shared/price.ts';
import { featureText } from '../../../shared/product.ts';
import { $basketFailed, $localBasket, $pendingBasket, $serverBasket } from '../state/basket.ts';
import {
  $basketLoaded,
  $basketLines,
  changeQuantity,
  clearBasket,
  loadBasket,
  loadLocalProducts,
  removeFromBasket,
  removeSelected,
  retryLine,
} from '../state/edit.ts';
import { saveCheckoutSelection } from '../../checkout/index.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';
import { notify } from '../../../shared/notify.ts';
import { $signedIn } from '../../../backend/tokens.ts';
import { useHydrated } from '../../../shared/ui/hydrated.ts';
import { useOffline } from '../../../shared/ui/offline.ts';
import './basket.css';

/** At or under this many left, a line says how many. */
const LOW_STOCK = 5;

export default function BasketPage({ lang, labels }: { lang: Lang; labels: Labels<'basket'> }) {
  const t = makeT(labels);
  const loaded = useStore($basketLoaded);
  const entries = useStore($localBasket);
  const server = useStore($serverBasket);
  const pending = useStore($pendingBasket);
  const failed = useStore($basketFailed);
  const offline = useOffline();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<Set<string> | null>(null);

  useEffect(() => {
    if ($signedIn.get()) void loadBasket();
  }, []);
  useEffect(() => {
    if (hydrated) void loadLocalProducts();
  }, [entries, server, pending, hydrated]);

  const allLines = useStore($basketLines);
  // Browser storage is read only once hydrated, so the first render matches the prerendered page.
  const lines = useMemo(() => (hydrated ? allLines : []), [hydrated, allLines]);
  // Every line starts selected; lines that leave the basket leave the selection; a refused line cannot be ordered.
  const chosen = useMemo(
    () =>
      new Set(
        lines.filter((l) => l.status !== 'refused' && (selected === null || selected.has(l.key))).map((l) => l.key),
      ),
    [lines, selected],
  );
  const chosenLines = lines.filter((l) => chosen.has(l.key));
  const sum = totals(chosenLines);
  const waiting = !hydrated || !loaded;

  const toggle = (key: string) =>
    setSelected(new Set([...chosen].filter((k) => k !== key).concat(chosen.has(key) ? [] : key)));
  const orderable = lines.filter((l) => l.status !== 'refused');
  const allChosen = orderable.length > 0 && chosen.size === orderable.length;

  return (
    <section className="basket" data-testid="basket-page">
      {hydrated && offline && (
        <p className="basket-notice" role="status" data-testid="basket-offline">
          {t('isl.basket.offline')}
        </p>
      )}
      {hydrated && failed && !offline && (
        <p className="basket-notice" role="alert" data-testid="basket-load-failed">
          {t('isl.basket.load_failed')}{' '}
          <button type="button" onClick={() => void loadBasket()}>
            {t('isl.basket.reload')}
          </button>
        </p>
      )}
      {waiting && lines.length === 0 && (
        <p className="island-status" role="status">
          {t('isl.basket.loading')}
        </p>
      )}
      {!waiting && !failed && lines.length === 0 && <p className="island-status">{t('isl.basket.empty')}</p>}
      {lines.length > 0 && (
        <div className="basket-grid">
          <div>
            <div className="basket-tools">
              <label>
                <input type="checkbox" checked={allChosen} onChange={() => setSelected(allChosen ? new Set() : null)} />{' '}
                {t('isl.basket.select_all')}
              </label>
              <button type="button" disabled={chosen.size === 0} onClick={() => void removeSelected(chosenLines)}>
                {t('isl.basket.delete_selected')}
              </button>
              <button type="button" onClick={() => void clearBasket()}>
                {t('isl.basket.clear')}
              </button>
            </div>
            <ul className="basket-lines" data-testid="basket-lines">
              {lines.map((line, index) => (
                <li
                  key={line.key}
                  className="basket-line"
                  data-product={line.product.id}
                  data-feature={line.feature_id ?? ''}
                  data-status={line.status}
                >
                  <input
                    type="checkbox"
                    checked={chosen.has(line.key)}
                    disabled={line.status === 'refused'}
                    onChange={() => toggle(line.key)}
                    aria-label={t('isl.basket.select', { title: line.product.title })}
                  />
                  <img
                    {...photoProps(line.product.image, SMALL_PHOTO)}
                    alt=""
                    width="80"
                    height="80"
                    loading={index < 4 ? 'eager' : 'lazy'}
                  />
                  <div className="basket-info">
                    <a href={localizedPath(lang, `/product/${line.product.id}`)}>{line.product.title || '…'}</a>
                    {line.feature && line.feature.attributes.length > 0 && (
                      <span className="basket-feature">{featureText(line.feature)}</span>
                    )}
                    <span className="basket-price">
                      {formatPrice(line.price, lang)}
                      {line.listPrice > line.price && <s>{formatPrice(line.listPrice, lang)}</s>}
                    </span>
                    {line.status !== 'saved' && (
                      <span className={`basket-status basket-status-${line.status}`} data-testid="basket-status">
                        {t(line.status === 'refused' ? 'isl.basket.status_refused' : 'isl.basket.status_waiting')}
                        {line.reason ? `: ${line.reason}` : ''}
                      </span>
                    )}
                    {line.status === 'refused' && (
                      <button
                        type="button"
                        className="basket-retry"
                        onClick={() => void retryLine(line)}
                        aria-label={t('isl.basket.retry_line', { title: line.product.title })}
                      >
                        {t('isl.basket.retry')}
                      </button>
                    )}
                    {line.stock !== null && line.stock <= LOW_STOCK && (
                      <span className="basket-left" id={`left-${line.key}`} data-testid="basket-left">
                        {t('isl.basket.left', { count: line.stock })}
                      </span>
                    )}
                  </div>
                  <div className="basket-qty" role="group" aria-label={t('isl.basket.quantity')}>
                    <button
                      type="button"
                      onClick={() => void changeQuantity(line, 'decrease')}
                      aria-label={t('isl.basket.decrease', { title: line.product.title })}
                    >
                      −
                    </button>
                    <output data-testid="quantity">{line.quantity}</output>
                    <button
                      type="button"
                      disabled={line.stock !== null && line.quantity >= line.stock}
                      onClick={() => void changeQuantity(line, 'increase')}
                      aria-label={t('isl.basket.increase', { title: line.product.title })}
                      aria-describedby={line.stock !== null && line.stock <= LOW_STOCK ? `left-${line.key}` : undefined}
                    >
                      +
                    </button>
                  </div>
                  <button
                    type="button"
                    className="basket-remove"
                    onClick={() => void removeFromBasket(line)}
                    aria-label={t('isl.basket.remove', { title: line.product.title })}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <aside className="basket-summary" aria-label={t('isl.basket.summary')}>
            <h2>{t('isl.basket.summary')}</h2>
            <dl>
              <dt>{t('isl.basket.items', { count: sum.count })}</dt>
              <dd>{formatPrice(sum.subtotal, lang)}</dd>
              <dt>{t('isl.basket.discount')}</dt>
              <dd data-testid="basket-discount">{formatPrice(sum.discount, lang)}</dd>
              <dt>{t('isl.basket.total')}</dt>
              <dd data-testid="basket-total">{formatPrice(sum.total, lang)}</dd>
            </dl>
            <a
              className="basket-order"
              href={localizedPath(lang, '/orders-confirmation')}
              onClick={(event) => {
                if (chosenLines.length === 0) {
                  event.preventDefault();
                  notify('error', 'isl.basket.select_one');
                  return;
                }
                saveCheckoutSelection(chosenLines);
              }}
            >
              {t('isl.basket.order')}
            </a>
          </aside>
        </div>
      )}
    </section>
  );
}
