/**
 * /{lang}/profile/orders (spec §2 Profile, §4): the tabs all / cancelled /
 * delivered / active (an ARIA tablist: arrow keys, Home and End; the tab is
 * kept in `?tab=`), each a list of the shopper's orders with number, date,
 * status, payment state, total and its lines' pictures, "show more" while the API has more pages,
 * and cancelling behind the prompt. A visitor sees 'sign in to access'.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ORDER_TABS, type OrderTab } from '#contract/order-status.ts';
import type { Lang } from '#contract/schemas.ts';
import type { Order } from '../../../backend/orders.ts';
import { tabFromQuery } from '../rules/orders.ts';
import { tabAfterKey } from '../../../shared/tabs.ts';
import { makeT, type Labels, type LabelKey, type Translate } from '../../../i18n/messages.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import { $cancelling, $orderLists, $orderListState, loadOrders, loadOrdersOnce } from '../state/orders.ts';
import RetryButton from '../../../shared/ui/RetryButton.tsx';
import SignInGate from '../../../shared/ui/SignInGate.tsx';
import CancelDialog from './CancelDialog.tsx';
import { LoadFailed, OrdersUnavailable } from './parts.tsx';
import OrderListItem from './OrderListItem.tsx';
import '../../../shared/ui/tiles.css';
import './orders.css';

export default function OrdersPage({ lang, labels }: { lang: Lang; labels: Labels<'orders'> }) {
  const t = makeT(labels);
  return (
    <SignInGate message={t('isl.auth.sign_in_to_access')} login={t('isl.auth.login')}>
      <OrderTabs lang={lang} t={t} />
    </SignInGate>
  );
}

const tabId = (tab: OrderTab) => `orders-tab-${tab}`;
const PANEL_ID = 'orders-panel';

function OrderTabs({ lang, t }: { lang: Lang; t: Translate<LabelKey<'orders'>> }) {
  return hasCapability('ordersList') ? <OrderTabList lang={lang} t={t} /> : <OrdersUnavailable t={t} />;
}

function OrderTabList({ lang, t }: { lang: Lang; t: Translate<LabelKey<'orders'>> }) {
  // Rendered in the browser only (inside the sign-in gate): the address can be read at once.
  const [tab, setTab] = useState<OrderTab>(() => tabFromQuery(location.search));
  const lists = useStore($orderLists);
  const states = useStore($orderListState);
  const cancelling = useStore($cancelling);
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const list = lists[tab];
  const state = states[tab];

  // A tab not loaded yet, or dropped after a cancel, loads when shown; after a failure it waits for the retry.
  useEffect(() => loadOrdersOnce(tab), [tab, list, state]);

  // "Show more" goes away on the last page: focus moves on to the first order it brought.
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const at = firstNew.current;
    if (at === null || !list || list.orders.length <= at) return;
    firstNew.current = null;
    document.querySelectorAll<HTMLElement>(`#${PANEL_ID} .orders-item-title a`)[at]?.focus();
  }, [list]);
  const showMore = () => {
    firstNew.current = list?.orders.length ?? null;
    void loadOrders(tab, { more: true });
  };

  const select = (next: OrderTab, focus = false) => {
    firstNew.current = null;
    setTab(next);
    setNotice('');
    const url = new URL(location.href);
    if (next === 'all') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next);
    history.replaceState(history.state, '', url);
    if (focus) document.getElementById(tabId(next))?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(ORDER_TABS, tab, event.key);
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <div className="orders" data-testid="orders">
      <div className="orders-tabs" role="tablist" aria-label={t('isl.orders.tabs')}>
        {ORDER_TABS.map((each) => (
          <button
            key={each}
            id={tabId(each)}
            type="button"
            role="tab"
            aria-selected={each === tab}
            aria-controls={PANEL_ID}
            tabIndex={each === tab ? 0 : -1}
            onClick={() => select(each)}
            onKeyDown={onTabKey}
            data-tab={each}
          >
            {t(`isl.orders.tab_${each}`)}
          </button>
        ))}
      </div>
      <p className="orders-notice" role="status" tabIndex={-1} ref={noticeRef} data-testid="orders-notice">
        {notice}
      </p>
      <div
        id={PANEL_ID}
        className="orders-panel"
        role="tabpanel"
        aria-labelledby={tabId(tab)}
        aria-busy={state === 'loading'}
        data-testid="orders-panel"
        data-tab={tab}
      >
        {!list && state === 'failed' ? (
          <LoadFailed
            failure={t('isl.orders.load_failed')}
            testId="orders-failed"
            onRetry={() => void loadOrders(tab)}
            t={t}
          />
        ) : !list ? (
          <p className="island-status" role="status">
            {t('isl.orders.loading')}
          </p>
        ) : list.orders.length === 0 ? (
          <p className="island-status" data-testid="orders-empty">
            {t('isl.orders.empty')}
          </p>
        ) : (
          <>
            <ul className="orders-list" data-testid="orders-list">
              {list.orders.map((order) => (
                <OrderListItem
                  key={order.id}
                  lang={lang}
                  t={t}
                  order={order}
                  cancelling={cancelling !== null}
                  onCancel={() => setConfirming(order)}
                />
              ))}
            </ul>
            {list.next !== null && (
              <div className="orders-more">
                <RetryButton
                  failure={state === 'failed' && t('isl.orders.more_failed')}
                  failureClass="orders-failure"
                  failureTestId="orders-more-failed"
                  className="orders-secondary"
                  aria-busy={state === 'loading'}
                  onClick={showMore}
                  data-testid="orders-more"
                >
                  {t('isl.orders.more')}
                </RetryButton>
              </div>
            )}
          </>
        )}
      </div>
      <CancelDialog
        order={confirming}
        t={t}
        onClose={(cancelled) => {
          setConfirming(null);
          if (!cancelled) return;
          setNotice(t('isl.orders.cancelled', { number: cancelled.number }));
          // The cancel button is gone with the order's change: focus the message that says what happened.
          noticeRef.current?.focus();
        }}
      />
    </div>
  );
}
