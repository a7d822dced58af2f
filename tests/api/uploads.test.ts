/** Review images: accepted by their bytes, re-encoded, capped per user, deleted when replaced. */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { ErrorBody } from '#contract/schemas.ts';
import { startTestApi, type TestApi } from './helpers.ts';

let api: TestApi | undefined;
afterEach(() => api?.stop());

/** The seeded shopper with delivered orders to review. */
const REVIEWER = '+998901234567';

const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
const png = (size = 16) => noise(size, size).png().toBuffer();

async function reviewer(options: { uploadQuotaBytes?: number } = {}) {
  api = await startTestApi({ products: 40, ...options });
  const { access } = await api.signIn(REVIEWER);
  const pending = calls.requiredComments.answer.parse((await api.call('/required-comments/', { token: access })).body);
  return { api, access, products: pending.map((p) => p.product.id) };
}
function reviewForm(product: number | undefined, files: { bytes: Uint8Array; name: string; type: string }[]) {
  const form = new FormData();
  if (product !== undefined) form.set('product', String(product));
  form.set('rating', '4');
  form.set('advantage', 'Yaxshi');
  form.set('shortcoming', 'Yoʻq');
  form.set('comment', 'Rasmlar bilan');
  for (const f of files) form.append('images', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}
const uploadsOnDisk = (api: TestApi) => {
  try {
    return readdirSync(join(api.dataDir, 'uploads')).sort();
  } catch {
    return [];
  }
};
const fileName = (url: string) => url.split('/').pop() ?? '';

describe('review images', () => {
  it('refuses an SVG or HTML file named .png, and a broken image, by its bytes', async () => {
    const { api, access, products } = await reviewer();
    const disguised = [
      {
        bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        name: 'cat.png',
      },
      { bytes: new TextEncoder().encode('<!doctype html><script>alert(1)</script>'), name: 'cat.png' },
      // A PNG signature followed by garbage: the magic number alone is not enough.
      { bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(200)]), name: 'x.png' },
    ];
    for (const file of disguised) {
      const res = await api.call('/comments/', {
        method: 'POST',
        token: access,
        form: reviewForm(products[0], [{ ...file, type: 'image/png' }]),
      });
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).errors?.['images']?.[0]).toMatch(/cat\.png|x\.png/);
    }
    expect(uploadsOnDisk(api)).toEqual([]);
  });

  it('stores only pixels: no EXIF, no data after the image', async () => {
    const { api, access, products } = await reviewer();
    const withExif = await noise(40, 30)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Street 5', Artist: 'Someone' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const polyglot = Buffer.concat([await png(), Buffer.from('<script>alert(1)</script>')]);
    const res = await api.call('/comments/', {
      method: 'POST',
      token: access,
      form: reviewForm(products[0], [
        // Declared types do not matter: the JPEG says it is a PNG.
        { bytes: withExif, name: 'a.jpg', type: 'image/png' },
        { bytes: polyglot, name: 'b.png', type: 'image/png' },
      ]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [jpeg, clean] = await Promise.all(
      calls.createComment.answer.parse(res.body).images.map(async (url) => {
        const answer = await fetch(url);
        return { type: answer.headers.get('content-type'), bytes: Buffer.from(await answer.arrayBuffer()) };
      }),
    );
    expect(jpeg?.type).toBe('image/jpeg');
    expect(await sharp(jpeg?.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect((await sharp(jpeg?.bytes).metadata()).exif).toBeUndefined();
    expect(jpeg?.bytes.includes('Secret Street')).toBe(false);
    expect(clean?.type).toBe('image/png');
    expect(clean?.bytes.includes('<script>')).toBe(false);
  });

  it('deletes replaced images from disk', async () => {
    const { api, access, products } = await reviewer();
    const files = async (n: number) =>
      Promise.all(
        Array.from({ length: n }, async (_, i) => ({ bytes: await png(), name: `${i}.png`, type: 'image/png' })),
      );
    const created = calls.createComment.answer.parse(
      (await api.call('/comments/', { method: 'POST', token: access, form: reviewForm(products[0], await files(3)) }))
        .body,
    );
    expect(uploadsOnDisk(api)).toEqual(created.images.map(fileName).sort());
    // Four edits with new images: only the last edit's images stay.
    let latest = created;
    for (let edit = 0; edit < 4; edit++) {
      const res = await api.call(`/comments/${created.id}/`, {
        method: 'PUT',
        token: access,
        form: reviewForm(undefined, await files(2)),
      });
      latest = calls.updateComment.answer.parse(res.body);
    }
    expect(latest.images).toHaveLength(2);
    expect(uploadsOnDisk(api)).toEqual(latest.images.map(fileName).sort());
    // A replaced image's old address answers 404 that no browser or proxy keeps; the kept ones stay immutable.
    const gone = await fetch(created.images[0]!);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    const kept = await fetch(latest.images[0]!);
    expect(kept.headers.get('cache-control')).toContain('immutable');
    // An edit without files keeps them.
    await api.call(`/comments/${created.id}/`, { method: 'PUT', token: access, body: { rating: 5 } });
    expect(uploadsOnDisk(api)).toEqual(latest.images.map(fileName).sort());
  });

  it('caps the bytes one shopper may keep; replaced images do not count', async () => {
    const big = await noise(120, 120).png().toBuffer();
    const stored = (await sharp(big).png().toBuffer()).length;
    const { api, access, products } = await reviewer({ uploadQuotaBytes: Math.floor(stored * 2.5) });
    const file = (name: string) => ({ bytes: big, name, type: 'image/png' });
    const first = await api.call('/comments/', {
      method: 'POST',
      token: access,
      form: reviewForm(products[0], [file('1.png'), file('2.png')]),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const over = await api.call('/comments/', {
      method: 'POST',
      token: access,
      form: reviewForm(products[1], [file('3.png')]),
    });
    expect(over.status).toBe(400);
    expect(ErrorBody.parse(over.body).errors?.['images']?.[0]).toMatch(/up to \d+ MB|remove some/);
    // Replacing both images with two new ones fits: the old ones leave.
    const replaced = await api.call(`/comments/${first.body.id}/`, {
      method: 'PUT',
      token: access,
      form: reviewForm(undefined, [file('4.png'), file('5.png')]),
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(uploadsOnDisk(api)).toHaveLength(2);
  });
});
