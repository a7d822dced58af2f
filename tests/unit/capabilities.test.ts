/** The build's capability probes against the two backends the project knows: the reference API and the spec backend. */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CAPABILITIES } from '#contract/capabilities.ts';
import { detectCapabilities } from '../../src/data/capabilities.ts';
import { startSpecBackend, type SpecBackend } from '../spec-backend/server.ts';
import { defaults } from '../spec-backend/settings.ts';
import { startTestApi, type TestApi } from '../api/helpers.ts';

let spec: SpecBackend;
let reference: TestApi;
beforeAll(async () => {
  [spec, reference] = await Promise.all([startSpecBackend({ ...defaults, port: 0 }), startTestApi({ products: 5 })]);
});
afterAll(() => Promise.all([spec.close(), reference.stop()]));

it('finds every capability on the reference API', async () => {
  expect(await detectCapabilities(reference.server.url, 1)).toEqual({ present: [...CAPABILITIES], unknown: [] });
});

it('finds only the unprobed ones and review writing (a §7 call) on a backend with only the spec calls', async () => {
  expect(await detectCapabilities(spec.origin, 1)).toEqual({
    present: ['device', 'installments', 'reviewWrite'],
    unknown: [],
  });
});

it('fails when the backend cannot be reached', async () => {
  await expect(detectCapabilities('http://127.0.0.1:9', 1)).rejects.toThrow(/cannot be reached/);
});

/** A proxy in front of the reference API that answers an HTML 502 to each call's first `faults` requests. */
async function flakyProxy(faults: number) {
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n <= faults) {
      res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
      return;
    }
    const upstream = request(
      `${reference.server.url}${req.url}`,
      { method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((done) => server.close(() => done())) };
}

it('asks again after an HTML 502, and finds what the backend has', async () => {
  const proxy = await flakyProxy(2);
  try {
    expect(await detectCapabilities(proxy.url, 1)).toEqual({ present: [...CAPABILITIES], unknown: [] });
  } finally {
    await proxy.close();
  }
});

it('never counts a capability absent because its probe kept answering an HTML 502: unknown, after three tries', async () => {
  const proxy = await flakyProxy(1000);
  try {
    const detected = await detectCapabilities(proxy.url, 1);
    expect(detected.present).toEqual(['device', 'installments']);
    expect(detected.unknown.map((u) => u.name)).toContain('logout');
    expect(detected.unknown).toHaveLength(13);
    expect(Math.max(...proxy.seen.values())).toBe(3);
  } finally {
    await proxy.close();
  }
});
