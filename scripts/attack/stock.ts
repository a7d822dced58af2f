/** Stock and prices: hoarding by unpaid orders, and a district point passed off as the city. */
import { QARSHI_ADDRESS as address } from '../../tests/fixtures/address.ts';
import { call, LIFTED, orderOne, report, signIn, withApi, withApiEnv } from './support.ts';

/**
 * Stock hoarding: one shopper puts every product in the basket (up to 1,000 units each) and places five Payme
 * orders of 100 lines without paying; another shopper then orders. The API's payment window is one minute here, so
 * the round also waits it out (and the sweep) to see the stock come back. Runs beside the lockout round's waits.
 */
export async function hoarding() {
  return withApiEnv({ ...LIFTED, API_PAYMENT_MINUTES: '1' }, async (api) => {
    const inStock = async () =>
      (
        (await call(api, '/products/catalogue/?page_size=1000')).body as {
          results: { id: number; stock: number; features: { id: number; count: number }[] }[];
        }
      ).results.filter((p) => p.stock > 0);
    const before = await inStock();
    const hoarder = await signIn(api, '+998901616161');
    const lines: number[] = [];
    for (const product of before) {
      const feature = product.features.find((f) => f.count > 0);
      const quantity = Math.min(1000, Math.floor(feature ? feature.count : product.stock));
      const line = await call(api, '/orders/add-basket/', {
        method: 'POST',
        token: hoarder.access,
        body: { product: product.id, quantity, feature: feature?.id ?? null },
      });
      if (line.status === 201) lines.push((line.body as { id: number }).id);
    }
    const placeWith = (token: string, items: number[]) =>
      call(api, '/orders/', {
        method: 'POST',
        token,
        body: { items, address, payment_method: 'payme', customer_name: 'A', customer_phone: '+998901616161' },
      });
    const orders: (number | string)[] = [];
    for (let i = 0; i < 5; i++)
      orders.push((await placeWith(hoarder.access, lines.slice(i * 100, i * 100 + 100))).status);
    // The hoarder then fills the cap with what fits: one unit of each product until refused.
    let held = 0;
    for (const product of before.filter((p) => p.features.length === 0)) {
      const line = await call(api, '/orders/add-basket/', {
        method: 'POST',
        token: hoarder.access,
        body: { product: product.id, quantity: 1 },
      });
      if ((await placeWith(hoarder.access, [(line.body as { id: number }).id])).status !== 201) break;
      held++;
    }
    const during = await inStock();
    const other = await signIn(api, '+998901717171');
    const wanted = before.find((p) => p.features.length === 0);
    const line = await call(api, '/orders/add-basket/', {
      method: 'POST',
      token: other.access,
      body: { product: wanted?.id, quantity: 1 },
    });
    const otherOrder = (await placeWith(other.access, [(line.body as { id: number }).id])).status;
    const heldStock = before.reduce((sum, p) => sum + p.stock, 0) - during.reduce((sum, p) => sum + p.stock, 0);
    // The payment window (one minute) and the sweep (every 30 s) waited out.
    await new Promise((r) => setTimeout(r, 95_000));
    const after = await inStock();
    const left = after.reduce((sum, p) => sum + p.stock, 0);
    return () =>
      report(
        'stock hoarding: every product in the basket, five unpaid Payme orders of 100 lines, then one unit at a time',
        `orders ${orders.join(',')}; then ${held} one-unit orders until the cap; in-stock products ${before.length} → ${during.length} (${heldStock} units held); another shopper's order: ${otherOrder}; one minute unpaid later: ${after.length} in stock, ${before.reduce((sum, p) => sum + p.stock, 0) - left} units still held`,
      );
  });
}

/** The district pays the district fee: a point in the district sent with the city's names and `delivery_type: "city"`. */
export async function districtFee() {
  await withApi(true, async (api) => {
    const shopper = await signIn(api, '+998901919191');
    const catalogue = (await call(api, '/products/catalogue/?page_size=1000')).body as {
      results: { id: number; stock: number; features: unknown[] }[];
    };
    const product = catalogue.results.find((p) => p.features.length === 0 && p.stock >= 2);
    const orderTo = async (to: typeof address) => {
      const placed = await orderOne(api, { ...shopper, phone: '+998901919191' }, product?.id, {
        address: to,
        payment_method: 'cash',
      });
      return `${placed.status}${placed.status === 201 ? ` (fee ${(placed.body as { delivery_fee: number }).delivery_fee})` : ''}`;
    };
    const first = await orderTo(address);
    const disguised = await orderTo({ ...address, latitude: 38.8167, longitude: 65.65 });
    report(
      'a district point (Beshkent) named "Qarshi", delivery_type city, after a first order',
      `first order ${first}; the disguised one ${disguised}`,
    );
  });
}
