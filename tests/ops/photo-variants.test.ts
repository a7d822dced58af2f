import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageKey } from '../../contract/image-url.ts';
import { imageServiceSetting, pageImages, updateVariants } from '../../integrations/images.ts';

/** A media host whose photo, validators and answers the tests change. */
const host = { bytes: Buffer.alloc(0), etag: '"1"' as string | null, status: 200, requests: 0, conditional: 0 };
let server: Server;
let origin = '';

const photo = (colour: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  host.bytes = await photo('#c04040');
  server = createServer((request, response) => {
    host.requests++;
    if (request.headers['if-none-match'] || request.headers['if-modified-since']) host.conditional++;
    if (host.status !== 200) return void response.writeHead(host.status).end();
    if (host.etag && request.headers['if-none-match'] === host.etag) return void response.writeHead(304).end();
    response.writeHead(200, { 'Content-Type': 'image/jpeg', ...(host.etag ? { ETag: host.etag } : {}) });
    response.end(host.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('width variants kept between nights', () => {
  const cache = mkdtempSync(join(tmpdir(), 'variants-'));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it('are made at every width, never wider than the photo, on the first night', async () => {
    const url = `${origin}/p/1.jpg`;
    expect(await updateVariants([url, '/placeholder.svg'], cache)).toEqual({ photos: 1, encoded: 1, unchanged: 0 });
    for (const width of IMAGE_WIDTHS) {
      const { width: made, format } = await sharp(join(cache, `${imageKey(url)}-${width}.webp`)).metadata();
      expect(format).toBe('webp');
      expect(made).toBe(Math.min(width, 1200));
    }
  });
  it('are asked for with their validators the next night, and a 304 encodes nothing', async () => {
    const before = host.conditional;
    expect(await updateVariants([`${origin}/p/1.jpg`], cache)).toEqual({ photos: 1, encoded: 0, unchanged: 1 });
    expect(host.conditional).toBe(before + 1);
  });
  it('are made again when the photo changed', async () => {
    host.bytes = await photo('#4040c0');
    host.etag = '"2"';
    expect(await updateVariants([`${origin}/p/1.jpg`], cache)).toEqual({ photos: 1, encoded: 1, unchanged: 0 });
  });
  it('are kept when a host without validators sends the same bytes', async () => {
    host.etag = null;
    await updateVariants([`${origin}/p/2.jpg`], cache);
    expect(await updateVariants([`${origin}/p/2.jpg`], cache)).toEqual({ photos: 1, encoded: 0, unchanged: 1 });
  });
  it('are kept from an earlier night when the host fails; a photo never read fails the night, named', async () => {
    host.status = 503;
    expect(await updateVariants([`${origin}/p/1.jpg`], cache)).toEqual({ photos: 1, encoded: 0, unchanged: 0 });
    expect(existsSync(join(cache, `${imageKey(`${origin}/p/1.jpg`)}-160.webp`))).toBe(true);
    await expect(updateVariants([`${origin}/p/new.jpg`], cache)).rejects.toThrow(`${origin}/p/new.jpg (503)`);
    host.status = 200;
  });
});

describe('IMAGE_SERVICE', () => {
  it('takes imgproxy’s base, a template, or a mode; anything else is an error', () => {
    expect(imageServiceSetting('imgproxy:http://localhost:8080/')?.template).toBe(
      'http://localhost:8080/insecure/rs:fit:{width}:0/plain/{url_encoded}@webp',
    );
    expect(imageServiceSetting('https://cdn.example/cdn-cgi/image/width={width}/{url}')?.template).toContain('{url}');
    expect(imageServiceSetting('variants')).toEqual({ template: null, query: [], variants: true });
    expect(imageServiceSetting('')).toBeNull();
    expect(() => imageServiceSetting('https://cdn.example/{url}')).toThrow(/IMAGE_SERVICE/);
  });
});

describe('the images a built page refers to', () => {
  it('are every <img> src and every srcset candidate of <img> and <source>', () => {
    const html =
      '<picture><source media="(min-width: 768px)" srcset="/img/a-360.webp 360w, /img/a-720.webp 720w" sizes="100vw">' +
      '<img src="https://m.example/a.jpg?x=1&amp;y=2" srcset="https://m.example/a.jpg?w=160 160w" alt=""></picture>' +
      '<a href="https://other.example/">x</a>';
    expect(pageImages(html)).toEqual([
      '/img/a-360.webp',
      '/img/a-720.webp',
      'https://m.example/a.jpg?x=1&y=2',
      'https://m.example/a.jpg?w=160',
    ]);
  });
});
