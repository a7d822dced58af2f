/**
 * What the purchase journey tells a new shopper on a phone at each step: the
 * basket and stock state of buttons, the stepper's limit, the first error,
 * the success and order pages, the delivery fee, tabs and the address picker.
 * Against the built site and the real reference API; stock is taken only by
 * real orders. Cards and the product page load no React.
 */
import type { Locator, Page } from '@playwright/test';
import type { Address, CatalogueProduct } from '#contract/schemas.ts';
import { expect, test } from '../support/test.ts';
import {
  addToServerBasket,
  api,
  placeOrder,
  products,
  seedData,
  serverBasket,
  signIn,
  type Tokens,
} from '../support/api.ts';
import { QARSHI_ADDRESS } from '../../fixtures/address.ts';
import { expectNoAxeViolations } from '../support/site.ts';
import { expectToast, setLocalBasket, stubTiles, TOASTS, useTokens } from './helpers.ts';
import { perLanguage } from '../support/words.ts';

const TEXT = perLanguage((t) => ({
  add: t('product.add_to_basket'),
  /** A card's shorter button. */
  cardAdd: t('product.add_short'),
  inBasket: t('product.in_basket'),
  goToBasket: t('product.go_to_basket'),
  soldOut: t('product.stock.out'),
  refused: (title: string) => t('isl.toast.outOfStock', { title }),
  left: (count: number) => t('isl.basket.left', { count }),
  chooseAddress: t('header.address.default'),
  profileChoose: t('isl.profile.choose_address'),
  freeFirst: t('isl.checkout.delivery_free_first'),
  paymentFailed: t('isl.order.payment_failed_title'),
  thanks: t('isl.order.thanks'),
  payAgain: t('isl.order.pay_again'),
  viewOrder: t('isl.order.view_order'),
  continue: t('isl.order.continue_shopping'),
  details: [
    t('isl.order.home', { value: 12 }),
    t('isl.order.floor', { value: 4 }),
    t('isl.order.entrance', { value: 3 }),
  ].join(', '),
  cash: t('isl.checkout.pay_cash'),
  free: t('isl.order.delivery_free'),
}));

const LANGS = [
  { lang: 'uz', tag: '' },
  { lang: 'ru', tag: ' @mobile' },
] as const;

/** An address with every detail the picker takes. */
const FULL_ADDRESS: Address = { ...QARSHI_ADDRESS, home: '12', etaj: '4', entrance: '3' };

const inStock = (p: CatalogueProduct) => Math.max(p.stock, ...p.features.map((f) => f.count));

/** Page 1 of the product's category, where its card is (cards are listed in catalogue order, 24 a page). */
async function cardPageOf(lang: string, match: (p: CatalogueProduct) => boolean) {
  const { products: all } = await seedData();
  for (const product of all) {
    if (!product.category || !match(product)) continue;
    const rank = all.filter((p) => p.category?.id === product.category!.id).indexOf(product);
    if (rank < 24) return { product, path: `/${lang}/category/${product.category.id}` };
  }
  throw new Error('no such product on the first page of its category');
}

async function title(lang: 'uz' | 'ru', id: number) {
  return (await api({ lang }).call('product', { params: { id } })).title ?? '';
}

const card = (page: Page, id: number) => page.locator(`.card[data-product-card="${id}"]`);
/** The state text an add-to-basket button shows (its other texts are in the HTML, hidden). */
const shown = (button: Locator) => button.locator('.when-out:visible, .when-in:visible, .when-sold:visible');

