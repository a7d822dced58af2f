/**
 * What the storefront uses beyond the spec's calls, as capabilities a backend
 * has or lacks, and the operator's setting (API_CAPABILITIES) that wins over
 * what the build detects (src/data/capabilities.ts asks the backend). The
 * built site carries the list in effect, where islands and stores ask
 * `hasCapability` and never call what is absent.
 */
export const CAPABILITIES = [
  /** GET /products/catalogue/: every product in full, in pages of 1000 (else one call per product). */
  'catalogue',
  /** GET /stores/ and /stores/{address}/: store pages (else only stores products name, without their details). */
  'stores',
  /** POST /orders/: order placement at checkout (else checkout offers the phone and support bot). */
  'orders',
  /** GET /orders/ and /orders/{id}/: My orders. */
  'ordersList',
  /** POST /orders/{id}/cancel/. */
  'cancel',
  /** POST /orders/{id}/pay/: online payment of an order. */
  'pay',
  /** GET /orders/delivery/: the delivery fee at checkout. */
  'delivery',
  /** GET /orders/payment-methods/: only the payment methods the shop takes now at checkout (else all of them). */
  'paymentMethods',
  /** GET /users/profile/: the personal data page. */
  'profile',
  /** PATCH /users/profile/: saving personal data and the address (else the address stays in the browser). */
  'profileWrite',
  /** POST /users/token/refresh/: renewing an expired session (else the shopper is asked to sign in again). */
  'refresh',
  /** POST /users/logout/: revoking the session on log out (else only the browser forgets it). */
  'logout',
  /** The device token of sign-in (kept only when a verify answers one; not probed). */
  'device',
  /** Installment plans: the installment payment method and monthly prices (not probed). */
  'installments',
  /** POST /comments/ and PUT /comments/{id}/: writing reviews (multipart; fields are the storefront's). */
  'reviewWrite',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const isCapability = (name: string): name is Capability => (CAPABILITIES as readonly string[]).includes(name);

/**
 * The capabilities in effect: those detected, changed by the operator's
 * setting. The setting is a list, `orders,-refresh` (a name adds, a minus
 * removes), `none` or `all` first to start from nothing or everything, or a
 * JSON object `{"orders": true, "refresh": false}`. An unknown name throws, so
 * a typo fails the build instead of being ignored.
 */
export function applyOverride(detected: readonly Capability[], setting: string | undefined): Capability[] {
  const present = new Set(detected);
  const text = setting?.trim() ?? '';
  if (text === '') return CAPABILITIES.filter((name) => present.has(name));
  const changes: [string, boolean][] = text.startsWith('{')
    ? Object.entries(JSON.parse(text) as Record<string, unknown>).map(([name, on]) => [name, on === true])
    : text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => (part.startsWith('-') ? [part.slice(1), false] : [part, true]));
  for (const [name, on] of changes) {
    if (name === 'all' || name === 'none') {
      present.clear();
      if (name === 'all') CAPABILITIES.forEach((capability) => present.add(capability));
      continue;
    }
    if (!isCapability(name))
      throw new Error(`API_CAPABILITIES: unknown capability "${name}" (${CAPABILITIES.join(', ')})`);
    if (on) present.add(name);
    else present.delete(name);
  }
  return CAPABILITIES.filter((name) => present.has(name));
}

/** The capabilities the operator's setting decides either way (those it names, or all after `all` or `none`). */
export function decidedBy(setting: string | undefined): Capability[] {
  const fromAll = applyOverride(CAPABILITIES, setting);
  const fromNone = applyOverride([], setting);
  return CAPABILITIES.filter((name) => fromAll.includes(name) === fromNone.includes(name));
}
