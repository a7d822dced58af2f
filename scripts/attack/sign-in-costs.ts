/**
 * What sign-in costs the shop and what guessing across many phones yields, the device token after sign-out, other
 * origins, capability probes behind a failing proxy, the static host's headers, and the contract's bounds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectCapabilities, inEffect } from '../../src/data/capabilities.ts';
import { defaultSignInLimits, proofBitsFor } from '../../api/sign-in-guard.ts';
import { hostHeaders } from '../../integrations/host-headers.ts';
import { checkCapabilities } from '../rebuild/capability-check.ts';
import { serveSite } from '../serve.ts';
import { call, codeFor, count, LIFTED, report, requestCode, signIn, withApiEnv } from './support.ts';

/** A code sent to a new browser is 4 of 32 letters and digits: one guess finds it with probability 2^-20. */
const WIDE_CODES = 2 ** 20;

/**
 * SMS one address gets sent for 500 numbers, its per-10-minute ceiling lifted so only the day's rules count. The
 * proofs are made one bit hard here (the count is the point); their cost at the default bits is computed.
 */
export async function smsPerAddress() {
  await withApiEnv({ API_RATE_CODES: '1000000/60', API_PROOF_BITS: '1' }, async (api) => {
    let sent = 0;
    let proofs = 0;
    let refused = 0;
    for (let i = 0; i < 500 && refused < 20; i++) {
      const phone = `+99899${String(i).padStart(7, '0')}`;
      const first = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
      if (first.status === 428) proofs++;
      const auth = first.status === 428 ? await requestCode(api, phone) : first;
      if (auth.status === 200) sent++;
      if (auth.status === 429) refused++;
    }
    const limits = defaultSignInLimits();
    const hashes = Array.from({ length: sent }, (_, n) => proofBitsFor(n, limits)).reduce(
      (sum, bits) => sum + (bits > 0 ? 2 ** bits : 0),
      0,
    );
    report(
      'SMS pumping from one address: 500 numbers in a day, proof of work solved, 10-minute ceiling lifted',
      `${sent} SMS sent, ${proofs} after a proof of work (at the default bits about ${(hashes / 1e6).toFixed(0)} million hashes), then 429 (before: 500, and 8,640 a day under 60 per 10 minutes)`,
    );
  });
  await withApiEnv({ ...LIFTED, API_SMS_DAILY_BUDGET: '50' }, async (api) => {
    const answers = [];
    for (let i = 0; i < 80; i++)
      answers.push(
        (
          await call(api, '/users/auth/', {
            method: 'POST',
            body: { phone_number: `+99898${String(i).padStart(7, '0')}` },
          })
        ).status,
      );
    report(
      "the shop's daily SMS budget (API_SMS_DAILY_BUDGET=50), 80 numbers from many addresses",
      `${count(answers, (s) => s === 200)} SMS sent, ${count(answers, (s) => s === 429)} refused (before: no shop-wide cap)`,
    );
  });
}

/** Guessing across many phones from one address: wrong codes checked until the address's day is spent. */
export async function guessesPerAddress() {
  await withApiEnv(
    {
      API_RATE_CODES: '1000000/60',
      API_RATE_SIGNIN: '1000000/60',
      API_SMS_PER_ADDRESS_DAY: '1000000',
      API_PROOF_AFTER: '1000000',
    },
    async (api) => {
      let checked = 0;
      let refusal: Awaited<ReturnType<typeof call>> | undefined;
      for (let phone = 0; phone < 400 && !refusal; phone++) {
        const number = `+99897${String(phone).padStart(7, '0')}`;
        const auth = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: number } });
        if (auth.status !== 200) continue;
        const code = await codeFor(api, number);
        // Four wrong tries a phone: under every per-code and per-phone rule.
        for (let i = 0; i < 4; i++) {
          const res = await call(api, '/users/verify/', {
            method: 'POST',
            body: { user: (auth.body as { user: number }).user, code: code === 'AAAA' ? 'BBBB' : 'AAAA' },
          });
          if (res.status === 429) {
            refusal = res;
            break;
          }
          checked++;
        }
      }
      const wait = (refusal?.body as { retry_after?: number } | null)?.retry_after ?? 0;
      // The cap holds for any 24 hours: what was checked before the refusal is the address's day.
      const take = checked / WIDE_CODES;
      report(
        'guessing across many phones from one address, every rate ceiling lifted',
        `${checked} wrong codes checked, then ${refusal?.status ?? 'no refusal'} (wait ${(wait / 3600).toFixed(1)} h): expected take ${take.toExponential(1)} accounts a day, one per ${Math.round(1 / take)} days (before: 43,200 guesses a day, 0.04 accounts a day)`,
      );
    },
  );
}

/** The device token of a browser after its owner signed out, and a second phone signing in on that browser. */
export async function deviceAfterSignOut() {
  await withApiEnv(LIFTED, async (api) => {
    const owner = '+998901231231';
    const session = await signIn(api, owner);
    const logout = await call(api, '/users/logout/', {
      method: 'POST',
      body: { refresh: session.refresh, device: session.device },
    });
    // The next person on this shared browser (or a script that kept the token) asks for the owner's phone with it.
    await call(api, '/users/auth/', { method: 'POST', body: { phone_number: owner, device: session.device } });
    const code = await codeFor(api, owner);
    const second = await signIn(api, '+998901231232', session.device);
    report(
      "a shared browser: the owner's device token after sign-out, and another phone signing in with it",
      `logout ${logout.status}; the kept token asks as ${/^\d{4}$/.test(code) ? 'the owner’s recognised browser (its pool spent by others)' : 'a new browser (wide code, the owner’s pool untouched)'}; the other phone gets ${second.device === session.device ? 'the same token' : 'a token of its own'} (before: recognised after sign-out, one token for every phone, 10 wrong codes locked the owner's browser 3,479 s)`,
    );
  });
}