// The card and product-page buttons say the product is in the basket, and lead to it.
for (const { lang, tag } of LANGS) {
  test(`${lang}: added to the basket, the card and the product page say so and link to the basket${tag}`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    const plenty = new Set((await products()).map((p) => p.id));
    const { product, path } = await cardPageOf(lang, (p) => plenty.has(p.id));
    await page.goto(path);
    const button = card(page, product.id).locator('[data-add-to-basket]');
    await expect(shown(button)).toHaveText(text.cardAdd);
    await expect(card(page, product.id).locator('[data-basket-go]')).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(shown(button)).toHaveText(text.inBasket);
    const go = card(page, product.id).locator('[data-basket-go]');
    await expect(go).toBeVisible();
    await expect(go).toHaveAccessibleName(text.goToBasket);
    await expect(go).toHaveAttribute('href', `/${lang}/basket`);
    // The in-basket colours pass axe (once the toast, which fades in, is gone).
    await expect(page.locator(TOASTS)).toHaveCount(0, { timeout: 10_000 });
    await expectNoAxeViolations(page);

    await page.goto(`/${lang}/product/${product.id}`);
    const add = page.locator(`.actions [data-add-to-basket="${product.id}"]`);
    await expect(shown(add)).toHaveText(text.inBasket);
    await page.getByRole('link', { name: text.goToBasket }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/basket$`));
    await expect(page.locator(`.basket-line[data-product="${product.id}"]`)).toBeVisible();

    // A second tap takes it out, and the button says so too.
    await page.goto(`/${lang}/product/${product.id}`);
    await add.click();
    await expect(shown(add)).toHaveText(text.add);
    await expect(add).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('link', { name: text.goToBasket })).toBeHidden();
  });
}

// Sold out: disabled and labelled; a refusal names the product, never an id.
for (const { lang, tag } of LANGS) {
  test(`${lang}: a sold-out product's button is disabled and says it is out of stock, on cards and its page${tag}`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    const { product, path } = await cardPageOf(lang, (p) => inStock(p) <= 0);
    await page.goto(path);
    const button = card(page, product.id).locator('[data-add-to-basket]');
    await expect(button).toBeDisabled();
    await expect(shown(button)).toHaveText(text.soldOut);
    await page.goto(`/${lang}/product/${product.id}`);
    const add = page.locator(`.actions [data-add-to-basket="${product.id}"]`);
    await expect(page.locator('[data-product-panel]')).toHaveAttribute('data-live', 'checked');
    await expect(add).toBeDisabled();
    await expect(shown(add)).toHaveText(text.soldOut);
  });
}

test('uz: a product sold out since the page was built is refused by its name, and its button then says so', async ({
  page,
}) => {
  const text = TEXT.uz;
  // The last unit is bought by another shopper after the build (a product of its own: nobody else orders it).
  const { product, path } = await cardPageOf('uz', (p) => p.features.length === 0 && p.stock === 1 && p.unit === 'pcs');
  const live = await api().call('product', { params: { id: product.id } });
  if (live.stock > 0) await placeOrder(await signIn(), { id: product.id, feature: null });
  await page.goto(path);
  const button = card(page, product.id).locator('[data-add-to-basket]');
  await expect(shown(button)).toHaveText(text.cardAdd);
  await button.click();
  await expectToast(page, text.refused(await title('uz', product.id)));
  await expect(page.locator(TOASTS, { hasText: /ID \d/ })).toHaveCount(0);
  await expect(button).toBeDisabled();
  await expect(shown(button)).toHaveText(text.soldOut);
});

