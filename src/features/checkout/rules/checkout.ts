/**
 * Checkout rules (spec §3 payment options, §5 checkout validation), pure: the
 * basket selection carried from the basket page, its mapping onto the lines
 * shown (server items after sign-in), the form's validation and the way each
 * payment method is paid.
 */
import type { Address, PaymentMethod } from '#contract/schemas.ts';
import { isCompleteUzPhone } from '../../../shared/uz-phone.ts';
import { parseJson, toPositiveInt } from '../../../shared/storage.ts';

/** Spec §3, in the order shown. */
export const PAYMENT_METHODS = [
  'payme',
  'click',
  'mastercard',
  'card',
  'cash',
  'installment',
] as const satisfies readonly PaymentMethod[];

/**
 * The methods checkout offers, from the shop's answer of what it takes now:
 * those it names that the storefront knows, in the order of PAYMENT_METHODS.
 * Null (offer them all, the order call refuses what is not taken) when the
 * answer names none.
 */
export function offeredMethods(answer: unknown): PaymentMethod[] | null {
  const named = (answer as { methods?: unknown } | null)?.methods;
  if (!Array.isArray(named)) return null;
  const methods = PAYMENT_METHODS.filter((method) => named.includes(method));
  return methods.length > 0 ? methods : null;
}

/**
 * A selected basket line, by what it is rather than by its id: a visitor's
 * local ids are gone once sign-in moves the lines to the server.
 */
export interface SelectedLine {
  product: number;
  feature: number | null;
}

/** The stored selection, without trusting storage: null when there is none (checkout then shows the whole basket). */
export function decodeSelection(raw: string | null | undefined): SelectedLine[] | null {
  const parsed = parseJson(raw);
  if (!Array.isArray(parsed)) return null;
  const lines: SelectedLine[] = [];
  for (const value of parsed as unknown[]) {
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    const product = toPositiveInt(record['product']);
    const rawFeature = record['feature'];
    const feature = rawFeature === null || rawFeature === undefined ? null : toPositiveInt(rawFeature);
    if (product === null || (feature === null && rawFeature !== null && rawFeature !== undefined)) continue;
    if (!lines.some((l) => l.product === product && l.feature === feature)) lines.push({ product, feature });
  }
  return lines.length ? lines : null;
}

/** The lines of the basket that were selected (every line when nothing was). */
export function selectedLines<L extends { product: { id: number }; feature: { id: number } | null }>(
  lines: readonly L[],
  selection: readonly SelectedLine[] | null,
): L[] {
  if (!selection) return [...lines];
  return lines.filter((line) =>
    selection.some((s) => s.product === line.product.id && s.feature === (line.feature?.id ?? null)),
  );
}

export interface CheckoutForm {
  address: Address | null;
  payment: PaymentMethod | null;
  name: string;
  phone: string;
}

/** Spec §5 checkout errors, keyed by the field they are shown beside. */
export interface CheckoutErrors {
  address?: 'no_address';
  payment?: 'no_payment';
  user?: 'no_user_data';
}

export function validateCheckout(form: CheckoutForm): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!form.address) errors.address = 'no_address';
  if (!form.payment) errors.payment = 'no_payment';
  if (!form.name.trim() || !isCompleteUzPhone(form.phone)) errors.user = 'no_user_data';
  return errors;
}

export const isValid = (errors: CheckoutErrors) => Object.keys(errors).length === 0;

/** Which customer field no_user_data is about, so each is named beside its input: an empty name, an incomplete phone. */
export function missingCustomerFields(form: Pick<CheckoutForm, 'name' | 'phone'>): { name: boolean; phone: boolean } {
  return { name: !form.name.trim(), phone: !isCompleteUzPhone(form.phone) };
}

/** Product ids a 400 names as out of stock (`product.{id}` fields of the reference API). */
export function outOfStockProducts(errors: Record<string, string[]> | undefined): number[] {
  return Object.keys(errors ?? {}).flatMap((field) => {
    const id = /^product\.(\d+)$/.exec(field)?.[1];
    return id ? [Number(id)] : [];
  });
}

/** The full customer name of a profile. */
export const profileName = (user: { first_name: string; last_name: string }) =>
  [user.first_name, user.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
