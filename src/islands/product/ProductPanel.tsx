/**
 * The product page's interactive part: gallery, price, stock and the feature
 * picker (only features with count > 0, each with its own images and
 * attributes), re-checked live against the API after hydration. A product the
 * API no longer has shows as unavailable (no price, no picker, add-to-basket
 * disabled) rather than at the price it had when the page was built.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Feature, Lang } from '#contract/schemas.ts';
import { discountPercent, formatPrice, hasDiscount, payablePrice } from '../../lib/price.ts';
import { formatMessage } from '../../i18n/format.ts';
import { fetchLive, type LiveProduct } from './live.ts';
import './panel.css';

export interface PanelLabels {
  price: string;
  oldPrice: string;
  discount: string;
  stockPcs: string;
  stockKg: string;
  stockOut: string;
  features: string;
  gallery: string;
  imageAlt: string;
  thumb: string;
  updated: string;
  unavailable: string;
}

export interface ProductPanelProps {
  lang: Lang;
  id: number;
  title: string;
  images: string[];
  product: LiveProduct;
  apiUrl: string;
  /** When the page was built (ISO), from the rebuild's manifest. */
  builtAt: string;
  labels: PanelLabels;
}

const imagesOf = (feature: Feature | undefined): string[] => {
  if (!feature?.images) return [];
  const raw = Array.isArray(feature.images) ? feature.images : feature.images.split(',');
  return raw.map((s) => s.trim()).filter(Boolean);
};

const featureName = (feature: Feature) => feature.attributes.map((a) => a.value).join(' · ') || `#${feature.id}`;

export default function ProductPanel({
  lang,
  id,
  title,
  images,
  product: built,
  apiUrl,
  builtAt,
  labels,
}: ProductPanelProps) {
  const [product, setProduct] = useState<LiveProduct>(built);
  const [live, setLive] = useState<'pending' | 'checked' | 'gone'>('pending');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [imageIndex, setImageIndex] = useState(0);

  const features = useMemo(() => product.features.filter((f) => f.count > 0), [product.features]);
  const selected = features.find((f) => f.id === selectedId);

  useEffect(() => {
    let mounted = true;
    fetchLive(apiUrl, lang, id, builtAt).then((answer) => {
      if (!mounted) return;
      if (answer.state === 'fresh') setProduct(answer.value);
      setLive(answer.state === 'gone' ? 'gone' : 'checked');
    });
    return () => {
      mounted = false;
    };
  }, [apiUrl, lang, id, builtAt]);

  const gone = live === 'gone';
  // The add-to-basket button (outside this island) learns the chosen feature, or that there is nothing to buy.
  useEffect(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>(`[data-add-to-basket="${id}"]`)) {
      if (selected) button.dataset.featureId = String(selected.id);
      else delete button.dataset.featureId;
      button.disabled = gone;
    }
    document.dispatchEvent(
      new CustomEvent('bozor:feature-change', { detail: { product: id, feature: selected?.id ?? null } }),
    );
  }, [id, selected, gone]);

  const featureImages = imagesOf(selected);
  const gallery = featureImages.length > 0 ? featureImages : images;
  const current = gallery[Math.min(imageIndex, gallery.length - 1)] ?? images[0] ?? '';

  const discounted = !selected?.price && hasDiscount(product);
  const amount = selected?.price ?? payablePrice(product);
  const stock = selected ? selected.count : product.stock;
  const stockText =
    stock <= 0
      ? labels.stockOut
      : formatMessage(product.unit === 'kg' ? labels.stockKg : labels.stockPcs, { count: stock });

  const choose = (feature: Feature) => {
    setSelectedId(feature.id === selectedId ? null : feature.id);
    setImageIndex(0);
  };

  return (
    <div className="panel" data-product-panel={id} data-live={live} data-built-at={builtAt}>
      <section className="gallery" aria-label={labels.gallery}>
        <div className="gallery-main">
          <img
            src={current}
            alt={formatMessage(labels.imageAlt, { title, n: Math.min(imageIndex, gallery.length - 1) + 1 })}
            width={600}
            height={600}
            fetchPriority="high"
            decoding="async"
            data-gallery-main
          />
        </div>
        {gallery.length > 1 && (
          <ul className="thumbs">
            {gallery.map((src, index) => (
              <li key={`${index}-${src}`}>
                <button
                  type="button"
                  aria-label={formatMessage(labels.thumb, { n: index + 1 })}
                  aria-pressed={index === imageIndex}
                  onClick={() => setImageIndex(index)}
                >
                  <img src={src} alt="" width={64} height={64} loading="lazy" decoding="async" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="buy">
        {gone ? (
          <p className="unavailable" role="status" data-unavailable>
            {labels.unavailable}
          </p>
        ) : (
          <>
            <p className="prices" aria-live="polite">
              <span className="sr-only">{labels.price}: </span>
              <span className="price big" data-price>
                {formatPrice(amount)}
              </span>
              {discounted && (
                <>
                  <s className="old-price">
                    <span className="sr-only">{labels.oldPrice}: </span>
                    {formatPrice(product.price)}
                  </s>
                  <span className="badge-sale">
                    {formatMessage(labels.discount, { percent: discountPercent(product) })}
                  </span>
                </>
              )}
            </p>
            <p className="stock" data-stock>
              {stockText}
            </p>

            {features.length > 0 && (
              <fieldset className="features">
                <legend>{labels.features}</legend>
                <div className="feature-list">
                  {features.map((feature) => (
                    <button
                      key={feature.id}
                      type="button"
                      className="feature"
                      aria-pressed={feature.id === selectedId}
                      data-feature={feature.id}
                      onClick={() => choose(feature)}
                    >
                      {featureName(feature)}
                    </button>
                  ))}
                </div>
                {selected && (
                  <dl className="attributes" data-feature-attributes>
                    {selected.attributes.map((attribute) => (
                      <div key={attribute.key}>
                        <dt>{attribute.name}</dt>
                        <dd>{attribute.value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </fieldset>
            )}
            {live === 'checked' && <span className="sr-only">{labels.updated}</span>}
          </>
        )}
      </div>
    </div>
  );
}