// The stepper stops at the stock and says how many are left.
for (const { lang, tag } of LANGS) {
  test(`${lang}: the basket's quantity goes no higher than the stock, and says how many are left${tag}`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    const { products: all } = await seedData();
    const low = all.find((p) => p.features.length === 0 && p.stock >= 2 && p.stock <= 5 && p.unit === 'pcs')!;
    const stock = (await api().call('product', { params: { id: low.id } })).stock;
    let tokens: Tokens | null = null;
    if (lang === 'uz') {
      // Signed in: the server basket (where the server refused past the stock).
      tokens = await signIn();
      await addToServerBasket(tokens, low.id, null, stock - 1);
      await useTokens(page, tokens);
    } else {
      await page.goto(`/${lang}/about`);
      await setLocalBasket(page, [{ product: low.id, feature: null, quantity: stock - 1 }]);
    }
    await page.goto(`/${lang}/basket`);
    const line = page.locator(`.basket-line[data-product="${low.id}"]`);
    await expect(line.getByTestId('quantity')).toHaveText(String(stock - 1));
    await expect(line.getByTestId('basket-left')).toHaveText(text.left(stock));
    const increase = line.locator('.basket-qty button').last();
    await increase.click();
    await expect(line.getByTestId('quantity')).toHaveText(String(stock));
    await expect(increase).toBeDisabled();
    if (tokens) await expect.poll(async () => (await serverBasket(tokens!))[0]?.quantity).toBe(stock);
    await expect(page.locator(TOASTS)).toHaveCount(0, { timeout: 10_000 });
    await expectNoAxeViolations(page);
  });
}

/** A signed-in shopper (profile as given) with one product in the server basket, at checkout. */
async function atCheckout(page: Page, lang: 'uz' | 'ru', profile: Record<string, unknown>, tokens?: Tokens) {
  const product = (await products())[lang === 'uz' ? 5 : 6]!;
  tokens ??= await signIn();
  await addToServerBasket(tokens, product.id, product.feature);
  if (Object.keys(profile).length) await api({ tokens }).call('updateProfile', { body: profile });
  await useTokens(page, tokens);
  await page.goto(`/${lang}/basket`);
  await page.locator('.basket-order').click();
  await expect(page.getByTestId('checkout-place')).toBeVisible();
  return { tokens, product };
}

// Confirm with errors: the first error comes into view with the focus on its control.
test('uz: confirming with errors on a phone brings the first error into view and focuses it @mobile', async ({
  page,
}) => {
  await atCheckout(page, 'uz', {});
  await page.getByTestId('checkout-place').click();
  const error = page.locator('#checkout-address-error');
  await expect(error).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Manzilni tanlash' })).toBeFocused();
});

