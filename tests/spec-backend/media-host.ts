/**
 * A media host of another origin, as real marketplaces keep their photos: every media path answers a full-size
 * photo (a 1600 × 1600 JPEG of about 370 KB, drawn with sharp at startup: a few kinds, each path one of them),
 * with the validators a CDN sends (ETag, Last-Modified) and 304 to a request that carries them. It knows nothing of
 * widths: the storefront must make its own.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

const PHOTO_SIDE = 1600;
const KINDS = 4;
/** Noise over the gradients: what makes a photo's JPEG weigh what a camera's does (about 370 KB here). */
const GRAIN = 22;
const MODIFIED = new Date(Date.UTC(2026, 0, 15)).toUTCString();

async function drawPhoto(kind: number): Promise<Buffer> {
  const raw = Buffer.alloc(PHOTO_SIDE * PHOTO_SIDE * 3);
  let seed = 0x9e3779b9 ^ (kind + 1);
  const random = () => {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed / 4294967296;
  };
  const clamp = (value: number) => Math.max(0, Math.min(255, value));
  for (let y = 0; y < PHOTO_SIDE; y++) {
    for (let x = 0; x < PHOTO_SIDE; x++) {
      const at = (y * PHOTO_SIDE + x) * 3;
      const grain = (random() - 0.5) * GRAIN;
      raw[at] = clamp(120 + 100 * Math.sin(x / (150 + 40 * kind)) + grain);
      raw[at + 1] = clamp(110 + 90 * Math.cos(y / (130 + 30 * kind)) + grain);
      raw[at + 2] = clamp(140 + 60 * Math.sin((x + y) / 260 + kind) + grain);
    }
  }
  return sharp(raw, { raw: { width: PHOTO_SIDE, height: PHOTO_SIDE, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const kindOf = (path: string): number => {
  let hash = 0;
  for (const char of path) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % KINDS;
};

export interface MediaHost {
  origin: string;
  /** Requests answered with a photo's bytes (a 304 is not counted). */
  served: () => number;
  close: () => Promise<void>;
}

/** Serves `/media/<path>` for every path `known` holds, on `host:port` (0: a free port). */
export async function startMediaHost(known: Set<string>, host: string, port: number): Promise<MediaHost> {
  const photos = await Promise.all(Array.from({ length: KINDS }, (_, kind) => drawPhoto(kind)));
  let served = 0;
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const name = path.startsWith('/media/') ? path.slice('/media/'.length) : '';
    if (!known.has(name) || !/^(GET|HEAD)$/.test(request.method ?? '')) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const kind = kindOf(name);
    const etag = `"photo-${kind}-${name.length}"`;
    const headers = { ETag: etag, 'Last-Modified': MODIFIED, 'Cache-Control': 'public, max-age=86400' };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    const bytes = photos[kind]!;
    served++;
    response.writeHead(200, { ...headers, 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.length) });
    response.end(request.method === 'HEAD' ? undefined : bytes);
  };
  const server = createServer(answer);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    // Another origin than the backend's 127.0.0.1, as a CDN's host name would be.
    origin: `http://localhost:${bound}`,
    served: () => served,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
