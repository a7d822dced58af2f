/** Request bodies and images: review forms and decoded images stay small in memory. */
import sharp from 'sharp';
import { samplePeakMemory } from '../process-memory.ts';
import { type Api, call, LIFTED, PNG_SIGNATURE, report, signIn, startApi, withApi } from './support.ts';

/**
 * Review form bodies stay small in memory. Four 24 MB urlencoded bodies (`a=1&` repeated), one multipart body of
 * 226,719 tiny parts, and four 24 MB multipart bodies of five 4.8 MB files, each set at once against a fresh API,
 * sent by a shopper with a delivered product to review; the API's resident memory sampled.
 */
export async function formBodies() {
  const rows: string[] = [];
  for (const [kind, copies] of [
    ['urlencoded', 4],
    ['tinyParts', 1],
    ['images', 4],
  ] as const)
    rows.push(await withApi(true, (api) => formBodiesOnce(api, kind, copies)));
  report('review form bodies at once, each set on a fresh API (resident memory added)', rows.join('; '));
}

async function formBodiesOnce(api: Api, kind: 'urlencoded' | 'tinyParts' | 'images', copies: number) {
  const reviewer = await signIn(api, '+998901234567');
  const pending = (await call(api, '/required-comments/', { token: reviewer.access })).body as {
    product: { id: number };
  }[];
  const product = String(pending[0]?.product.id ?? 1);
  const boundary = 'attack30';
  const part = (name: string, value: Buffer | string, file = false) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="x.png"\r\nContent-Type: image/png' : ''}\r\n\r\n`,
      ),
      Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
  const fields = ['rating', 'advantage', 'shortcoming', 'comment'].map((k) => part(k, k === 'rating' ? '4' : 'x'));
  const end = Buffer.from(`--${boundary}--\r\n`);
  const bodies = {
    urlencoded: Buffer.from('a=1&'.repeat(6 * 1024 * 1024)),
    tinyParts: Buffer.concat([
      ...Array.from({ length: 226_719 }, (_, i) => part(`p${i}`, '')),
      part('product', product),
      ...fields,
      end,
    ]),
    images: Buffer.concat([
      part('product', product),
      ...fields,
      // A PNG's first bytes, so each file is read whole and decoded before it is refused.
      ...Array.from({ length: 5 }, () =>
        part('images', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(4.8 * 1024 * 1024, 7)]), true),
      ),
      end,
    ]),
  };
  const types = {
    urlencoded: 'application/x-www-form-urlencoded',
    tinyParts: `multipart/form-data; boundary=${boundary}`,
    images: `multipart/form-data; boundary=${boundary}`,
  };
  const idle = samplePeakMemory(api.pid, 50);
  await new Promise((r) => setTimeout(r, 300));
  const base = idle.stop();
  const memory = samplePeakMemory(api.pid, 20);
  const statuses = await Promise.all(
    Array.from({ length: copies }, async () => {
      const res = await fetch(`${api.url}/comments/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${reviewer.access}`, 'Content-Type': types[kind] },
        body: bodies[kind],
      }).catch(() => null);
      await res?.arrayBuffer();
      return res?.status ?? 'closed';
    }),
  );
  const peak = memory.stop();
  return `${copies} × ${(bodies[kind].length / 1024 / 1024).toFixed(0)} MB ${kind}: ${statuses.join(',')}, +${peak - base} MB`;
}

/**
 * Five 40-megapixel PNGs at once against a fresh API, its resident memory sampled. `env` adds settings of the API's
 * process (glibc's allocator keeps freed decode buffers unless told to return them).
 */
export async function imageBombs(env: Record<string, string>, label: string) {
  const api = await startApi({ API_SEED_PRODUCTS: '300', ...LIFTED, ...env });
  try {
    const reviewer = await signIn(api, '+998901234567');
    const pending = (await call(api, '/required-comments/', { token: reviewer.access })).body as {
      product: { id: number };
    }[];
    const bomb = await sharp({ create: { width: 6320, height: 6320, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const form = (product?: number, image = bomb) => {
      const body = new FormData();
      if (product) body.set('product', String(product));
      for (const [k, v] of Object.entries({ rating: '4', advantage: 'a', shortcoming: 'b', comment: 'c' }))
        body.set(k, v);
      body.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'bomb.png');
      return body;
    };
    const send = async (path: string, method: string, body: FormData) =>
      fetch(`${api.url}${path}`, { method, headers: { Authorization: `Bearer ${reviewer.access}` }, body });
    // A review to edit: five edits at once, each with one bomb (every edit decodes its image first).
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const review = (await (await send('/comments/', 'POST', form(pending[0]?.product.id, small))).json()) as {
      id: number;
    };
    const idle = samplePeakMemory(api.pid, 50);
    await new Promise((r) => setTimeout(r, 300));
    const base = idle.stop();
    const memory = samplePeakMemory(api.pid, 20);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, async () => (await send(`/comments/${review.id}/`, 'PUT', form())).status),
    );
    const peak = memory.stop();
    report(
      `five 40-megapixel PNGs (6320 × 6320) uploaded at once${label}`,
      `${statuses.join(',')}; API resident memory ${base} MB idle, peak ${peak} MB (+${peak - base} MB)`,
    );
  } finally {
    await api.stop();
  }
}
