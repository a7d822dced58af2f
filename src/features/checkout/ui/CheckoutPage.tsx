/**
 * /{lang}/orders-confirmation (spec §3, §5): the lines selected in the basket,
 * the delivery address (the picker changes it), the payment method, the
 * customer's name and phone (prefilled from the profile), validation beside
 * each field and "place order". A visitor signs in first (the header's
 * sign-in modal, through `[data-sign-in]`); the selection survives the reload.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Lang, PaymentMethod } from '#contract/schemas.ts';
import { totals } from '../../basket/index.ts';
import { isValid, profileName, selectedLines, validateCheckout, type CheckoutErrors } from '../rules/checkout.ts';
import { formatUzPhone, toUzE164 } from '../../../shared/uz-phone.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';
import { $address } from '../../address/index.ts';
import { $localBasket, $pendingBasket, loadBasket } from '../../basket/index.ts';
import { $basketLoaded, $basketLines, loadLocalProducts } from '../../basket/index.ts';
import { $deliveryQuote, $paymentMethods, checkLines, placeOrder, readCheckoutSelection } from '../state/checkout.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import { $profile, loadProfile } from '../../profile/index.ts';
import { $signedIn } from '../../../backend/tokens.ts';
import { useHydrated } from '../../../shared/ui/hydrated.ts';
import CheckoutLines from './CheckoutLines.tsx';
import { AddressField, CustomerField, PaymentField } from './CheckoutFields.tsx';
import { CheckoutPay, CheckoutSummary } from './CheckoutSummary.tsx';
import { mustConfirm, SUBMIT_IDLE, submitStep, submitView } from './submit.ts';
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
  const hydrated = useHydrated();
  const [selection] = useState(readCheckoutSelection);
  const methods = useStore($paymentMethods);
  const [chosenPayment, setPayment] = useState<PaymentMethod | null>(null);
  // A method chosen before the shop said it does not take it is chosen no more.
  const payment = chosenPayment && methods.includes(chosenPayment) ? chosenPayment : null;
  const [name, setName] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [submitState, dispatch] = useReducer(submitStep, SUBMIT_IDLE);
  const { ordered, notice, failure, busy } = submitView(submitState);
  // What delivery costs (the API decides: free on the first order), null while unknown.
  const quote = useStore($deliveryQuote);
  // Lines found unsaved when the order was checked: left out of it, named in `notice`, until the shopper confirms again.
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
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

  if (submitState.phase === 'unpaid') {
    return (
      <section className="checkout" data-testid="checkout">
        <p className="checkout-failure" role="alert" data-testid="checkout-failure">
          {t('isl.checkout.pay_link_failed', { number: submitState.number })}
        </p>
        <a className="checkout-place" href={submitState.next} data-testid="checkout-pay-later">
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
    dispatch({ type: 'check' });
    const check = await checkLines(lines).catch((error: unknown) => {
      dispatch({ type: 'check-failed' });
      throw error;
    });
    dispatch({ type: 'checked', check });
    if (mustConfirm(check)) {
      // Never ordered silently: unsaved lines leave the order, changed prices show, and the shopper confirms again.
      setExcluded(new Set([...excluded, ...check.leftOut.map((l) => l.key)]));
      return;
    }
    const result = await placeOrder(
      { lines: check.saved, address: form.address, payment: form.payment, name: form.name, phone: customerPhone },
      lang,
    );
    dispatch({ type: 'placed', result });
    if (result.ok === true) location.assign(result.next);
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
  const fee = signedIn && quote && address ? quote.fee : 0;

  return (
    <form ref={formRef} className="checkout" data-testid="checkout" noValidate onSubmit={(event) => void submit(event)}>
      <div className="checkout-main">
        <CheckoutLines lang={lang} t={t} lines={lines} outOfStock={failure?.outOfStock} />
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
            <AddressField t={t} errors={errors} address={address} />
            <PaymentField t={t} errors={errors} methods={methods} payment={payment} onChange={setPayment} />
            <CustomerField
              t={t}
              errors={errors}
              name={nameValue}
              phone={phoneValue}
              onName={setName}
              onPhone={setPhone}
            />
          </>
        )}
      </div>
      <CheckoutSummary lang={lang} t={t} sum={sum} quote={signedIn ? quote : null} hasAddress={address !== null} />
      <CheckoutPay
        lang={lang}
        t={t}
        total={sum.total + fee}
        notice={notice}
        failure={failure}
        stockTitles={stockTitles}
        canPlace={signedIn && hasCapability('orders')}
        busy={busy}
        disabled={lines.some((l) => l.known === false)}
      />
    </form>
  );
}
