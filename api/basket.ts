/** The server basket and favourites of a signed-in shopper. */
import type { AppContext } from './context.ts';
import { fieldError, idParam, notFound, Reply, type Handlers } from './http.ts';
import { createPresenter, type FeatureRow, type ProductRow } from './present.ts';
import { unitPrice } from '#contract/price.ts';
import { LIMITS, type BasketItem, type Lang } from '#contract/schemas.ts';

export interface BasketRow {
  id: number;
  user_id: number;
  product_id: number;
  feature_id: number | null;
  quantity: number;
}

export function basketHandlers(
  ctx: AppContext,
): Pick<
  Handlers,
  'basket' | 'addToBasket' | 'basketQuantity' | 'deleteFromBasket' | 'favourites' | 'addFavourite' | 'removeFavourite'
> {
  const { db } = ctx;
  const productOf = (id: number) => db.get<ProductRow>('SELECT * FROM products WHERE id = ?', id);
  const featureOf = (id: number | null) =>
    id === null ? undefined : db.get<FeatureRow>('SELECT * FROM features WHERE id = ?', id);
  const stockOf = (p: ProductRow, f: FeatureRow | undefined) => (f ? f.count : p.stock);

  const present = (row: BasketRow, lang: Lang): BasketItem => {
    const p = createPresenter(ctx, lang);
    const product = productOf(row.product_id);
    if (!product) throw new Error(`basket line ${row.id} lost its product`);
    const feature = featureOf(row.feature_id);
    return {
      id: row.id,
      product: p.summary(product),
      quantity: row.quantity,
      feature: feature ? p.feature(feature) : null,
      price: unitPrice(product, feature),
    };
  };
  const ownLine = (userId: number, id: number) => {
    const row = db.get<BasketRow>('SELECT * FROM basket WHERE id = ? AND user_id = ?', id, userId);
    if (!row) throw notFound('Basket item not found.');
    return row;
  };

  return {
    basket: ({ userId, lang }) =>
      db.all<BasketRow>('SELECT * FROM basket WHERE user_id = ? ORDER BY id', userId).map((row) => present(row, lang)),

    async addToBasket({ userId, lang, body }) {
      const { data } = await body();
      const product = productOf(data.product);
      if (!product) throw fieldError('product', `Product ${data.product} does not exist.`);
      const featureId = data.feature ?? null;
      let feature: FeatureRow | undefined;
      if (featureId !== null) {
        feature = db.get<FeatureRow>('SELECT * FROM features WHERE id = ? AND product_id = ?', featureId, product.id);
        if (!feature) throw fieldError('feature', `Variant ${featureId} does not belong to product ${product.id}.`);
      } else if (db.get('SELECT 1 FROM features WHERE product_id = ? AND count > 0', product.id)) {
        throw fieldError('feature', 'Choose a variant of this product.');
      }
      const stock = stockOf(product, feature);
      if (data.quantity > stock)
        throw fieldError('quantity', stock > 0 ? `Only ${stock} left in stock.` : 'Out of stock.');
      // Repeating the same (product, feature) sets the quantity of the one line.
      const id = db.tx(() => {
        const existing = db.get<{ id: number }>(
          'SELECT id FROM basket WHERE user_id = ? AND product_id = ? AND ifnull(feature_id, 0) = ?',
          userId,
          product.id,
          featureId ?? 0,
        );
        if (existing) {
          db.run('UPDATE basket SET quantity = ? WHERE id = ?', data.quantity, existing.id);
          return existing.id;
        }
        return db.run(
          'INSERT INTO basket (user_id, product_id, feature_id, quantity) VALUES (?, ?, ?, ?)',
          userId,
          product.id,
          featureId,
          data.quantity,
        ).id;
      });
      return present(ownLine(userId, id), lang);
    },

    async basketQuantity({ userId, lang, body }) {
      const { data } = await body();
      const row = ownLine(userId, data.item);
      const quantity = row.quantity + (data.action === 'increase' ? 1 : -1);
      // The UI removes a line instead of going below 1 (spec §4).
      if (quantity < 1) throw fieldError('action', 'Quantity is at least 1; remove the item instead.');
      const product = productOf(row.product_id);
      if (product && quantity > stockOf(product, featureOf(row.feature_id)))
        throw fieldError('action', 'Not enough stock to add more.');
      db.run('UPDATE basket SET quantity = ? WHERE id = ?', quantity, row.id);
      return present({ ...row, quantity }, lang);
    },

    async deleteFromBasket({ userId, query, body }) {
      if (query.item !== undefined) {
        if (!/^\d+$/.test(query.item) || Number(query.item) > LIMITS.id)
          throw fieldError('item', 'Must be a positive whole number');
        if (db.run('DELETE FROM basket WHERE id = ? AND user_id = ?', Number(query.item), userId).changes === 0)
          throw notFound('Basket item not found.');
        return { deleted: 1 };
      }
      const { data } = await body();
      // Ids not (or no longer) in the basket are skipped, so repeating a delete is harmless.
      const deleted = db.tx(() =>
        data.items.reduce(
          (n, id) => n + db.run('DELETE FROM basket WHERE id = ? AND user_id = ?', id, userId).changes,
          0,
        ),
      );
      return { deleted };
    },

    favourites: ({ userId }) =>
      db.all<{ id: number; product: number }>(
        'SELECT id, product_id AS product FROM favourites WHERE user_id = ? ORDER BY id',
        userId,
      ),

    async addFavourite({ userId, body }) {
      const { data } = await body();
      if (!productOf(data.product)) throw fieldError('product', `Product ${data.product} does not exist.`);
      const existing = db.get<{ id: number }>(
        'SELECT id FROM favourites WHERE user_id = ? AND product_id = ?',
        userId,
        data.product,
      );
      if (existing) return new Reply(200, { id: existing.id, product: data.product });
      const { id } = db.run('INSERT INTO favourites (user_id, product_id) VALUES (?, ?)', userId, data.product);
      return { id, product: data.product };
    },

    removeFavourite({ userId, params }) {
      const id = idParam(params);
      if (db.run('DELETE FROM favourites WHERE id = ? AND user_id = ?', id, userId).changes === 0)
        throw notFound('Favourite not found.');
    },
  };
}
