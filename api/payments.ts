/**
 * Payment links, and the payment sandbox of development and tests.
 *
 * The rule: a provider is live when its merchant settings are configured
 * (Payme: PAYME_MERCHANT_ID; Click: CLICK_SERVICE_ID and CLICK_MERCHANT_ID;
 * MasterCard and online card: the acquirer's CARD_CHECKOUT_URL), and its
 * links are the real checkout formats. While no provider setting at all is
 * made (no merchant id, merchant key or card checkout) and outside
 * production, every online method is served by the sandbox, a page of this
 * API where the tester pays or fails: `GET /sandbox/pay/{token}`. Otherwise
 * the sandbox does not exist (its routes are not mounted) and only the
 * configured providers are offered: an order or a payment with another online
 * method is refused.
 *
 * A sandbox token names the order, the method and the language, expires after
 * an hour and is signed with a key drawn at start-up (so it cannot be forged
 * even with the public development AUTH_SECRET; links die with the process).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { canPay, orderPagePath, type PayReturn } from '#contract/order-status.ts';
import type { Lang, OnlinePaymentMethod, Order, PaymentMethod } from '#contract/schemas.ts';
import type { AppContext } from './context.ts';
import { ApiError, fieldError } from './http.ts';
import { markPaid, orderTotal, type OrderRow } from './orders.ts';

export type OnlineMethod = OnlinePaymentMethod;
const TOKEN_MS = 60 * 60 * 1000;
const PROVIDER: Record<OnlineMethod, string> = {
  payme: 'Payme',
  click: 'Click',
  mastercard: 'MasterCard',
  card: 'Online card',
};

/** The storefront page a payment of `order` returns to: always on SITE_URL (contract/order-status.ts). */
const returnUrl = (ctx: AppContext, lang: Lang, order: number, page: PayReturn, failed = false) =>
  `${ctx.siteUrl}${orderPagePath(lang, order, page, failed)}`;

/**
 * Where the shopper pays `order`, then returns to the checkout's success page
 * or (`page` 'order') to the order's page in the profile.
 */
export function paymentUrl(ctx: AppContext, order: Order, method: OnlineMethod, lang: Lang, page: PayReturn): string {
  const back = returnUrl(ctx, lang, order.id, page);
  if (method === 'payme' && ctx.payme) {
    // Payme checkout: base64 of m=merchant;ac.order_id=…;a=amount in tiyin;c=return URL.
    const params = `m=${ctx.payme.merchantId};ac.order_id=${order.id};a=${Math.round(order.price * 100)};c=${back}`;
    return `https://checkout.paycom.uz/${Buffer.from(params).toString('base64')}`;
  }
  if (method === 'click' && ctx.click) {
    const query = new URLSearchParams({
      service_id: ctx.click.serviceId,
      merchant_id: ctx.click.merchantId,
      amount: String(order.price),
      transaction_param: String(order.id),
      return_url: back,
    });
    return `https://my.click.uz/services/pay?${query}`;
  }
  if ((method === 'mastercard' || method === 'card') && ctx.card) {
    // The acquirer's hosted page: {order}, {amount} (so'm), {method} and {return} (URL-encoded) filled in.
    const values: Record<string, string> = {
      order: String(order.id),
      amount: String(order.price),
      method,
      return: encodeURIComponent(back),
    };
    return ctx.card.checkoutUrl.replace(/\{(order|amount|method|return)\}/g, (_, key: string) => values[key]!);
  }
  if (!ctx.sandbox) throw new ApiError(503, `${PROVIDER[method]} payments are not configured.`);
  return `${ctx.publicUrl}/sandbox/pay/${sandboxToken(ctx, { o: order.id, m: method, l: lang, r: page, e: ctx.now() + TOKEN_MS })}`;
}

interface Claim {
  o: number;
  m: OnlineMethod;
  l: Lang;
  /** The storefront page to return to. */
  r: PayReturn;
  /** Expiry, epoch ms. */
  e: number;
}