// The success page: the payment state first, the ways on, the whole address and a readable phone.
for (const { lang, tag } of LANGS) {
  test(`${lang}: a failed payment leads the success page with the way to pay again, never a thank-you${tag}`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    const tokens = await signIn();
    // Not the eighth product: the checkout spec sells every unit of it.
    const order = await placeOrder(tokens, (await products())[2]!, 'payme');
    await useTokens(page, tokens);
    await page.goto(`/${lang}/orders-success?order=${order.id}&payment=failed`);
    const success = page.getByTestId('order-success');
    const lead = success.locator(':scope > *').first();
    await expect(lead).toHaveAttribute('data-testid', 'order-payment-failed');
    await expect(lead).toContainText(text.paymentFailed);
    await expect(success).not.toContainText(text.thanks);
    await expect(page.getByTestId('order-pay')).toHaveText(text.payAgain);
    await expect(page.getByTestId('order-pay')).toBeInViewport();
    await expectNoAxeViolations(page);
  });

  test(`${lang}: the success page shows the address details and the phone formatted, and leads on to the order and the shop${tag}`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    const tokens = await signIn();
    const product = (await products())[4]!;
    await addToServerBasket(tokens, product.id, product.feature);
    const line = (await serverBasket(tokens))[0]!;
    const order = await api({ tokens, lang }).call('placeOrder', {
      body: {
        items: [line.id],
        address: FULL_ADDRESS,
        payment_method: 'cash',
        customer_name: 'Aziz Karimov',
        customer_phone: '+998912345678',
      },
    });
    await useTokens(page, tokens);
    await page.goto(`/${lang}/orders-success?order=${order.id}`);
    await expect(page.getByTestId('order-lead')).toHaveText(text.thanks);
    await expect(page.getByTestId('order-address-details')).toHaveText(text.details);
    await expect(page.getByTestId('order-customer')).toHaveText('Aziz Karimov, +998 91 234-56-78');
    await expect(page.getByTestId('order-continue')).toHaveText(text.continue);
    await expect(page.getByTestId('order-continue')).toHaveAttribute('href', `/${lang}`);
    await page.getByTestId('order-view').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/order\\?id=${order.id}$`));
    await expect(page.getByTestId('order-address-details')).toHaveText(text.details);
    await expect(page.getByTestId('order-customer')).toHaveText('Aziz Karimov, +998 91 234-56-78');
  });
}

// The success and order pages: labels unlike values, and one heading per level ("Buyurtma" once).
/** Every label of the facts list against its value: another colour, a lighter weight, a smaller size. */
async function expectLabelsUnlikeValues(facts: Locator) {
  const pairs = await facts.evaluate((list) =>
    [...list.querySelectorAll('dt')].map((dt) => {
      let dd = dt.nextElementSibling;
      while (dd && dd.tagName !== 'DD') dd = dd.nextElementSibling;
      const style = (el: Element) => {
        const { color, fontWeight, fontSize } = getComputedStyle(el);
        return { color, weight: Number(fontWeight), size: parseFloat(fontSize) };
      };
      return { label: dt.textContent, dt: style(dt), dd: style(dd!) };
    }),
  );
  expect(pairs.length).toBeGreaterThan(4);
  for (const { label, dt, dd } of pairs) {
    expect(dt.color, `${label}: colour`).not.toBe(dd.color);
    expect(dd.weight, `${label}: weight`).toBeGreaterThanOrEqual(600);
    expect(dt.weight, `${label}: weight`).toBeLessThan(dd.weight);
    expect(dt.size, `${label}: size`).toBeLessThan(dd.size);
  }
}

/** One h1; no heading text twice, and the word for "order" in one heading only. */
async function expectOneHeadingPerLevel(page: Page, order: RegExp) {
  const shown = page.locator('main :is(h1, h2, h3, h4):visible');
  await expect(shown.and(page.locator('h1'))).toHaveCount(1);
  const headings = (await shown.allInnerTexts()).map((text) => text.trim());
  expect(new Set(headings).size, headings.join(' | ')).toBe(headings.length);
  expect(
    headings.filter((text) => order.test(text)),
    headings.join(' | '),
  ).toHaveLength(1);
}

for (const { lang, tag } of LANGS) {
  test(`${lang}: the success and order pages set labels apart from values, with one heading per level${tag}`, async ({
    page,
  }, testInfo) => {
    const order = lang === 'uz' ? /buyurtma/i : /заказ/i;
    const tokens = await signIn();
    const placed = await placeOrder(tokens, (await products())[3]!);
    await useTokens(page, tokens);
    await page.goto(`/${lang}/orders-success?order=${placed.id}`);
    await expect(page.getByTestId('order-number')).toHaveText(placed.number);
    await expectLabelsUnlikeValues(page.locator('.order-facts'));
    await expectOneHeadingPerLevel(page, order);
    await testInfo.attach(`${lang} success facts`, {
      body: await page.locator('.order-facts').screenshot(),
      contentType: 'image/png',
    });
    await page.getByTestId('order-view').click();
    await expect(page.getByTestId('order-number')).toHaveText(placed.number);
    await expectLabelsUnlikeValues(page.locator('.order-page-facts'));
    await expectOneHeadingPerLevel(page, order);
    await testInfo.attach(`${lang} order facts`, {
      body: await page.locator('.order-page-facts').screenshot(),
      contentType: 'image/png',
    });
    await expectNoAxeViolations(page);
  });
}

// The name typed at checkout is kept; delivery is free on the first order only, as the API says.
for (const { lang, tag } of LANGS) {
  test(`${lang}: the first order's delivery is free and its typed name fills an empty profile; the next order pays the API's fee${tag}`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    const { tokens } = await atCheckout(page, lang, { address: QARSHI_ADDRESS });
    await expect(page.getByTestId('checkout-delivery')).toHaveText(text.freeFirst);
    await page.locator('input[name=name]').fill('Aziz Karimov');
    await page.locator('input[name=phone]').fill('912345678');
    await page.getByRole('radio', { name: text.cash }).check();
    await page.getByTestId('checkout-place').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/orders-success\\?order=\\d+`));
    await expect(page.getByTestId('order-delivery-fee')).toHaveText(text.free);
    const profile = await api({ tokens }).call('profile');
    expect([profile.first_name, profile.last_name]).toEqual(['Aziz', 'Karimov']);

    // The second order: the fee the API charges, added to the total; the profile's name is prefilled.
    const { fee } = await api({ tokens }).call('deliveryQuote', { query: { delivery_type: 'city' } });
    expect(fee).toBeGreaterThan(0);
    await atCheckout(page, lang, {}, tokens);
    await expect(page.locator('input[name=name]')).toHaveValue('Aziz Karimov');
    const delivery = page.getByTestId('checkout-delivery');
    await expect(delivery).toHaveAttribute('data-fee', String(fee));
    await expect(delivery).not.toHaveText(text.freeFirst);
    await expect(delivery).toContainText(/15[\s\u00a0\u202f]?000/);
  });
}

