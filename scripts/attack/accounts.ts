/** Sign-in, sessions, payments and storage attacks, each against a fresh API. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { clickSign } from '../../api/click.ts';
import { DEV_SECRET } from '../../api/server.ts';
import { buildApi } from '../../src/data/catalogue.ts';
import { QARSHI_ADDRESS as address } from '../../tests/fixtures/address.ts';
import { imageBombs } from './bodies.ts';
import {
  call,
  codeFor,
  count,
  LIFTED,
  orderOne,
  report,
  requestCode,
  runToExit,
  signIn,
  startApi,
  stderr,
  withApi,
} from './support.ts';

/** Sign-in, sessions, payments and storage, each against a fresh API. */
export async function accountRounds() {
  // 1. Lockout: a stranger with unlimited addresses, knowing only the phone: a code and five wrong
  // ones, the countdown waited out (2 minutes, while the other rounds run), again. Then the owner, from the browser
  // they signed in on, and a browser never used before.
  const lockout = withApi(true, async (api) => {
    const phone = '+998901118899';
    const owner = await signIn(api, phone);
    let guesses = 0;
    let sms = 0;
    let refusal: Awaited<ReturnType<typeof call>> | undefined;
    for (let round = 0; round < 3 && !refusal; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, 121_000));
      const auth = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
      if (auth.status !== 200) {
        refusal = auth;
        break;
      }
      sms++;
      const code = await codeFor(api, phone);
      for (let i = 0; i < 5; i++) {
        const res = await call(api, '/users/verify/', {
          method: 'POST',
          body: { user: (auth.body as { user: number }).user, code: code === '0000' ? '1111' : '0000' },
        });
        if (res.status === 429) {
          refusal = res;
          break;
        }
        guesses++;
      }
    }
    const own = await call(api, '/users/auth/', {
      method: 'POST',
      body: { phone_number: phone, device: owner.device },
    });
    let ownVerify: number | string = '-';
    const ownCode = await codeFor(api, phone).catch(() => '0000');
    ownVerify = (
      await call(api, '/users/verify/', {
        method: 'POST',
        body: { user: (own.body as { user?: number }).user ?? 1, code: ownCode, device: owner.device },
      })
    ).status;
    const fresh = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
    const detail = (fresh.body as { detail?: string; retry_after?: number } | null) ?? {};
    return () =>
      report(
        'lockout: code + 5 wrong, countdown waited, again; then the owner’s browser and a new one',
        `stranger: ${sms} SMS, ${guesses} wrong codes checked, then ${refusal?.status ?? 'no refusal'} (wait ${(refusal?.body as { retry_after?: number } | null)?.retry_after ?? '-'} s); owner's browser: code ${own.status}, sign-in ${ownVerify}; new browser: ${fresh.status} (wait ${detail.retry_after ?? '-'} s: "${(detail.detail ?? '').slice(0, 70)}…")`,
      );
  });

  // 2. Enumeration: strangers' pending sign-ins near one's own id.
  await withApi(true, async (api) => {
    const strangers = Array.from({ length: 20 }, (_, i) => `+99893${String(4000000 + i)}`);
    const ids: number[] = [];
    for (const phone of strangers) {
      const auth = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
      ids.push((auth.body as { user: number }).user);
    }
    const codes = await Promise.all(strangers.map((phone) => codeFor(api, phone)));
    const mine = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: '+998935000000' } });
    const own = (mine.body as { user: number }).user;
    await codeFor(api, '+998935000000');
    const unknown = JSON.stringify(
      (await call(api, '/users/verify/', { method: 'POST', body: { user: 2_000_000_007, code: '0000' } })).body,
    );
    const answers = new Set<string>();
    let live = 0;
    for (let delta = -25; delta <= 25; delta++) {
      if (delta === 0 || own + delta < 1) continue;
      // Five wrong tries on each: enough to burn a 5-try code.
      for (let i = 0; i < 5; i++) {
        const res = await call(api, '/users/verify/', { method: 'POST', body: { user: own + delta, code: '0000' } });
        const body = JSON.stringify(res.body);
        answers.add(`${res.status} ${body}`);
        if (i === 0 && body !== unknown) live++;
      }
    }
    let burnt = 0;
    for (const [i, phone] of strangers.entries()) {
      const res = await call(api, '/users/verify/', { method: 'POST', body: { user: ids[i], code: codes[i] } });
      if (res.status !== 200 && codes[i] !== '0000') burnt++;
      void phone;
    }
    const gaps = ids.slice(1).map((id, i) => Math.abs(id - (ids[i] ?? 0)));
    report(
      'enumeration: up to 50 ids around one’s own, five wrong codes each, 20 strangers waiting',
      `ids ${Math.min(...gaps) <= 1 ? 'sequential' : `random (smallest gap ${Math.min(...gaps).toExponential(1)})`}; live sign-ins found: ${live}; distinct wrong answers: ${answers.size}; strangers' codes burnt: ${burnt}`,
    );
  });

  // 3. Carrier NAT: 30 shoppers with different phones behind one address, default limits (their browsers solve the
  // proof of work the API asks after the first few code requests).
  await withApi(false, async (api) => {
    const phones = Array.from({ length: 30 }, (_, i) => `+99894${String(3000000 + i)}`);
    let sent = 0;
    let signedIn = 0;
    for (const phone of phones) {
      const auth = await requestCode(api, phone);
      if (auth.status !== 200) continue;
      sent++;
      const code = await codeFor(api, phone);
      const res = await call(api, '/users/verify/', {
        method: 'POST',
        body: { user: (auth.body as { user: number }).user, code },
      });
      if (res.status === 200) signedIn++;
    }
    report(
      'carrier NAT: 30 shoppers, different phones, one address, default limits',
      `${sent} codes sent, ${signedIn} signed in`,
    );
  });

  // 4. Two tabs refresh with one token; a refresh whose answer was lost is repeated.
  await withApi(true, async (api) => {
    const tokens = await signIn(api, '+998907771111');
    const refresh = (token: string) => call(api, '/users/token/refresh/', { method: 'POST', body: { refresh: token } });
    const [a, b] = await Promise.all([refresh(tokens.refresh), refresh(tokens.refresh)]);
    const pair = (x: typeof a) => x.body as { access?: string; refresh?: string };
    const winner = a.status === 200 ? pair(a) : pair(b);
    const profile = await call(api, '/users/profile/', { token: winner.access ?? '' });
    const second = await signIn(api, '+998907771112');
    await refresh(second.refresh);
    const retried = await refresh(second.refresh);
    const after = await call(api, '/users/profile/', { token: pair(retried).access ?? '' });
    // A renewed pair is answered again only to the browser that renewed it: within the grace window a thief (another
    // browser) uses the token the owner just renewed.
    const victim = await signIn(api, '+998907771113');
    const renewed = await call(api, '/users/token/refresh/', {
      method: 'POST',
      body: { refresh: victim.refresh, device: victim.device },
    });
    const thief = await refresh(victim.refresh);
    const ownerAfter = await call(api, '/users/profile/', { token: pair(renewed).access ?? '' });
    report(
      'the owner renews, a thief uses the same refresh token within the grace window',
      `owner ${renewed.status}; thief ${thief.status} (${thief.status === 200 ? 'got the pair' : 'no pair'}); the owner's new pair then ${ownerAfter.status}`,
    );
    report(
      'two tabs refresh with the same token at once; a lost answer retried',
      `tabs: ${a.status}, ${b.status} (same pair: ${JSON.stringify(pair(a)) === JSON.stringify(pair(b)) ? 'yes' : 'no'}), then profile ${profile.status}; retry: ${retried.status}, then profile ${after.status}`,
    );
  });

  // 5. Payments: the providers' callbacks, with their keys configured.
  const PAYME_KEY = 'attack-payme-key';
  const CLICK_KEY = 'attack-click-key';
  const dataDir = mkdtempSync(join(tmpdir(), 'bozor-attack-'));
  const pay = await startApi(
    {
      API_SEED_PRODUCTS: '300',
      ...LIFTED,
      PAYME_MERCHANT_ID: 'attack-merchant',
      PAYME_MERCHANT_KEY: PAYME_KEY,
      CLICK_SERVICE_ID: '77',
      CLICK_MERCHANT_ID: '88',
      CLICK_SECRET_KEY: CLICK_KEY,
    },
    dataDir,
  );
  try {
    const shopper = await signIn(pay, '+998901212121');
    const catalogue = (await call(pay, '/products/catalogue/?page_size=1000')).body as {
      results: { id: number; stock: number; features: unknown[] }[];
    };
    const product = catalogue.results.filter((p) => p.features.length === 0).sort((x, y) => y.stock - x.stock)[0];
    const order = async (method: string) => {
      const placed = await orderOne(pay, { ...shopper, phone: '+998901212121' }, product?.id, {
        address,
        payment_method: method,
      });
      return placed.body as { id: number; price: number };
    };
    const paymentOf = async (id: number) =>
      ((await call(pay, `/orders/${id}/`, { token: shopper.access })).body as { payment_status?: string })
        .payment_status;
    const payme = async (method: string, params: object, key = PAYME_KEY) => {
      const res = await call(pay, '/payments/payme/', {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}` },
        body: { jsonrpc: '2.0', id: 1, method, params },
      });
      const body = res.body as { error?: { code: number }; result?: unknown } | null;
      return res.status === 200 ? (body?.error?.code ?? 'ok') : `HTTP ${res.status}`;
    };
    const o1 = await order('payme');
    const account = { order_id: String(o1.id) };
    const wrongKey = await payme('CheckPerformTransaction', { amount: o1.price * 100, account }, 'guess');
    const wrongAmount = await payme('CheckPerformTransaction', { amount: o1.price, account });
    const created = await payme('CreateTransaction', {
      id: 'atk-1',
      time: Date.now(),
      amount: o1.price * 100,
      account,
    });
    const performed = await payme('PerformTransaction', { id: 'atk-1' });
    const paidPayme = await paymentOf(o1.id);
    const cancelled = await call(pay, `/orders/${o1.id}/cancel/`, { method: 'POST', token: shopper.access });
    const refund = (cancelled.body as { payment_status?: string }).payment_status;

    const o2 = await order('click');
    const fields: Record<string, string> = {
      click_trans_id: '5550001',
      service_id: '77',
      click_paydoc_id: '1',
      merchant_trans_id: String(o2.id),
      amount: String(o2.price),
      action: '0',
      error: '0',
      error_note: 'Success',
      sign_time: '2026-05-01 12:00:00',
    };
    // Signed as Click signs (the API's own rule): this round is about the flow, the test replays the formula.
    const signOf = (f: Record<string, string>, complete: boolean) => clickSign(f, CLICK_KEY, complete);
    const click = async (stage: string, f: Record<string, string>, sign: string) => {
      const res = await call(pay, `/payments/click/${stage}/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...f, sign_string: sign }).toString(),
      });
      return res.status === 200
        ? (res.body as { error: number | string; merchant_prepare_id?: number })
        : { error: `HTTP ${res.status}`, merchant_prepare_id: undefined };
    };
    const badSign = await click('prepare', fields, 'f'.repeat(32));
    const prepared = await click('prepare', fields, signOf(fields, false));
    const done = { ...fields, action: '1', merchant_prepare_id: String(prepared.merchant_prepare_id ?? 0) };
    const completed = await click('complete', done, signOf(done, true));
    const paidClick = await paymentOf(o2.id);
    report(
      'payments: Payme (wrong key, wrong amount, create, perform), Click (bad sign, prepare, complete), refund',
      `Payme: ${wrongKey} / ${wrongAmount} / ${created} / ${performed} → order ${paidPayme}; Click: ${badSign.error} / ${prepared.error} / ${completed.error} → order ${paidClick}; paid order cancelled → ${refund ?? cancelled.status}`,
    );

    // The sandbox never pays beside live providers (NODE_ENV unset): a Payme order paid through it.
    const o3 = await order('payme');
    const byCard = await call(pay, `/orders/${o3.id}/pay/`, {
      method: 'POST',
      token: shopper.access,
      body: { method: 'card' },
    });
    const sandboxUrl = (byCard.body as { payment_url?: string } | null)?.payment_url;
    const sandboxPaid = sandboxUrl
      ? (await fetch(`${sandboxUrl}/pay`, { method: 'POST', redirect: 'manual' })).status
      : '-';
    report(
      'payment sandbox beside live Payme and Click, NODE_ENV unset: a Payme order paid by card',
      `pay call ${byCard.status} (${sandboxUrl ? `link ${new URL(sandboxUrl).pathname.split('/').slice(0, 3).join('/')}/…` : 'no link'}), sandbox pay ${sandboxPaid} → order ${await paymentOf(o3.id)}`,
    );

    // 6a. A deleted user's id and the old tokens.
    const gone = await signIn(pay, '+998901313131');
    const goneId = ((await call(pay, '/users/profile/', { token: gone.access })).body as { id: number }).id;
    const shell = new DatabaseSync(join(pay.dataDir, 'bozor.sqlite'), {
      timeout: 5000,
      enableForeignKeyConstraints: false,
    });
    shell.prepare('DELETE FROM users WHERE id = ?').run(goneId);
    shell.close();
    const newcomer = await signIn(pay, '+998901414141');
    const newId = ((await call(pay, '/users/profile/', { token: newcomer.access })).body as { id: number }).id;
    const old = await call(pay, '/users/profile/', { token: gone.access });
    report(
      'deleted user (SQLite shell, foreign keys off), then a new user signs in',
      `ids ${goneId} → ${newId}; the deleted user's token opens: ${old.status === 200 ? `the new user's profile (${(old.body as { phone_number?: string }).phone_number})` : old.status}`,
    );
  } finally {
    await pay.stop();
  }

  // 6b. Five 40-megapixel PNGs at once: as the API starts by default, and with the allocator returning large buffers.
  await imageBombs({}, '');
  await imageBombs({ MALLOC_MMAP_THRESHOLD_: '131072' }, ', MALLOC_MMAP_THRESHOLD_=131072');

  // 6c. A full disk: the API's data folder on a 24 MB tmpfs, filled up (needs root to mount; skipped otherwise).
  const mount = mkdtempSync(join(tmpdir(), 'bozor-full-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mount]).status === 0) {
    try {
      stderr.quiet = true;
      const full = await startApi({ API_SEED_PRODUCTS: '300', ...LIFTED }, join(mount, 'data'));
      try {
        const shopper = await signIn(full, '+998901515151');
        // Fill what is left of the disk.
        const filler = Buffer.alloc(1024 * 1024);
        try {
          for (let i = 0; i < 64; i++) writeFileSync(join(mount, `filler-${i}`), filler);
        } catch {
          // full
        }
        try {
          for (let i = 0; i < 1024; i++) writeFileSync(join(mount, `small-${i}`), Buffer.alloc(4096));
        } catch {
          // full to the last page
        }
        // New shoppers sign in (each code request and sign-in writes in a transaction) until the disk refuses.
        const answers: (number | string)[] = [];
        for (let i = 0; i < 200; i++) {
          const res = await call(full, '/users/auth/', {
            method: 'POST',
            body: { phone_number: `+99890${String(7000000 + i)}` },
          });
          answers.push(res.status);
          if (res.status !== 200) break;
          await call(full, '/users/profile/', {
            method: 'PATCH',
            token: shopper.access,
            body: { first_name: 'x'.repeat(100), last_name: `n${i}`, father_name: 'y'.repeat(100) },
          });
        }
        const logged =
          full.errors.find((line) => /full|ENOSPC|rollback/i.test(line)) ?? full.errors[0] ?? '(nothing logged)';
        report(
          'full disk (tmpfs of 24 MB, filled)',
          `${answers.length - 1} writes, then ${answers.at(-1)}; logged: ${logged.slice(0, 150)}`,
        );
      } finally {
        await full.stop().catch(() => undefined);
      }
    } finally {
      stderr.quiet = false;
      spawnSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
    }
  } else {
    rmSync(mount, { recursive: true, force: true });
    report('full disk', 'skipped: mounting a small tmpfs needs root (tests/api/hardening.test.ts covers it)');
  }

  // 6d. An unusable data folder; 6e. a low-entropy secret in production.
  const parent = mkdtempSync(join(tmpdir(), 'bozor-attack-'));
  try {
    writeFileSync(join(parent, 'file'), 'x');
    const bad = await runToExit({ API_PORT: '0', API_DATA_DIR: join(parent, 'file', 'data') });
    const lines = bad.output.split('\n').filter((l) => l && !/ExperimentalWarning|trace-warnings/.test(l));
    report('API_DATA_DIR inside a file', `exit ${bad.code}, ${lines.length} line(s): ${lines[0]?.slice(0, 150)}`);
    mkdirSync(join(parent, 'p'));
    const weak = await runToExit({
      NODE_ENV: 'production',
      API_PORT: '0',
      API_DATA_DIR: join(parent, 'p'),
      AUTH_SECRET: 'a'.repeat(32),
      SMS_SENDER: 'eskiz',
      ESKIZ_EMAIL: 'a@b.uz',
      ESKIZ_PASSWORD: 'x',
    });
    report(
      'NODE_ENV=production, AUTH_SECRET = 32 × "a"',
      `exit ${weak.code}: ${weak.output.split('\n').find((l) => l.includes('AUTH_SECRET')) ?? weak.output.split('\n').find((l) => /listening/.test(l)) ?? ''}`.slice(
        0,
        200,
      ),
    );
    // Weak production secrets, and production spelt otherwise; each must be refused in one line.
    const safe = {
      NODE_ENV: 'production',
      API_PORT: '0',
      API_DATA_DIR: join(parent, 'p'),
      AUTH_SECRET: 'k7Qv2Lw9Zp4Xc1Rt8Ym3Nb6Hs0Gd5Jf-uE',
      SMS_SENDER: 'eskiz',
      ESKIZ_EMAIL: 'a@b.uz',
      ESKIZ_PASSWORD: 'x',
    };
    const weakOnes: Record<string, string>[] = [
      { AUTH_SECRET: DEV_SECRET },
      { AUTH_SECRET: 'abcdefghijklmnopqrstuvwxyz012345' },
      { AUTH_SECRET: 'qwertyuiopasdfghjklzxcvbnm123456' },
      { API_BUILD_TOKEN: safe.AUTH_SECRET },
      { PAYME_MERCHANT_ID: 'm', PAYME_MERCHANT_KEY: 'k' },
      { CLICK_SERVICE_ID: '1', CLICK_MERCHANT_ID: '2', CLICK_SECRET_KEY: 'k' },
      { NODE_ENV: 'Production' },
    ];
    const runs = await Promise.all(weakOnes.map((change) => runToExit({ ...safe, ...change })));
    const problems = runs.map((r) => r.output.split('\n').filter((l) => l.startsWith('  - ')));
    report(
      'production with the development secret, alphabet and keyboard runs, the build token, one-character provider keys, NODE_ENV=Production',
      `${count(runs, (r) => r.code === 1)} of ${runs.length} refused, ${count(problems, (p) => p.length === 1)} with one line each; ${count(runs, (r) => /listening/.test(r.output))} started`,
    );
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }

  // 6f. The build's client against an API that throttles for 5 s (Retry-After: 5), then answers.
  const opened = Date.now();
  const throttling = createServer((_req, res) => {
    const busy = Date.now() - opened < 5000;
    res.writeHead(busy ? 429 : 200, { 'Content-Type': 'application/json', ...(busy ? { 'Retry-After': '5' } : {}) });
    res.end(busy ? '{"detail":"slow down","retry_after":5}' : '[]');
  });
  await new Promise<void>((resolve) => throttling.listen(0, '127.0.0.1', resolve));
  try {
    const started = performance.now();
    const outcome = await buildApi(`http://127.0.0.1:${(throttling.address() as AddressInfo).port}`, 'uz')
      .then((api) => api.call('categories'))
      .then(
        () => 'loaded',
        (error: { status?: number }) => `gave up (${error.status})`,
      );
    report(
      'build client, API answering 429 Retry-After: 5 for 5 s',
      `${outcome} after ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    throttling.close();
  }
  (await lockout)();
}
