/** Orders are honest about stock: checked and taken with the order, given back on cancel. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { ErrorBody, type CatalogueProduct } from '#contract/schemas.ts';
import { startTestApi, type TestApi, QARSHI_ADDRESS } from './helpers.ts';

let api: TestApi;
let products: CatalogueProduct[];
beforeAll(async () => {
  api = await startTestApi({ products: 40 });
  products = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=100')).body).results;
});
afterAll(() => api.stop());

const address = QARSHI_ADDRESS;
let shoppers = 0;
/** A new shopper with one basket line; answers what placing the order needs. */
async function shopperWith(product: number, quantity: number, feature: number | null = null) {
  const { access } = await api.signIn(`+99897100${String(++shoppers).padStart(4, '0')}`);
  const line = await api.call('/orders/add-basket/', {
    method: 'POST',
    token: access,
    body: { product, quantity, feature },
  });
  expect(line.status, JSON.stringify(line.body)).toBe(201);
  const place = () =>
    api.call('/orders/', {
      method: 'POST',
      token: access,
      body: {
        items: [line.body.id],
        address,
        payment_method: 'cash',
        customer_name: 'Aziz',
        customer_phone: '+998971234567',
      },
    });
  return { access, line: line.body.id as number, place };
}
const productNow = async (id: number) => calls.product.answer.parse((await api.call(`/products/product/${id}/`)).body);

describe('stock', () => {
  it('sells exactly the stock to concurrent orders for the last units; the others are told which product', async () => {
    const product = products.find((p) => p.features.length === 0 && p.stock >= 1);
    if (!product) throw new Error('no plain product');
    api.server.db.run('UPDATE products SET stock = 3 WHERE id = ?', product.id);
    // Six shoppers each put one of the last three in their basket (the basket check passes for each).
    const buyers = await Promise.all(Array.from({ length: 6 }, () => shopperWith(product.id, 1)));
    const answers = await Promise.all(buyers.map((b) => b.place()));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) {
      const { errors } = ErrorBody.parse(refused.body);
      expect(errors?.['items']).toEqual([`${product.title}: sold out`]);
      expect(errors?.[`product.${product.id}`]).toEqual([`${product.title}: sold out`]);
    }
    expect((await productNow(product.id)).stock).toBe(0);
    // A refused shopper keeps the basket line.
    const refusedBuyer = buyers[answers.findIndex((a) => a.status === 400)];
    const basket = await api.call('/orders/basket/', { token: refusedBuyer?.access ?? '' });
    expect(basket.body.map((l: { id: number }) => l.id)).toEqual([refusedBuyer?.line]);
  });

  it('counts variants by their own count, and says how many are left', async () => {
    const product = products.find((p) => p.features.filter((f) => f.count > 0).length >= 2);
    const feature = product?.features.find((f) => f.count > 0);
    if (!product || !feature) throw new Error('no product with variants');
    api.server.db.run('UPDATE features SET count = 2 WHERE id = ?', feature.id);
    const stockBefore = (await productNow(product.id)).stock;
    const greedy = await shopperWith(product.id, 2, feature.id);
    const other = await shopperWith(product.id, 2, feature.id);
    expect((await other.place()).status).toBe(201);
    api.server.db.run('UPDATE features SET count = 1 WHERE id = ?', feature.id);
    const refused = await greedy.place();
    expect(refused.status).toBe(400);
    expect(ErrorBody.parse(refused.body).errors?.[`product.${product.id}`]).toEqual([`${product.title}: only 1 left`]);
    const after = await productNow(product.id);
    expect(after.features.find((f) => f.id === feature.id)?.count).toBe(1);
    expect(after.stock).toBe(stockBefore - 2);
  });

  it('gives the stock back when an order is cancelled, once', async () => {
    const product = products.find((p) => p.features.length === 0 && p.stock >= 1 && p.unit === 'pcs');
    if (!product) throw new Error('no plain product');
    api.server.db.run('UPDATE products SET stock = 11 WHERE id = ?', product.id);
    // The figure: 44 units wanted of 11 in stock.
    const buyers = await Promise.all(Array.from({ length: 4 }, () => shopperWith(product.id, 11)));
    const answers = await Promise.all(buyers.map((b) => b.place()));
    const sold = answers.filter((a) => a.status === 201);
    expect(sold).toHaveLength(1);
    expect((await productNow(product.id)).stock).toBe(0);

    const winner = buyers[answers.findIndex((a) => a.status === 201)];
    const orderId = sold[0]?.body.id;
    const cancel = () => api.call(`/orders/${orderId}/cancel/`, { method: 'POST', token: winner?.access ?? '' });
    expect((await cancel()).status).toBe(200);
    expect((await productNow(product.id)).stock).toBe(11);
    expect((await cancel()).status).toBe(400);
    expect((await productNow(product.id)).stock).toBe(11);
  });

  it('gives the stock back when the back office cancels an order (the test route and npm run order-status), once', async () => {
    const product = products.find((p) => p.features.length === 0 && p.stock >= 1 && p.unit === 'pcs');
    if (!product) throw new Error('no plain product');
    api.server.db.run('UPDATE products SET stock = 6 WHERE id = ?', product.id);
    const [route, cli] = await Promise.all([shopperWith(product.id, 3), shopperWith(product.id, 3)]);
    const ids = await Promise.all([route.place(), cli.place()]).then((placed) =>
      placed.map((p) => p.body.id as number),
    );
    expect((await productNow(product.id)).stock).toBe(0);
    const cancel = () =>
      api.call(`/__test__/orders/${ids[0]}/status`, { method: 'POST', body: { status: 'cancelled' } });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(200);
    expect((await productNow(product.id)).stock).toBe(3);
    const run = () =>
      promisify(execFile)(process.execPath, [
        'api/order-status-cli.ts',
        String(ids[1]),
        'cancelled',
        '--data-dir',
        api.dataDir,
      ]);
    expect((await run()).stdout).toContain('is now cancelled');
    await run();
    expect((await productNow(product.id)).stock).toBe(6);
  });
});
