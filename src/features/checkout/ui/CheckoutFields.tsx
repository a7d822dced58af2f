/**
 * What a signed-in shopper fills in at checkout: the delivery address (the picker changes it), the payment method,
 * and the customer's name and phone, each with its error beside it. A field in error is marked `data-invalid`, and
 * the control that should take the focus `data-focus-first`.
 */
import type { Address, PaymentMethod } from '#contract/schemas.ts';
import { openAddressPicker, shortAddress } from '../../address/index.ts';
import { missingCustomerFields, type CheckoutErrors } from '../rules/checkout.ts';
import { formatUzPhone } from '../../../shared/uz-phone.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';

type T = Translate<LabelKey<'checkout'>>;

const errorId = (errors: CheckoutErrors, field: keyof CheckoutErrors) =>
  errors[field] ? `checkout-${field}-error` : undefined;

export function AddressField({ t, errors, address }: { t: T; errors: CheckoutErrors; address: Address | null }) {
  return (
    <fieldset
      className="checkout-field"
      aria-describedby={errorId(errors, 'address')}
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
  );
}

export function PaymentField({
  t,
  errors,
  methods,
  payment,
  onChange,
}: {
  t: T;
  errors: CheckoutErrors;
  methods: readonly PaymentMethod[];
  payment: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
}) {
  return (
    <fieldset
      className="checkout-field"
      aria-describedby={errorId(errors, 'payment')}
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
              onChange={() => onChange(method)}
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
  );
}

/** The customer's name and phone; the phone is formatted as it is typed. */
export function CustomerField({
  t,
  errors,
  name,
  phone,
  onName,
  onPhone,
}: {
  t: T;
  errors: CheckoutErrors;
  name: string;
  phone: string;
  onName: (name: string) => void;
  onPhone: (phone: string) => void;
}) {
  const missing = errors.user ? missingCustomerFields({ name, phone }) : null;
  return (
    <fieldset
      className="checkout-field"
      aria-describedby={errorId(errors, 'user')}
      data-invalid={errors.user ? true : undefined}
    >
      <legend>{t('isl.checkout.customer')}</legend>
      <label className="checkout-input">
        {t('isl.checkout.name')}
        <input
          name="name"
          autoComplete="name"
          value={name}
          aria-invalid={missing?.name ? true : undefined}
          aria-describedby={missing?.name ? 'checkout-name-error' : undefined}
          data-focus-first={missing?.name ? true : undefined}
          onChange={(e) => onName(e.target.value)}
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
          value={phone}
          inputMode="tel"
          aria-invalid={missing?.phone ? true : undefined}
          aria-describedby={missing?.phone ? 'checkout-phone-error' : undefined}
          data-focus-first={missing?.phone && !missing.name ? true : undefined}
          onChange={(e) => onPhone(formatUzPhone(e.target.value))}
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
  );
}
