import type { Db } from './db.ts';
import type { SignInLimits } from './sign-in-guard.ts';
import type { SmsSender } from './sms.ts';

/** Everything a handler needs besides its input. */
export interface AppContext {
  db: Db;
  now: () => number;
  /** Origin of absolute media URLs, without a trailing slash. */
  publicUrl: string;
  secret: string;
  sms: SmsSender;
  dataDir: string;
  /** Bytes of review images one user may keep. */
  uploadQuotaBytes: number;
  /** Storefront origin, for payment return URLs. */
  siteUrl: string;
  /** Payment providers; null when not configured (then the sandbox serves it, see payments.ts). */
  payme: { merchantId: string } | null;
  click: { serviceId: string; merchantId: string } | null;
  /** Keys the providers' merchant callbacks authenticate with (api/merchant.ts); null: that callback refuses all. */
  merchantKeys: { payme: string | null; click: string | null };
  /** The card acquirer's hosted checkout (MasterCard, online card): a URL template, see payments.ts. */
  card: { checkoutUrl: string } | null;
  /** NODE_ENV=production: no payment sandbox, no test routes. */
  production: boolean;
  /**
   * The payment sandbox serves every online method: outside production, and only while no provider is configured
   * (no merchant id, key or card checkout), so it never runs beside a live provider (payments.ts).
   */
  sandbox: boolean;
  /** An unpaid online order is cancelled this long after it was placed (api/unpaid.ts). */
  paymentTtlMs: number;
  /** Units one shopper's unpaid orders under way may hold. */
  unpaidUnits: number;
  /** SMS budgets, the proof of work and the wrong codes per address (api/sign-in-guard.ts). */
  signInLimits: SignInLimits;
  /** Signs payment sandbox links; drawn at start-up. */
  sandboxKey: Uint8Array;
}
