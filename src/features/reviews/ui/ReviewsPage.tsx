/**
 * /{lang}/profile/reviews (spec §2 Profile, §4 review states): two tabs,
 * 'pending evaluation' (delivered products to review, each with 'write a
 * review') and 'rated' (the shopper's reviews with stars, texts and photos,
 * each with 'edit'). The review dialog, with its image handling, is loaded
 * only when a review is opened. A visitor sees 'sign in to access'.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Lang } from '#contract/schemas.ts';
import { tabAfterKey } from '../../../shared/tabs.ts';
import { makeT, type Labels, type LabelKey, type Translate } from '../../../i18n/messages.ts';
import { $pending, $rated, $reviewOpen, loadPending, loadRated, loadReviews } from '../state/reviews.ts';
import SignInGate from '../../../shared/ui/SignInGate.tsx';
import { ListStatus, PendingItem, RatedItem } from './ReviewItems.tsx';
import './reviews-page.css';

const ReviewDialog = lazy(() => import('./ReviewDialog.tsx'));

const TABS = ['pending', 'rated'] as const;
type Tab = (typeof TABS)[number];

export default function ReviewsPage({ lang, labels }: { lang: Lang; labels: Labels<'reviewsPage'> }) {
  const t = makeT(labels);
  return (
    <SignInGate message={t('isl.auth.sign_in_to_access')} login={t('isl.auth.login')}>
      <Reviews lang={lang} t={t} />
    </SignInGate>
  );
}

function Reviews({ lang, t }: { lang: Lang; t: Translate<LabelKey<'reviewsPage'>> }) {
  const pending = useStore($pending);
  const rated = useStore($rated);
  const open = useStore($reviewOpen);
  const [tab, setTab] = useState<Tab>('pending');
  const [saved, setSaved] = useState(false);
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ pending: null, rated: null });
  const id = useId();

  useEffect(() => {
    void loadReviews();
  }, []);

  const select = (next: Tab, focus = false) => {
    setTab(next);
    if (focus) tabs.current[next]?.focus();
  };
  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(TABS, tab, event.key);
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  // Opening the dialog again takes the last "saved" away (React's way to follow a value from the last render).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSaved(false);
  }
  const onSaved = (created: boolean) => {
    setSaved(true);
    // A new review leaves 'pending' (its button with it): the shopper is taken to it under 'rated'.
    if (created) select('rated', true);
  };

  const counts: Record<Tab, number> = { pending: pending.items.length, rated: rated.items.length };
  return (
    <div className="reviews-page" data-testid="reviews-page">
      <div role="tablist" aria-label={t('isl.reviews.tabs')} className="reviews-tabs">
        {TABS.map((name) => (
          <button
            key={name}
            ref={(node) => {
              tabs.current[name] = node;
            }}
            type="button"
            role="tab"
            onKeyDown={onKeyDown}
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => select(name)}
            data-testid={`reviews-tab-${name}`}
          >
            {t(`isl.reviews.tab_${name}`)}
            <TabCount ready={(name === 'pending' ? pending : rated).status === 'ready'} count={counts[name]} />
          </button>
        ))}
      </div>
      {saved && (
        <p className="reviews-saved" role="status" data-testid="review-saved">
          {t('isl.reviews.saved')}
        </p>
      )}
      <div
        role="tabpanel"
        id={`${id}-pending`}
        aria-labelledby={`${id}-pending-tab`}
        hidden={tab !== 'pending'}
        tabIndex={0}
        data-testid="reviews-pending"
      >
        <ListStatus t={t} list={pending} empty={t('isl.reviews.pending_empty')} retry={loadPending} />
        {pending.items.length > 0 && (
          <ul className="reviews-pending">
            {pending.items.map((item) => (
              <PendingItem key={item.product.id} lang={lang} t={t} item={item} />
            ))}
          </ul>
        )}
      </div>
      <div
        role="tabpanel"
        id={`${id}-rated`}
        aria-labelledby={`${id}-rated-tab`}
        hidden={tab !== 'rated'}
        tabIndex={0}
        data-testid="reviews-rated"
      >
        <ListStatus t={t} list={rated} empty={t('isl.reviews.rated_empty')} retry={loadRated} />
        {rated.items.length > 0 && (
          <ul className="reviews">
            {rated.items.map((review) => (
              <RatedItem key={review.id} lang={lang} t={t} review={review} />
            ))}
          </ul>
        )}
      </div>
      {open && (
        <Suspense
          fallback={
            <p className="reviews-status" role="status">
              {t('isl.reviews.form_loading')}
            </p>
          }
        >
          <ReviewDialog t={t} onSaved={onSaved} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A tab's count, its place kept (invisible) until its list has loaded: on a narrow phone the tabs wrap, and a count
 * appearing later would wrap them anew and push the list down (a layout shift).
 */
function TabCount({ ready, count }: { ready: boolean; count: number }) {
  return (
    <span className="reviews-count" data-ready={ready} aria-hidden={!ready}>
      {` (${ready ? count : 0})`}
    </span>
  );
}