/** A page on another origin asks for a code in a visitor's browser (a simple request, no preflight). */
export async function otherOrigin() {
  await withApiEnv({ SITE_URL: 'https://bozor.example' }, async (api) => {
    const evil = 'https://evil.example';
    const sent = api.codes.size;
    const simple = await fetch(`${api.url}/users/auth/`, {
      method: 'POST',
      headers: { Origin: evil, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ phone_number: '+998901112244' }),
    });
    const preflight = await fetch(`${api.url}/users/auth/`, {
      method: 'OPTIONS',
      headers: { Origin: evil, 'Access-Control-Request-Method': 'POST' },
    });
    await new Promise((r) => setTimeout(r, 200));
    report(
      'another origin asks for a code in a visitor’s browser',
      `simple POST ${simple.status}, SMS sent ${api.codes.size - sent}; preflight Access-Control-Allow-Origin: ${preflight.headers.get('access-control-allow-origin') ?? 'none'} (before: 200, an SMS, and *)`,
    );
  });
}

/** Capability probes behind a proxy that answers every call with an HTML 502, and the rebuild gate after it. */
export async function failingProbes() {
  const proxy = createServer((_, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502</h1>'));
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const root = mkdtempSync(join(tmpdir(), 'bozor-attack-capabilities-'));
  try {
    const detected = await detectCapabilities(url, 100);
    let build = 'built';
    try {
      inEffect(detected, undefined);
    } catch (error) {
      build = `stops: ${(error as Error).message.slice(0, 60)}…`;
    }
    const live = join(root, 'live');
    const next = join(root, 'next');
    mkdirSync(live);
    mkdirSync(next);
    writeFileSync(join(live, 'capabilities.json'), JSON.stringify(['orders', 'refresh', 'logout']));
    writeFileSync(join(next, 'capabilities.json'), JSON.stringify(['orders', 'refresh']));
    let gate = 'published';
    try {
      checkCapabilities(live, next, undefined);
    } catch (error) {
      gate = `refused (${(error as Error).message.slice(0, 50)}…)`;
    }
    report(
      'capability probes behind a proxy answering HTML 502, and a build that lost logout',
      `${detected.unknown.length} unknown after 3 tries each, 0 absent; the build ${build}; the gate ${gate}; with API_CAPABILITIES=-logout: ${(() => {
        try {
          checkCapabilities(live, next, '-logout');
          return 'published';
        } catch {
          return 'refused';
        }
      })()} (before: 13 absent, logout off, published)`,
    );
  } finally {
    proxy.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Every HTML file the static host serves, by all its names: the page headers; and a missing hashed file's 404. */
export async function hostFiles() {
  const root = mkdtempSync(join(tmpdir(), 'bozor-attack-headers-'));
  for (const file of ['index.html', '404.html', 'uz.html', 'ru.html']) writeFileSync(join(root, file), '<h1>page</h1>');
  mkdirSync(join(root, 'uz', 'profile'), { recursive: true });
  writeFileSync(join(root, 'uz', 'profile', 'orders.html'), '<h1>orders</h1>');
  writeFileSync(join(root, '_headers'), hostHeaders("default-src 'self'"));
  const site = await serveSite(root, 0);
  try {
    const pages = await Promise.all(
      ['/index.html', '/uz.html', '/ru.html', '/', '/uz'].map(async (path) => {
        const headers = (await fetch(`${site.url}${path}`)).headers;
        return Boolean(
          headers.get('content-security-policy')?.includes("frame-ancestors 'none'") &&
          headers.get('permissions-policy'),
        );
      }),
    );
    const orders = (await fetch(`${site.url}/uz/profile/orders`)).headers.get('cache-control');
    const gone = (await fetch(`${site.url}/_astro/replaced.abc.js`)).headers.get('cache-control');
    report(
      'static host: /index.html, /uz.html, /ru.html, /, /uz; a private page; a file gone from /_astro/',
      `${count(pages, (ok) => ok)} of 5 with CSP, frame-ancestors and Permissions-Policy (before: 2 of 5); /uz/profile/orders Cache-Control: ${orders}; the gone file's 404: ${gone} (before: immutable for a year)`,
    );
  } finally {
    await site.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** The contract's bounds: a price of 1e308 through the back office, an id past 2^53 through the API. */
export async function bounds() {
  await withApiEnv(LIFTED, async (api) => {
    const product = spawnSync(
      process.execPath,
      ['api/product-cli.ts', '1', '--price', '1e308', '--data-dir', api.dataDir],
      { encoding: 'utf8' },
    );
    const shopper = await signIn(api, '+998907654321');
    const huge = await call(api, '/orders/add-basket/', {
      method: 'POST',
      token: shopper.access,
      body: { product: 2 ** 53 + 2, quantity: 1 },
    });
    const item = await call(api, `/orders/basket/delete/?item=${'9'.repeat(10)}`, {
      method: 'DELETE',
      token: shopper.access,
    });
    report(
      'bounds: price 1e308 (npm run product), product id 2^53+2, basket item 9,999,999,999',
      `exit ${product.status}; ${huge.status}; ${item.status}`,
    );
  });
}
