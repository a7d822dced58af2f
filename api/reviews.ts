/** Product reviews: reading, the pending list, writing with images. */
import type { Lang } from '#contract/schemas.ts';
import type { AppContext } from './context.ts';
import { definedOnly, fieldError, idParam, notFound, type Handlers } from './http.ts';
import { imageStore } from './images.ts';
import { createPresenter, type ProductRow, type ReviewRow } from './present.ts';

/** Products delivered to the shopper (?1) and not reviewed by them yet. */
const REVIEWABLE = `SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
  WHERE o.user_id = ?1 AND o.status = 'delivered'
    AND NOT EXISTS (SELECT 1 FROM reviews WHERE user_id = ?1 AND product_id = oi.product_id)`;
const notReviewable = () =>
  fieldError('product', 'You can review only a product delivered to you and not reviewed yet.');

export function reviewHandlers(
  ctx: AppContext,
): Pick<Handlers, 'productComments' | 'requiredComments' | 'comments' | 'createComment' | 'updateComment'> {
  const { db } = ctx;
  const images = imageStore(ctx);
  const refreshRating = (productId: number) =>
    db.run(
      `UPDATE products SET rating = (SELECT avg(rating) FROM reviews WHERE product_id = ?1),
       reviews_count = (SELECT count(*) FROM reviews WHERE product_id = ?1), updated_at = ?2 WHERE id = ?1`,
      productId,
      new Date(ctx.now()).toISOString(),
    );
  const authorName = (userId: number) => {
    const u = db.get<{ phone: string; first_name: string; last_name: string }>(
      'SELECT phone, first_name, last_name FROM users WHERE id = ?',
      userId,
    );
    if (!u) return 'Xaridor';
    const name = [u.first_name, u.last_name ? `${u.last_name[0]}.` : ''].filter(Boolean).join(' ');
    // Never publish the full phone number.
    return name || `${u.phone.slice(0, 6)}***${u.phone.slice(-2)}`;
  };
  const ownReview = (userId: number, params: Record<string, string>) => {
    const row = db.get<ReviewRow>('SELECT * FROM reviews WHERE id = ? AND user_id = ?', idParam(params), userId);
    if (!row) throw notFound('Review not found.');
    return row;
  };
  /** A shopper's own review with the product it is about (the 'rated' tab names it). */
  const presentOwn = (lang: Lang) => {
    const p = createPresenter(ctx, lang);
    return (row: ReviewRow) => {
      const product = db.get<ProductRow>('SELECT * FROM products WHERE id = ?', row.product_id);
      if (!product) throw notFound('Product not found.');
      return { ...p.review(row), product_summary: p.summary(product) };
    };
  };

  return {
    productComments({ params, badToken, lang }) {
      const id = idParam(params);
      // Spec §6: a bad token gets an empty list rather than an error.
      if (badToken) return [];
      if (!db.get('SELECT 1 FROM products WHERE id = ?', id)) throw notFound('Product not found.');
      return db
        .all<ReviewRow>('SELECT * FROM reviews WHERE product_id = ? ORDER BY created_at DESC, id DESC', id)
        .map(createPresenter(ctx, lang).review);
    },

    requiredComments({ userId, lang }) {
      const rows = db.all<{ order_id: number; product_id: number }>(
        `SELECT max(o.id) AS order_id, oi.product_id FROM order_items oi JOIN orders o ON o.id = oi.order_id
         WHERE o.user_id = ?1 AND o.status = 'delivered'
           AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = ?1 AND r.product_id = oi.product_id)
         GROUP BY oi.product_id ORDER BY order_id DESC, oi.product_id`,
        userId,
      );
      const p = createPresenter(ctx, lang);
      return rows.flatMap((r) => {
        const product = db.get<ProductRow>('SELECT * FROM products WHERE id = ?', r.product_id);
        return product ? [{ order: r.order_id, product: p.summary(product) }] : [];
      });
    },

    comments: ({ userId, lang }) =>
      db
        .all<ReviewRow>(
          // A review whose product is gone is not listed (it could not be shown or edited).
          `SELECT r.* FROM reviews r JOIN products p ON p.id = r.product_id
           WHERE r.user_id = ? ORDER BY r.created_at DESC, r.id DESC`,
          userId,
        )
        .map(presentOwn(lang)),

    async createComment({ userId, lang, body }) {
      // Before the body is read: a shopper with nothing to review sends no images into memory.
      if (!db.get(`${REVIEWABLE} LIMIT 1`, userId)) throw notReviewable();
      const { data, files } = await body();
      if (!db.get(`${REVIEWABLE} AND oi.product_id = ?2`, userId, data.product)) throw notReviewable();
      const saved = await images.save(userId, files);
      let id: number;
      try {
        id = db.tx(() => {
          const { id } = db.run(
            'INSERT INTO reviews (product_id, user_id, author, rating, advantage, shortcoming, comment, images, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
            data.product,
            userId,
            authorName(userId),
            data.rating,
            data.advantage,
            data.shortcoming,
            data.comment,
            JSON.stringify(saved),
            new Date(ctx.now()).toISOString(),
          );
          refreshRating(data.product);
          return id;
        });
      } catch (error) {
        // A review that was not stored keeps no images on disk.
        await images.remove(saved);
        throw error;
      }
      return presentOwn(lang)(ownReview(userId, { id: String(id) }));
    },

    async updateComment({ userId, lang, params, body }) {
      // Before the body is read: only the author's own review can be edited.
      const current = ownReview(userId, params);
      const { data, files } = await body();
      // New images replace the old ones, which leave the disk; an edit without files keeps them.
      const saved = files.length ? await images.save(userId, files, JSON.parse(current.images) as string[]) : null;
      const replaced = db.tx(() => {
        // Read again inside the transaction: a concurrent edit may have replaced them meanwhile.
        const before = ownReview(userId, params);
        const next = { ...before, ...definedOnly(data), images: saved ? JSON.stringify(saved) : before.images };
        db.run(
          'UPDATE reviews SET rating = ?, advantage = ?, shortcoming = ?, comment = ?, images = ? WHERE id = ?',
          next.rating,
          next.advantage,
          next.shortcoming,
          next.comment,
          next.images,
          before.id,
        );
        refreshRating(before.product_id);
        return saved ? (JSON.parse(before.images) as string[]) : [];
      });
      await images.remove(replaced);
      return presentOwn(lang)(ownReview(userId, params));
    },
  };
}
