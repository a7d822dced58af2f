/** Shared by the operations tests: small release folders, the CLIs as child processes, a webhook listener. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Manifest } from '../../scripts/rebuild/manifest.ts';
import { manifestPath, siteDir } from '../../scripts/rebuild/releases.ts';

export const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `bozor-${name}-`));

/** Writes files (path → content) under root. */
export function writeSite(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

export const page = (body: string, head = '') =>
  `<!doctype html><html lang="uz"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

function manifestFor(id: string, products: number, publishedAt: string | null = null): Manifest {
  const locale = { products, categories: 15, stores: 7, pages: products + 20 };
  return {
    release: id,
    builtAt: new Date(0).toISOString(),
    commit: null,
    apiUrl: 'http://localhost:8787',
    siteUrl: 'http://localhost:4321',
    target: 'local',
    counts: { uz: locale, ru: locale },
    contentHash: `sha256:${id}`,
    pagefind: { files: 0, bytes: 0 },
    size: { files: 3, bytes: 100 },
    firstLoadKb: {},
    links: { pages: 3, checked: 3 },
    durationMs: 1,
    peakMemoryMb: 1,
    publishedAt,
  };
}

/** A kept release: a tiny site whose pages say which release they are, and its manifest. */
export function makeRelease(dir: string, id: string, options: { products?: number; published?: boolean } = {}): void {
  writeSite(siteDir(dir, id), {
    'index.html': page(`<p>${id}</p>`),
    'uz.html': page(`<h1>${id}</h1>`),
    '404.html': page('Not found'),
  });
  const manifest = manifestFor(
    id,
    options.products ?? 40,
    options.published === false ? null : new Date().toISOString(),
  );
  writeFileSync(manifestPath(dir, id), JSON.stringify(manifest));
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts one of the repo's scripts with only the environment given (plus PATH and HOME). */
export function startScript(script: string, args: string[], env: NodeJS.ProcessEnv, detached = false) {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (out.stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out.stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, ...out })));
  return { child, out, done };
}

export const runScript = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  startScript(script, args, env).done;

/** Resolves when the child's output first matches. */
export function outputMatches(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const look = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) resolve();
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.on('close', () => reject(new Error(`exited before printing ${pattern}:\n${seen.slice(-2000)}`)));
  });
}

export interface Webhook {
  url: string;
  messages: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** A local HTTP listener standing in for a Telegram bot's sendMessage URL. */
export async function startWebhook(): Promise<Webhook> {
  const messages: Webhook['messages'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      messages.push({ path: req.url ?? '', body: JSON.parse(body || '{}') as Record<string, unknown> });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bot123456:SECRET-TOKEN/sendMessage?chat_id=-100777`,
    messages,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

interface Answer {
  status: number;
  json: unknown;
}

/** Decides one answer: `upstream()` asks the real API. */
export type Rule = (request: { path: string; lang: string }, upstream: () => Promise<Answer>) => Promise<Answer>;

export interface Interposer {
  url: string;
  /** The rule for the next requests; null passes everything through. */
  rule: Rule | null;
  close(): Promise<void>;
}

/** An HTTP interposer in front of the real reference API, to make it misbehave on chosen calls. */
export async function startInterposer(upstream: string): Promise<Interposer> {
  const interposer: Interposer = { url: '', rule: null, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const lang = String(req.headers['accept-language'] ?? 'uz');
    const ask = async (): Promise<Answer> => {
      const response = await fetch(`${upstream}${path}`, { headers: { 'Accept-Language': lang } });
      return { status: response.status, json: await response.json() };
    };
    (interposer.rule ? interposer.rule({ path, lang }, ask) : ask()).then(
      ({ status, json }) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      },
      (error: unknown) => {
        res.writeHead(502);
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  interposer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  interposer.close = () =>
    new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return interposer;
}
