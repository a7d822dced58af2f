/** Product reviews: reading, the pending list, writing with images. */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from './context.ts';
import { definedOnly, fieldError, idParam, notFound, type Handlers } from './http.ts';
import { createPresenter, type ProductRow, type ReviewRow } from './present.ts';
import { REVIEW_MAX_IMAGES } from '#contract/schemas.ts';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Raster types only: an uploaded SVG could carry script when opened from our origin. */
export const UPLOAD_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

export function reviewHandlers(
  ctx: AppContext,
): Pick<Handlers, 'productComments' | 'requiredComments' | 'comments' | 'createComment' | 'updateComment'> {
  const { db } = ctx;

  /** Checks every file, then stores them; answers their media paths. */
  const saveImages = async (files: File[]) => {
    if (files.length > REVIEW_MAX_IMAGES) throw fieldError('images', `At most ${REVIEW_MAX_IMAGES} images.`);
    for (const file of files) {
      if (!UPLOAD_TYPES[file.type])
        throw fieldError('images', `${file.name || 'A file'} is not a JPEG, PNG, WebP, GIF or AVIF image.`);
      if (file.size > MAX_IMAGE_BYTES) throw fieldError('images', `${file.name || 'An image'} is larger than 5 MB.`);
    }
    const dir = join(ctx.dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    return Promise.all(
      files.map(async (file) => {
        const name = `${randomUUID()}.${UPLOAD_TYPES[file.type]}`;
        await writeFile(join(dir, name), new Uint8Array(await file.arrayBuffer()));
        return `uploads/${name}`;
      }),
    );
  };
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
        .all<ReviewRow>('SELECT * FROM reviews WHERE user_id = ? ORDER BY created_at DESC, id DESC', userId)
        .map(createPresenter(ctx, lang).review),

    async createComment({ userId, lang, body }) {
      const { data, files } = await body();
      const eligible = db.get(
        `SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
         WHERE o.user_id = ?1 AND o.status = 'delivered' AND oi.product_id = ?2
           AND NOT EXISTS (SELECT 1 FROM reviews WHERE user_id = ?1 AND product_id = ?2)`,
        userId,
        data.product,
      );
      if (!eligible)
        throw fieldError('product', 'You can review only a product delivered to you and not reviewed yet.');
      const images = await saveImages(files);
      const id = db.tx(() => {
        const { id } = db.run(
          'INSERT INTO reviews (product_id, user_id, author, rating, advantage, shortcoming, comment, images, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          data.product,
          userId,
          authorName(userId),
          data.rating,
          data.advantage,
          data.shortcoming,
          data.comment,
          JSON.stringify(images),
          new Date(ctx.now()).toISOString(),
        );
        refreshRating(data.product);
        return id;
      });
      return createPresenter(ctx, lang).review(ownReview(userId, { id: String(id) }));
    },

    async updateComment({ userId, lang, params, body }) {
      const current = ownReview(userId, params);
      const { data, files } = await body();
      // New images replace the old ones; an edit without files keeps them.
      const images = files.length ? JSON.stringify(await saveImages(files)) : current.images;
      const next = { ...current, ...definedOnly(data), images };
      db.tx(() => {
        db.run(
          'UPDATE reviews SET rating = ?, advantage = ?, shortcoming = ?, comment = ?, images = ? WHERE id = ?',
          next.rating,
          next.advantage,
          next.shortcoming,
          next.comment,
          next.images,
          current.id,
        );
        refreshRating(current.product_id);
      });
      return createPresenter(ctx, lang).review(ownReview(userId, params));
    },
  };
}
