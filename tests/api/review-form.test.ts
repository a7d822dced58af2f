/**
 * The review form's body: multipart/form-data only, read after the shopper is
 * known to have something to review, as a stream within the form's limits
 * (the known fields once each, at most five images of 5 MB).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { ErrorBody } from '#contract/schemas.ts';
import { checkImageHead, IMAGE_HEAD_BYTES, tooLargeImage, tooManyImages } from '../../api/images.ts';
import { discardUploads, formBoundary, readMultipart, type FormLimits } from '../../api/multipart.ts';
import { QARSHI_ADDRESS, startTestApi, type TestApi } from './helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'review-form-test';
const part = (name: string, value: Buffer | string, filename?: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n`,
    ),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
const END = Buffer.from(`--${BOUNDARY}--\r\n`);
const TEXTS = ['rating', 'advantage', 'shortcoming', 'comment'].map((k) => part(k, k === 'rating' ? '4' : `${k} ✓`));

describe('the multipart reader', () => {
  const spillDir = mkdtempSync(join(tmpdir(), 'bozor-form-'));
  const limits: FormLimits = {
    fields: new Set(['product', 'rating', 'advantage', 'shortcoming', 'comment']),
    maxFieldBytes: 100,
    fileField: 'images',
    maxFiles: 2,
    maxFileBytes: 1000,
    fileDir: spillDir,
    tooManyFiles: tooManyImages,
    tooLarge: tooLargeImage,
  };
  /** The body as a stream of chunks of `size` bytes. */
  const stream = (body: Buffer, size: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += size) controller.enqueue(new Uint8Array(body.subarray(at, at + size)));
        controller.close();
      },
    });
  const read = (body: Buffer, size = 64 * 1024) => readMultipart(stream(body, size), BOUNDARY, limits);

  it('reads the same fields and files however the body is cut into chunks', async () => {
    const image = Buffer.concat([PNG, Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}x\r\n`), PNG]);
    const body = Buffer.concat([part('product', '7'), ...TEXTS, part('images', image, 'a.png'), END]);
    for (const size of [1, 2, 7, 45, 46, 47, 1000, body.length]) {
      const { fields, files } = await read(body, size);
      expect(fields, `chunks of ${size}`).toEqual({
        product: '7',
        rating: '4',
        advantage: 'advantage ✓',
        shortcoming: 'shortcoming ✓',
        comment: 'comment ✓',
      });
      expect(
        files.map((f) => [f.name, readFileSync(f.path).equals(image)]),
        `chunks of ${size}`,
      ).toEqual([['a.png', true]]);
      await discardUploads(files);
    }
  });

  it('refuses what the form cannot hold, as soon as it is seen', async () => {
    const refusal = (body: Buffer) =>
      read(body, 5).then(
        () => 'read',
        (error: { status: number; errors?: Record<string, string[]> }) =>
          `${error.status} ${JSON.stringify(error.errors)}`,
      );
    expect(await refusal(Buffer.concat([part('other', 'x'), END]))).toMatch(/^400 .*no field other/);
    expect(await refusal(Buffer.concat([part('rating', '1'), part('rating', '2'), END]))).toMatch(/sent twice/);
    expect(await refusal(Buffer.concat([part('comment', 'x'.repeat(101)), END]))).toMatch(/comment is too long/);
    const three = [1, 2, 3].map((i) => part('images', PNG, `${i}.png`));
    expect(await refusal(Buffer.concat([...three, END]))).toBe(`400 ${JSON.stringify(tooManyImages().errors)}`);
    expect(await refusal(Buffer.concat([part('images', Buffer.alloc(1001), 'big.png'), END]))).toBe(
      `400 ${JSON.stringify(tooLargeImage('big.png').errors)}`,
    );
    expect(await refusal(Buffer.concat([part('rating', '1')]))).toMatch(/ends before the closing boundary/);
    expect(await refusal(Buffer.alloc(2000, 1))).toMatch(/no boundary/);
  });

  it('keeps files on disk, not in memory, until the request discards them; a refusal leaves none', async () => {
    const image = Buffer.concat([PNG, Buffer.alloc(900, 1)]);
    const { files } = await read(Buffer.concat([part('images', image, 'a.png'), part('images', PNG, 'b.png'), END]));
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['a.png', image.length],
      ['b.png', PNG.length],
    ]);
    expect(readdirSync(spillDir)).toHaveLength(2);
    await discardUploads(files);
    expect(readdirSync(spillDir)).toEqual([]);
    await expect(
      read(Buffer.concat([part('images', PNG, 'a.png'), part('comment', 'x'.repeat(101)), END])),
    ).rejects.toThrow();
    expect(readdirSync(spillDir)).toEqual([]);
  });

  it('refuses a file at its first bytes when they are not an image, reading no further', async () => {
    const junk = Buffer.concat([part('images', Buffer.alloc(900, 7), 'junk.png'), END]);
    let served = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (served >= junk.length) return controller.close();
        controller.enqueue(new Uint8Array(junk.subarray(served, served + 16)));
        served += 16;
      },
    });
    const checked = { ...limits, checkHead: { headBytes: IMAGE_HEAD_BYTES, check: checkImageHead } };
    await expect(readMultipart(body, BOUNDARY, checked)).rejects.toMatchObject({
      errors: { images: ['junk.png is not a JPEG, PNG or WebP image.'] },
    });
    // The part's headers and its first 12 bytes, with a chunk or so read ahead: never the 900 bytes.
    expect(served).toBeLessThan(200);
    expect(readdirSync(spillDir)).toEqual([]);
  });

  it('reads the boundary of a multipart content type only', () => {
    expect(formBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(formBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(formBoundary('application/x-www-form-urlencoded')).toBeNull();
    expect(formBoundary('multipart/form-data')).toBeNull();
    expect(formBoundary('multipart/mixed; boundary=x')).toBeNull();
  });
});

describe('POST /comments/', () => {
  let api: TestApi;
  let reviewer: string;
  let product: number;
  beforeAll(async () => {
    api = await startTestApi({ products: 10 });
    reviewer = (await api.signIn('+998990000111')).access;
    const products = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=100')).body).results;
    const target = products.find((p) => p.features.length === 0 && p.stock >= 1);
    if (!target) throw new Error('no plain product');
    product = target.id;
    const line = await api.call('/orders/add-basket/', {
      method: 'POST',
      token: reviewer,
      body: { product, quantity: 1 },
    });
    const order = await api.call('/orders/', {
      method: 'POST',
      token: reviewer,
      body: {
        items: [line.body.id],
        address: QARSHI_ADDRESS,
        payment_method: 'cash',
        customer_name: 'A',
        customer_phone: '+998990000111',
      },
    });
    await api.call(`/__test__/orders/${order.body.id}/status`, { method: 'POST', body: { status: 'delivered' } });
  });
  afterAll(() => api.stop());

  const post = (token: string, type: string, body: Buffer) =>
    fetch(`${api.base}/comments/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': type },
      body: new Uint8Array(body),
    }).then(async (res) => ({ status: res.status, body: ErrorBody.safeParse(await res.json()).data }));
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;

  it('states it in the OpenAPI document: a new review as multipart only, an edit as multipart or JSON', async () => {
    const doc = (await api.call('/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/v1/comments/'].post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/v1/comments/{id}/'].put.requestBody.content)).toEqual([
      'multipart/form-data',
      'application/json',
    ]);
  });

  it('takes only multipart/form-data: an urlencoded or JSON body is refused with 415', async () => {
    const urlencoded = await post(reviewer, 'application/x-www-form-urlencoded', Buffer.from('a=1&'.repeat(100_000)));
    expect(urlencoded.status).toBe(415);
    expect(urlencoded.body?.detail).toBe('Send the review as multipart/form-data.');
    const json = JSON.stringify({ product, rating: 4, advantage: 'a', shortcoming: 'b', comment: 'c' });
    expect((await post(reviewer, 'application/json', Buffer.from(json))).status).toBe(415);
  });

  it('refuses a shopper with nothing to review before reading the body', async () => {
    const stranger = (await api.signIn('+998990000112')).access;
    // A body that is no form at all: it is never read, so it is not what the answer is about.
    const answer = await post(stranger, multipart, Buffer.alloc(1024 * 1024, 1));
    expect(answer.status).toBe(400);
    expect(answer.body?.errors?.['product']).toHaveLength(1);
  });

  it('refuses a form of many tiny parts at the first part it does not have', async () => {
    const tiny = Buffer.concat([...Array.from({ length: 10_000 }, (_, i) => part(`p${i}`, '')), END]);
    const answer = await post(reviewer, multipart, tiny);
    expect(answer.status).toBe(400);
    expect(answer.body?.errors?.['non_field_errors']).toEqual(['Malformed form data: no field p0 in this form.']);
  });

  it('takes a review as the storefront sends it, the product after the images', async () => {
    const body = Buffer.concat([...TEXTS, part('images', PNG, 'photo.png'), part('product', String(product)), END]);
    const created = await fetch(`${api.base}/comments/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${reviewer}`, 'Content-Type': multipart },
      body: new Uint8Array(body),
    });
    expect(created.status).toBe(201);
    expect(calls.createComment.answer.parse(await created.json())).toMatchObject({ product, rating: 4 });
    // The image was read to disk, stored re-encoded under uploads/, and its spill file deleted.
    expect(readdirSync(join(api.dataDir, 'incoming'))).toEqual([]);
    expect(readdirSync(join(api.dataDir, 'uploads'))).toHaveLength(1);
  });
});
