/**
 * /{lang}/orders-confirmation (spec §3, §5): the lines selected in the basket,
 * the delivery address (the picker changes it), the payment method, the
 * customer's name and phone (prefilled from the profile), validation beside
 * each field and "place order". A visitor signs in first (the header's
 * sign-in modal, through `[data-sign-in]`); the selection survives the reload.
 */
import { SMALL_PHOTO } from '../../../shared/image-url.ts';
import { photoProps } from '../../../shared/ui/photo.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Lang, PaymentMethod } from '#contract/schemas.ts';
import { shortAddress } from '../../address/index.ts';
import { totals, type BasketLine } from '../../basket/index.ts';
import {
  isValid,
  missingCustomerFields,
  profileName,
  selectedLines,
  validateCheckout,
  type CheckoutErrors,
} from '../rules/checkout.ts';
import { formatUzPhone, toUzE164 } from '../../../shared/uz-phone.ts';
import { formatPrice } from '../../../shared/price.ts';
import { featureText } from '../../../shared/product.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';
import { $address, openAddressPicker } from '../../address/index.ts';
import { $localBasket, $pendingBasket, loadBasket } from '../../basket/index.ts';
import { $basketLoaded, $basketLines, loadLocalProducts } from '../../basket/index.ts';
import {
  $deliveryQuote,
  $paymentMethods,
  $placing,
  checkLines,
  placeOrder,
  readCheckoutSelection,
  type LineCheck,
  type OrderFailure,
} from '../state/checkout.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import { $profile, loadProfile } from '../../profile/index.ts';
import { $signedIn } from '../../../backend/tokens.ts';
import { useHydrated } from '../../../shared/ui/hydrated.ts';
import './checkout.css';

/** How a shopper orders when the backend takes no orders online: the shop's phone and support bot. */
export interface ShopContact {
  phone: string;
  phoneHref: string;
  supportBot: string;
}