// Tabs at 360 px: every one in sight.
test('ru: every orders and reviews tab is on screen at 360 px @mobile', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await useTokens(page, await signIn());
  for (const path of ['/ru/profile/orders', '/ru/profile/reviews']) {
    await page.goto(path);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(360);
    }
    await testInfo.attach(`tabs ${path}`, {
      body: await page.getByRole('tablist').screenshot(),
      contentType: 'image/png',
    });
  }
  await page.goto('/uz/profile/orders');
  await expect(page.getByRole('tab').first()).toBeVisible();
  for (const tab of await page.getByRole('tab').all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(360);
  }
});

// No address chosen: the header and the profile say "choose".
for (const { lang, tag } of LANGS) {
  test(`${lang}: with no address set the header asks to choose one, and so does the profile${tag}`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    await page.goto(`/${lang}`);
    await expect(page.locator('[data-address-label]').first()).toHaveText(text.chooseAddress);
    await useTokens(page, await signIn());
    await page.goto(`/${lang}/profile`);
    await expect(page.getByTestId('profile-address')).toBeVisible();
    await expect(page.getByRole('button', { name: text.profileChoose })).toBeVisible();
    await expect(page.locator('[data-address-label]').first()).toHaveText(text.chooseAddress);
  });
}

// The picker on a phone: no keyboard hint, the three detail inputs in one line.
test('ru: the address picker on a phone hides the keyboard hint and keeps the house, floor and entrance inputs in line @mobile', async ({
  page,
}, testInfo) => {
  await stubTiles(page);
  await page.goto('/ru/about');
  await page.locator('[data-address-picker]').first().click();
  const picker = page.getByTestId('address-picker');
  await expect(picker).toBeVisible();
  await expect(picker.locator('.picker-hint')).toBeVisible();
  await expect(picker.locator('.picker-keys')).toBeHidden();
  const inputs = picker.locator('.picker-inputs input');
  await expect(inputs).toHaveCount(3);
  const tops = await Promise.all((await inputs.all()).map(async (input) => (await input.boundingBox())!.y));
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
  for (const label of await picker.locator('.picker-inputs label > span').all()) {
    const box = (await label.boundingBox())!;
    // At most two lines of the label's text.
    const line = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 16);
    expect(box.height).toBeLessThanOrEqual(line * 2 + 1);
  }
  await testInfo.attach('picker inputs', {
    body: await picker.locator('.picker-form').screenshot(),
    contentType: 'image/png',
  });
});

test('uz: on a desktop the picker keeps its keyboard hint', async ({ page }) => {
  await stubTiles(page);
  await page.goto('/uz/about');
  await page.locator('[data-address-picker]').first().click();
  await expect(page.getByTestId('address-picker').locator('.picker-keys')).toBeVisible();
});