const signature = (ctx: AppContext, payload: string) =>
  createHmac('sha256', ctx.sandboxKey).update(payload).digest('base64url');

function sandboxToken(ctx: AppContext, claim: Claim): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${signature(ctx, payload)}`;
}

function readSandboxToken(ctx: AppContext, token: string): Claim | null {
  const [payload = '', mac = '', ...rest] = token.split('.');
  const expected = Buffer.from(signature(ctx, payload));
  const given = Buffer.from(mac);
  if (rest.length || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claim;
    return claim.e > ctx.now() ? claim : null;
  } catch {
    return null;
  }
}

export const newSandboxKey = () => randomBytes(32);

/** Whether the shop takes this payment method now: cash and installments always, an online one when live or sandboxed. */
export function offered(ctx: Pick<AppContext, 'sandbox' | 'payme' | 'click' | 'card'>, method: PaymentMethod): boolean {
  switch (method) {
    case 'cash':
    case 'installment':
      return true;
    case 'payme':
      return ctx.sandbox || ctx.payme !== null;
    case 'click':
      return ctx.sandbox || ctx.click !== null;
    case 'mastercard':
    case 'card':
      return ctx.sandbox || ctx.card !== null;
  }
}

/** 400 on `field` for a method the shop does not take, in the shopper's language. */
export const notOffered = (field: string, method: PaymentMethod, lang: Lang) =>
  fieldError(
    field,
    lang === 'ru'
      ? `Способ оплаты ${NAMES[method]} сейчас недоступен.`
      : `${NAMES[method]} orqali toʻlov hozir mavjud emas.`,
  );
const NAMES: Record<PaymentMethod, string> = { ...PROVIDER, cash: 'Cash', installment: 'Installment' };

/** Payme is live when PAYME_MERCHANT_ID is set. */
export const paymeFromEnv = (env: NodeJS.ProcessEnv): AppContext['payme'] =>
  env['PAYME_MERCHANT_ID'] ? { merchantId: env['PAYME_MERCHANT_ID'] } : null;

/** MasterCard and online card are live when CARD_CHECKOUT_URL (an https template) is set. */
export const cardFromEnv = (env: NodeJS.ProcessEnv): AppContext['card'] =>
  env['CARD_CHECKOUT_URL'] ? { checkoutUrl: env['CARD_CHECKOUT_URL'] } : null;

/** Click is live when CLICK_SERVICE_ID and CLICK_MERCHANT_ID are set. */
export const clickFromEnv = (env: NodeJS.ProcessEnv): AppContext['click'] =>
  env['CLICK_SERVICE_ID'] && env['CLICK_MERCHANT_ID']
    ? { serviceId: env['CLICK_SERVICE_ID'], merchantId: env['CLICK_MERCHANT_ID'] }
    : null;

/** The sandbox payment page's words, in both languages (the e2e journeys read them from here). */
export const SANDBOX_TEXT = {
  uz: {
    title: 'Sinov toʻlovi',
    note: 'Bu haqiqiy toʻlov emas: ishlab chiqish muhitida {provider} oʻrnini bosadi.',
    order: 'Buyurtma',
    amount: 'Summa',
    pay: 'Toʻlash',
    fail: 'Toʻlov oʻtmadi',
    paid: 'Bu buyurtma allaqachon toʻlangan.',
    closed: 'Bu buyurtmani toʻlab boʻlmaydi.',
    invalid: 'Havola notoʻgʻri yoki muddati oʻtgan.',
    back: 'Buyurtmaga qaytish',
    sum: 'soʻm',
  },
  ru: {
    title: 'Тестовая оплата',
    note: 'Это не настоящий платёж: в среде разработки он заменяет {provider}.',
    order: 'Заказ',
    amount: 'Сумма',
    pay: 'Оплатить',
    fail: 'Платёж не прошёл',
    paid: 'Этот заказ уже оплачен.',
    closed: 'Этот заказ нельзя оплатить.',
    invalid: 'Ссылка неверна или устарела.',
    back: 'Вернуться к заказу',
    sum: 'сум',
  },
} satisfies Record<Lang, Record<string, string>>;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f6;color:#1a1a1a}
main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:16px}
h1{font-size:1.4rem;margin:0 0 .5rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#555}dd{margin:0;font-weight:700}.row{display:flex;gap:.75rem;flex-wrap:wrap}
button{font:inherit;min-height:44px;padding:.5rem 1.25rem;border-radius:10px;border:1px solid #6d28d9;cursor:pointer}
.pay{background:#6d28d9;color:#fff;font-weight:700}.fail{background:#fff;color:#6d28d9}a{color:#5b21b6}`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const sum = (amount: number) => String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