export default function CheckoutPage({
  lang,
  labels,
  contact,
}: {
  lang: Lang;
  labels: Labels<'checkout'>;
  contact: ShopContact;
}) {
  const t = makeT(labels);
  const signedIn = useStore($signedIn);
  const loaded = useStore($basketLoaded);
  const entries = useStore($localBasket);
  const pending = useStore($pendingBasket);
  const allLines = useStore($basketLines);
  const address = useStore($address);
  const profile = useStore($profile);
  const busy = useStore($placing);
  const hydrated = useHydrated();
  const [selection] = useState(readCheckoutSelection);
  const methods = useStore($paymentMethods);
  const [chosenPayment, setPayment] = useState<PaymentMethod | null>(null);
  // A method chosen before the shop said it does not take it is chosen no more.
  const payment = chosenPayment && methods.includes(chosenPayment) ? chosenPayment : null;
  const [name, setName] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const [unpaid, setUnpaid] = useState<{ number: string; next: string } | null>(null);
  // The lines being ordered: they stay shown while the basket is refetched and the next page loads.
  const [ordered, setOrdered] = useState<BasketLine[] | null>(null);
  // What delivery costs (the API decides: free on the first order), null while unknown.
  const quote = useStore($deliveryQuote);
  // Lines found unsaved when the order was checked: left out of it, named in `notice`, until the shopper confirms again.
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<LineCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if ($signedIn.get()) {
      void loadBasket();
      void loadProfile();
    }
  }, []);
  useEffect(() => {
    if (hydrated) void loadLocalProducts();
  }, [entries, pending, hydrated]);

  // Browser storage is read only once hydrated, so the first render matches the prerendered page.
  const shown = useMemo(
    () => (hydrated ? selectedLines(allLines, selection).filter((l) => !excluded.has(l.key)) : []),
    [hydrated, allLines, selection, excluded],
  );
  const lines = ordered ?? shown;
  const sum = totals(lines);
  const waiting = !hydrated || !loaded;
  // Typed values win; until then the profile's.
  const nameValue = name ?? (profile ? profileName(profile) : '');
  const phoneValue = phone ?? (profile ? formatUzPhone(profile.phone_number) : '');
  const errors: CheckoutErrors = checked
    ? validateCheckout({ address, payment, name: nameValue, phone: phoneValue })
    : {};
  const missing = errors.user ? missingCustomerFields({ name: nameValue, phone: phoneValue }) : null;

  if (unpaid) {
    return (
      <section className="checkout" data-testid="checkout">
        <p className="checkout-failure" role="alert" data-testid="checkout-failure">
          {t('isl.checkout.pay_link_failed', { number: unpaid.number })}
        </p>
        <a className="checkout-place" href={unpaid.next} data-testid="checkout-pay-later">
          {t('isl.checkout.pay_later')}
        </a>
      </section>
    );
  }
  if (lines.length === 0) {
    return (
      <section className="checkout" data-testid="checkout">
        {waiting ? (
          <p className="island-status" role="status">
            {t('isl.checkout.loading')}
          </p>
        ) : (
          <p
            className="island-status"
            role={notice ? 'alert' : undefined}
            data-testid={notice ? 'checkout-notice' : undefined}
          >
            {notice
              ? t('isl.checkout.left_out', { titles: notice.leftOut.map((l) => l.product.title).join(', ') })
              : t('isl.checkout.empty')}{' '}
            <a href={localizedPath(lang, '/basket')}>{t('isl.checkout.back_to_basket')}</a>
          </p>
        )}
      </section>
    );
  }

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    // The errors are drawn at once, so the first of them can take the focus.
    flushSync(() => setChecked(true));
    const form = { address, payment, name: nameValue, phone: phoneValue };
    const customerPhone = toUzE164(form.phone);
    if (!isValid(validateCheckout(form)) || !form.address || !form.payment || !customerPhone) {
      showFirstError();
      return;
    }
    setFailure(null);
    setChecking(true);
    const check = await checkLines(lines).finally(() => setChecking(false));
    if (check.leftOut.length || check.changed.length) {
      // Never ordered silently: unsaved lines leave the order, changed prices show, and the shopper confirms again.
      setExcluded(new Set([...excluded, ...check.leftOut.map((l) => l.key)]));
      setNotice(check);
      return;
    }
    setNotice(null);
    setOrdered(check.saved);
    const result = await placeOrder(
      { lines: check.saved, address: form.address, payment: form.payment, name: form.name, phone: customerPhone },
      lang,
    );
    if (result.ok === false) {
      setFailure(result.failure);
      setOrdered(null);
    } else if (result.ok === 'unpaid') setUnpaid({ number: result.order.number, next: result.next });
    else location.assign(result.next);
  };

  /** On a phone the errors sit above the button: the first one is brought into view and its control focused. */
  const showFirstError = () => {
    const field = formRef.current?.querySelector<HTMLElement>('[data-invalid]');
    if (!field) return;
    const control = field.querySelector<HTMLElement>('[data-focus-first]') ?? field.querySelector('input, button');
    field.scrollIntoView({ block: 'center' });
    control?.focus({ preventScroll: true });
  };

  const stockTitles = lines.filter((l) => failure?.outOfStock.includes(l.product.id)).map((l) => l.product.title);
  const errorId = (field: keyof CheckoutErrors) => (errors[field] ? `checkout-${field}-error` : undefined);

  return (
    <form ref={formRef} className="checkout" data-testid="checkout" noValidate onSubmit={(event) => void submit(event)}>
      <div className="checkout-main">
        <section aria-labelledby="checkout-lines">
          <h2 id="checkout-lines">{t('isl.checkout.lines')}</h2>
          <ul className="checkout-lines" data-testid="checkout-lines">
            {lines.map((line) => {
              const short = failure?.outOfStock.includes(line.product.id) ?? false;
              return (
                <li
                  key={line.key}
                  className="checkout-line"
                  data-product={line.product.id}
                  data-out-of-stock={short || undefined}
                  data-status={line.status}
                >
                  <img {...photoProps(line.product.image, SMALL_PHOTO)} alt="" width="64" height="64" loading="lazy" />
                  <div>
                    <span className="checkout-title">{line.product.title}</span>
                    {line.feature && line.feature.attributes.length > 0 && (
                      <span className="checkout-feature">{featureText(line.feature)}</span>
                    )}
                    {short && <strong className="checkout-short">{t('isl.checkout.out_of_stock')}</strong>}
                    {line.status !== 'saved' && (
                      <strong className="checkout-short" data-testid="checkout-line-status">
                        {line.status === 'refused'
                          ? `${t('isl.checkout.not_saved')}${line.reason ? `: ${line.reason}` : ''}`
                          : t('isl.basket.status_waiting')}
                      </strong>
                    )}
                  </div>
                  <span className="checkout-price">
                    {t('isl.checkout.line_price', { quantity: line.quantity, price: formatPrice(line.price, lang) })}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>

        {!hasCapability('orders') ? (
          <section className="checkout-sign-in" role="status" data-testid="checkout-unavailable">
            <p>{t('isl.checkout.unavailable')}</p>
            <p>
              <a className="checkout-place" href={contact.phoneHref}>
                {t('isl.checkout.call', { phone: contact.phone })}
              </a>{' '}
              <a className="checkout-secondary" href={contact.supportBot} rel="noopener" target="_blank">
                {t('isl.checkout.bot')}
              </a>
            </p>
          </section>
        ) : !signedIn ? (
          <section className="checkout-sign-in" data-testid="checkout-sign-in">
            <p>{t('isl.checkout.sign_in_needed')}</p>
            <button type="button" className="checkout-place" data-sign-in>
              {t('isl.checkout.sign_in')}
            </button>
          </section>
        ) : (
          <>
            <fieldset
              className="checkout-field"
              aria-describedby={errorId('address')}
              data-invalid={errors.address ? true : undefined}
            >
              <legend>{t('isl.checkout.address')}</legend>
              <p data-testid="checkout-address">
                {address ? `${shortAddress(address)} — ${address.display_name}` : t('isl.checkout.address_none')}
              </p>
              <button type="button" className="checkout-secondary" onClick={() => void openAddressPicker()}>
                {address ? t('isl.checkout.address_change') : t('isl.checkout.address_choose')}
              </button>
              {errors.address && (
                <p id="checkout-address-error" className="checkout-error">
                  {t('isl.checkout.no_address')}
                </p>
              )}
            </fieldset>

            <fieldset
              className="checkout-field"
              aria-describedby={errorId('payment')}
              data-invalid={errors.payment ? true : undefined}
            >
              <legend>{t('isl.checkout.payment')}</legend>
              <div className="checkout-methods">
                {methods.map((method) => (
                  <label key={method} className="checkout-method">
                    <input
                      type="radio"
                      name="payment"
                      value={method}
                      checked={payment === method}
                      onChange={() => setPayment(method)}
                    />{' '}
                    {t(`isl.checkout.pay_${method}`)}
                  </label>
                ))}
              </div>
              {errors.payment && (
                <p id="checkout-payment-error" className="checkout-error">
                  {t('isl.checkout.no_payment')}
                </p>
              )}
            </fieldset>

            <fieldset
              className="checkout-field"
              aria-describedby={errorId('user')}
              data-invalid={errors.user ? true : undefined}
            >
              <legend>{t('isl.checkout.customer')}</legend>
              <label className="checkout-input">
                {t('isl.checkout.name')}
                <input
                  name="name"
                  autoComplete="name"
                  value={nameValue}
                  aria-invalid={missing?.name ? true : undefined}
                  aria-describedby={missing?.name ? 'checkout-name-error' : undefined}
                  data-focus-first={missing?.name ? true : undefined}
                  onChange={(e) => setName(e.target.value)}
                />
              </label>
              {missing?.name && (
                <p id="checkout-name-error" className="checkout-error">
                  {t('isl.checkout.no_name')}
                </p>
              )}
              <label className="checkout-input">
                {t('isl.checkout.phone')}
                <input
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  value={phoneValue}
                  inputMode="tel"
                  aria-invalid={missing?.phone ? true : undefined}
                  aria-describedby={missing?.phone ? 'checkout-phone-error' : undefined}
                  data-focus-first={missing?.phone && !missing.name ? true : undefined}
                  onChange={(e) => setPhone(formatUzPhone(e.target.value))}
                />
              </label>
              {missing?.phone && (
                <p id="checkout-phone-error" className="checkout-error">
                  {t('isl.checkout.no_phone')}
                </p>
              )}
              {errors.user && (
                <p id="checkout-user-error" className="checkout-error">
                  {t('isl.checkout.no_user_data')}
                </p>
              )}
            </fieldset>
          </>
        )}
      </div>

      <aside className="checkout-summary" aria-label={t('isl.basket.summary')}>
        <h2>{t('isl.basket.summary')}</h2>
        <dl>
          <dt>{t('isl.basket.items', { count: sum.count })}</dt>
          <dd>{formatPrice(sum.subtotal, lang)}</dd>
          <dt>{t('isl.basket.discount')}</dt>
          <dd>{formatPrice(sum.discount, lang)}</dd>
          {signedIn && quote && (
            <>
              <dt>{t('isl.checkout.delivery')}</dt>
              <dd data-testid="checkout-delivery" data-fee={quote.fee}>
                {quote.first_order
                  ? t('isl.checkout.delivery_free_first')
                  : address
                    ? formatPrice(quote.fee, lang)
                    : t('isl.checkout.delivery_by_address')}
              </dd>
            </>
          )}
        </dl>
      </aside>
      {/* The total and the confirm button: beside the summary on a wide screen, held at the bottom on a phone. */}
      <div className="checkout-pay">
        <dl>
          <dt>{t('isl.basket.total')}</dt>
          <dd data-testid="checkout-total">
            {formatPrice(sum.total + (signedIn && quote && address ? quote.fee : 0), lang)}
          </dd>
        </dl>
        {notice && (
          <div className="checkout-failure" role="alert" data-testid="checkout-notice">
            {notice.leftOut.length > 0 && (
              <p>{t('isl.checkout.left_out', { titles: notice.leftOut.map((l) => l.product.title).join(', ') })}</p>
            )}
            {notice.changed.length > 0 && (
              <p>
                {t('isl.checkout.price_changed', { titles: notice.changed.map((l) => l.product.title).join(', ') })}
              </p>
            )}
          </div>
        )}
        {failure && (
          <div className="checkout-failure" role="alert" data-testid="checkout-failure">
            <p>{t('isl.checkout.failed')}</p>
            {stockTitles.length > 0 ? (
              <p>{t('isl.checkout.failed_stock', { titles: stockTitles.join(', ') })}</p>
            ) : (
              <p>{failure.detail ?? t('isl.checkout.failed_generic')}</p>
            )}
          </div>
        )}
        {signedIn && hasCapability('orders') && (
          <button
            type="submit"
            className="checkout-place"
            disabled={busy || checking || lines.some((l) => l.known === false)}
            aria-busy={busy || checking}
            data-testid="checkout-place"
          >
            {busy || checking ? t('isl.checkout.placing') : t('isl.checkout.place')}
          </button>
        )}
      </div>
    </form>
  );
}
