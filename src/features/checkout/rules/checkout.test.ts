import { describe, expect, it } from 'vitest';
import type { Address } from '#contract/schemas.ts';
import { PaymentMethod } from '#contract/schemas.ts';
import {
  PAYMENT_METHODS,
  decodeSelection,
  isValid,
  missingCustomerFields,
  offeredMethods,
  outOfStockProducts,
  profileName,
  selectedLines,
  validateCheckout,
  type CheckoutForm,
} from './checkout.ts';
import { isPayLinkMethod } from '../../orders/rules/orders.ts';

const address: Address = {
  region: 'Qashqadaryo viloyati',
  city: 'Qarshi shahri',
  street: 'Islom Karimov koʻchasi',
  home: '12',
  etaj: '3',
  latitude: 38.8606,
  longitude: 65.795,
  display_name: 'Islom Karimov koʻchasi, Qarshi',
  delivery_type: 'city',
};
const complete: CheckoutForm = { address, payment: 'cash', name: 'Ali Valiyev', phone: '+998 (90) 123-45-67' };

describe('validateCheckout (spec §5 checkout)', () => {
  it('a complete form has no errors', () => {
    expect(validateCheckout(complete)).toEqual({});
    expect(isValid(validateCheckout(complete))).toBe(true);
  });

  it('no address: no_address beside the address', () => {
    expect(validateCheckout({ ...complete, address: null })).toEqual({ address: 'no_address' });
  });

  it('no payment method: no_payment beside the methods', () => {
    expect(validateCheckout({ ...complete, payment: null })).toEqual({ payment: 'no_payment' });
  });

  it.each([
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['an empty phone', { phone: '' }],
    ['an incomplete phone', { phone: '+998 90 123' }],
    ['a phone of another country', { phone: '+7 912 345 67 89' }],
  ])('%s: no_user_data beside the customer fields', (_, change) => {
    expect(validateCheckout({ ...complete, ...change })).toEqual({ user: 'no_user_data' });
  });

  it('names which customer field is missing', () => {
    expect(missingCustomerFields({ name: ' ', phone: '+998 (90) 123-45-67' })).toEqual({ name: true, phone: false });
    expect(missingCustomerFields({ name: 'Ali', phone: '+998 90 123' })).toEqual({ name: false, phone: true });
    expect(missingCustomerFields({ name: '', phone: '' })).toEqual({ name: true, phone: true });
    expect(missingCustomerFields({ name: 'Ali', phone: '+998 (90) 123-45-67' })).toEqual({ name: false, phone: false });
  });

  it('every error at once', () => {
    const errors = validateCheckout({ address: null, payment: null, name: '', phone: '' });
    expect(errors).toEqual({ address: 'no_address', payment: 'no_payment', user: 'no_user_data' });
    expect(isValid(errors)).toBe(false);
  });
});

describe('payment methods (spec §3)', () => {
  it('offers exactly the contract methods', () => {
    expect([...PAYMENT_METHODS].sort()).toEqual([...PaymentMethod.options].sort());
  });

  it('Payme, Click, MasterCard and online card are paid through a pay link', () => {
    expect(PAYMENT_METHODS.filter(isPayLinkMethod)).toEqual(['payme', 'click', 'mastercard', 'card']);
  });
});

describe('the selection carried from the basket', () => {
  it('decodes product and feature pairs, dropping bad and repeated ones', () => {
    expect(
      decodeSelection(
        JSON.stringify([
          { product: 5, feature: 2 },
          { product: 5, feature: 2 },
          { product: 7, feature: null },
          { product: 8 },
          { product: 'x', feature: 1 },
          { product: 9, feature: 'bad' },
          null,
          3,
        ]),
      ),
    ).toEqual([
      { product: 5, feature: 2 },
      { product: 7, feature: null },
      { product: 8, feature: null },
    ]);
  });

  it.each([null, undefined, '', 'not json', '{}', '[]', '[1,2]'])('%j gives no selection', (raw) => {
    expect(decodeSelection(raw)).toBeNull();
  });

  const line = (source: 'server' | 'local', id: number, product: number, feature: number | null) => ({
    source,
    id,
    product: { id: product },
    feature: feature === null ? null : { id: feature },
  });

  it('maps the selection onto server lines by product and feature (local ids are gone after sign-in)', () => {
    const lines = [line('server', 41, 5, 2), line('server', 42, 5, 3), line('server', 43, 7, null)];
    expect(
      selectedLines(lines, [
        { product: 5, feature: 2 },
        { product: 7, feature: null },
      ]).map((l) => l.id),
    ).toEqual([41, 43]);
  });

  it('a feature line and a plain line of one product are different lines', () => {
    const lines = [line('server', 1, 5, null), line('server', 2, 5, 2)];
    expect(selectedLines(lines, [{ product: 5, feature: null }]).map((l) => l.id)).toEqual([1]);
  });

  it('selected lines no longer in the basket are left out; no selection means the whole basket', () => {
    const lines = [line('local', 1, 5, null)];
    expect(selectedLines(lines, [{ product: 6, feature: null }])).toEqual([]);
    expect(selectedLines(lines, null)).toEqual(lines);
  });
});

describe('outOfStockProducts', () => {
  it('reads the product ids the 400 names', () => {
    expect(
      outOfStockProducts({ items: ['A: sold out', 'B: only 1 left'], 'product.7': ['A'], 'product.12': ['B'] }),
    ).toEqual([7, 12]);
  });

  it('no errors, or other fields, name none', () => {
    expect(outOfStockProducts(undefined)).toEqual([]);
    expect(outOfStockProducts({ items: ['x'], address: ['y'], 'product.x': ['z'] })).toEqual([]);
  });
});

describe('profileName', () => {
  it('joins first and last name, skipping blanks', () => {
    expect(profileName({ first_name: ' Ali ', last_name: 'Valiyev' })).toBe('Ali Valiyev');
    expect(profileName({ first_name: '', last_name: 'Valiyev' })).toBe('Valiyev');
    expect(profileName({ first_name: '', last_name: '' })).toBe('');
  });
});

describe('offeredMethods', () => {
  it('keeps the methods the shop names that the storefront knows, in the storefront order', () => {
    expect(offeredMethods({ methods: ['cash', 'bitcoin', 'payme'] })).toEqual(['payme', 'cash']);
  });
  it('offers every method when the answer names none it knows', () => {
    for (const answer of [null, {}, { methods: 'cash' }, { methods: [] }, { methods: ['bitcoin'] }, []])
      expect(offeredMethods(answer)).toBeNull();
  });
});