function page(c: Context, ctx: AppContext, lang: Lang, body: string, status: 200 | 404 | 409 = 200) {
  const t = SANDBOX_TEXT[lang];
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self' ${new URL(ctx.siteUrl).origin}; base-uri 'none'; frame-ancestors 'none'`,
  );
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  return c.html(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta name="robots" content="noindex"><title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head>` +
      `<body><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`,
    status,
  );
}

/** The sandbox pages (development and tests only; see the rule above). */
export function sandboxRoutes(app: Hono, ctx: AppContext): void {
  const load = (token: string) => {
    const claim = readSandboxToken(ctx, token);
    const order = claim && ctx.db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', claim.o);
    return claim && order ? { claim, order } : null;
  };
  const invalid = (c: Context) => {
    const lang = c.req.header('accept-language')?.toLowerCase().startsWith('ru') ? 'ru' : 'uz';
    return page(c, ctx, lang, `<p role="alert">${escapeHtml(SANDBOX_TEXT[lang].invalid)}</p>`, 404);
  };

  app.get('/sandbox/pay/:token', (c) => {
    const found = load(c.req.param('token'));
    if (!found) return invalid(c);
    const { claim, order } = found;
    const t = SANDBOX_TEXT[claim.l];
    const back = `<p><a href="${escapeHtml(returnUrl(ctx, claim.l, order.id, claim.r))}">${escapeHtml(t.back)}</a></p>`;
    if (order.payment_status === 'paid')
      return page(c, ctx, claim.l, `<p role="status">${escapeHtml(t.paid)}</p>${back}`);
    if (!canPay(order)) return page(c, ctx, claim.l, `<p role="alert">${escapeHtml(t.closed)}</p>${back}`, 409);
    const total = orderTotal(ctx, order.id);
    const action = `/sandbox/pay/${encodeURIComponent(c.req.param('token'))}`;
    return page(
      c,
      ctx,
      claim.l,
      `<p>${escapeHtml(t.note.replace('{provider}', PROVIDER[claim.m]))}</p>` +
        `<dl><dt>${escapeHtml(t.order)}</dt><dd data-order-number>${escapeHtml(order.number)}</dd>` +
        `<dt>${escapeHtml(t.amount)}</dt><dd data-amount>${sum(total)} ${escapeHtml(t.sum)}</dd></dl>` +
        `<div class="row"><form method="post" action="${action}/pay"><button class="pay" type="submit">${escapeHtml(t.pay)}</button></form>` +
        `<form method="post" action="${action}/fail"><button class="fail" type="submit">${escapeHtml(t.fail)}</button></form></div>`,
    );
  });

  app.post('/sandbox/pay/:token/:outcome{pay|fail}', (c) => {
    const found = load(c.req.param('token'));
    if (!found) return invalid(c);
    const { claim, order } = found;
    if (c.req.param('outcome') === 'fail' || !canPay(order)) {
      // A failed payment changes nothing: the order stays unpaid and payable.
      return c.redirect(returnUrl(ctx, claim.l, order.id, claim.r, order.payment_status !== 'paid'), 303);
    }
    markPaid(ctx, order.id);
    return c.redirect(returnUrl(ctx, claim.l, order.id, claim.r), 303);
  });
}
