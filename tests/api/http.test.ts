/** HTTP hygiene: malformed paths, unread bodies on keep-alive connections. */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#contract/schemas.ts';
import { MAX_FORM_BODY, MAX_JSON_BODY } from '../../api/bodies.ts';
import { startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi({ products: 10 });
  token = (await api.signIn('+998990000002')).access;
});
afterAll(() => api.stop());

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The request went out on a socket an earlier request had used. */
  reused: boolean;
}

/** One request through a keep-alive agent; the body is written whole. */
function send(agent: Agent, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${api.server.url}${path}`, { agent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
          reused: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A multipart review form of about `size` bytes. */
function multipart(size: number) {
  const boundary = 'bozor-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\nx\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.alloc(size, 7),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe('HTTP hygiene', () => {
  it('answers malformed %-escapes with 400 (or 404), never 500', async () => {
    const media = await fetch(`${api.server.url}/media/%`);
    expect(media.status).toBe(400);
    ErrorBody.parse(await media.json());
    for (const path of ['/media/%zz.svg', '/api/v1/stores/%/', '/api/v1/stores/%E0%A4%A/products/', '/api/v1/%/']) {
      const res = await fetch(`${api.server.url}${path}`);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('keeps a keep-alive connection usable after answering before the body was read', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const form = multipart(5 * 1024 * 1024);
      const warm = await send(agent, 'GET', '/api/v1/products/categories/');
      expect(warm.status).toBe(200);
      // The case: 404 for someone else's review, with a 5 MB upload behind it.
      const notFound = await send(
        agent,
        'PUT',
        '/api/v1/comments/999/',
        { Authorization: `Bearer ${token}`, 'Content-Type': form.type },
        form.body,
      );
      expect(notFound.status).toBe(404);
      expect(notFound.headers.connection).toBe('keep-alive');
      // Answered before anything reads the body: no token.
      const unauthorised = await send(agent, 'PUT', '/api/v1/comments/999/', { 'Content-Type': form.type }, form.body);
      expect(unauthorised.status).toBe(401);
      const next = await send(agent, 'GET', '/api/v1/products/categories/');
      expect(next.status).toBe(200);
      expect(next.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('closes the connection, saying so, when a body is over its cap', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const json = await send(
        agent,
        'POST',
        '/api/v1/users/auth/',
        { 'Content-Type': 'application/json' },
        Buffer.alloc(MAX_JSON_BODY + 1, 32),
      );
      expect(json.status).toBe(413);
      expect(json.headers.connection).toBe('close');
      const form = multipart(MAX_FORM_BODY);
      const upload = await send(
        agent,
        'PUT',
        '/api/v1/comments/999/',
        { Authorization: `Bearer ${token}`, 'Content-Type': form.type },
        form.body,
      );
      expect(upload.status).toBe(413);
      // The next request gets a fresh connection and works.
      const next = await send(agent, 'GET', '/api/v1/products/categories/');
      expect(next.status).toBe(200);
      expect(next.reused).toBe(false);
    } finally {
      agent.destroy();
    }
  });
});
