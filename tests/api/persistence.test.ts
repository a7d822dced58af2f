import { expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { startTestApi } from './helpers.ts';

it('keeps users, baskets and the catalogue across a restart on the same data dir', async () => {
  const first = await startTestApi({ products: 30 });
  const { access } = await first.signIn('+998950000001');
  await first.call('/users/profile/', { method: 'PATCH', token: access, body: { first_name: 'Sardor' } });
  const catalogue = calls.catalogue.answer.parse((await first.call('/products/catalogue/?page_size=1000')).body);
  const plain = catalogue.results.find((p) => p.features.length === 0 && p.stock > 0);
  const line = calls.addToBasket.answer.parse(
    (
      await first.call('/orders/add-basket/', {
        method: 'POST',
        token: access,
        body: { product: plain?.id, quantity: 1, feature: null },
      })
    ).body,
  );
  await first.stop({ keepData: true });

  // A different seed size on restart must not reseed a database that has products.
  const second = await startTestApi({ dataDir: first.dataDir, products: 50 });
  try {
    expect((await second.call('/users/profile/', { token: access })).body.first_name).toBe('Sardor');
    expect(
      calls.basket.answer.parse((await second.call('/orders/basket/', { token: access })).body).map((l) => l.id),
    ).toEqual([line.id]);
    const again = (await second.call('/products/catalogue/?page_size=1000')).body;
    expect(again.count).toBe(30);
    expect(JSON.stringify(again.results).replaceAll(String(second.server.port), 'PORT')).toBe(
      JSON.stringify(catalogue.results).replaceAll(String(first.server.port), 'PORT'),
    );
  } finally {
    await second.stop();
  }
});
