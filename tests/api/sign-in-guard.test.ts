import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '#contract/schemas.ts';
import { createHash } from 'node:crypto';
import { leadingZeroBits, proofText, solveChallenge } from '#contract/proof.ts';
import { DAY_MS, HOUR_MS } from '../../api/device-pools.ts';
import { CODE_MINUTES } from '../../api/sign-in-codes.ts';
import { MAX_PROOF_BITS, proofBitsFor, type SignInLimits } from '../../api/sign-in-guard.ts';
import type { SmsSender } from '../../api/sms.ts';
import { NO_LIMITS, NO_SIGN_IN_LIMITS, startTestApi, type TestApi } from './helpers.ts';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.stop();
  api = undefined;
});

const start = async (limits: Partial<SignInLimits>, sms?: SmsSender, codesBudget?: number) => {
  api = await startTestApi({
    products: 4,
    ...(codesBudget
      ? { limits: { budgets: { ...NO_LIMITS.budgets, codes: { limit: codesBudget, windowMs: 600_000 } } } }
      : {}),
    server: { signInLimits: { ...NO_SIGN_IN_LIMITS, ...limits }, ...(sms ? { sms } : {}) },
  });
  return api;
};
const on = () => {
  if (!api) throw new Error('no API started');
  return api;
};
const phone = (i: number) => `+99894${String(i).padStart(7, '0')}`;
const requestCode = (phone_number: string, extra: Record<string, unknown> = {}) =>
  on().call('/users/auth/', { method: 'POST', body: { phone_number, ...extra } });
const verify = (user: number, code: string, device?: string) =>
  on().call('/users/verify/', { method: 'POST', body: { user, code, device } });
const codeFor = async (p: string) =>
  (await on().call(`/__test__/codes/?phone=${encodeURIComponent(p)}`)).body.code as string;
const pastCountdown = () => (on().clock.now += CODE_MINUTES * 60_000 + 1000);

describe('SMS budgets', () => {
  it('sends one pool of a phone at most smsPerPoolDay codes in 24 hours', async () => {
    await start({ smsPerPoolDay: 10 });
    const started = on().clock.now;
    let sent = 0;
    for (let hour = 0; hour < 24; hour++) {
      on().clock.now = started + hour * HOUR_MS;
      for (let i = 0; i < 5; i++) {
        if ((await requestCode(phone(1))).status === 200) sent++;
        pastCountdown();
      }
    }
    // Before: 5 an hour, 120 a day.
    expect(sent).toBe(10);
    const refused = await requestCode(phone(1), {});
    expect(refused.status).toBe(429);
    expect(ErrorBody.parse(refused.body).retry_after).toBeGreaterThan(0);
    on().clock.now = started + DAY_MS + HOUR_MS;
    expect((await requestCode(phone(1))).status).toBe(200);
  });

  it('sends the code requests of one address at most smsPerAddressDay codes a day', async () => {
    await start({ smsPerAddressDay: 5 });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await requestCode(phone(100 + i))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(on().sent.length).toBe(5);
    on().clock.now += DAY_MS;
    expect((await requestCode(phone(200))).status).toBe(200);
  });

  it("stops every code once the shop's daily SMS budget is spent", async () => {
    await start({ smsPerDay: 3 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await requestCode(phone(300 + i))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(on().sent.length).toBe(3);
  });

  it('gives back the budget of an SMS that could not be sent', async () => {
    let fail = true;
    const sent: string[] = [];
    await start(
      { smsPerAddressDay: 1 },
      {
        send: async (to) => {
          if (fail) throw new Error('the SMS gateway is down');
          sent.push(to);
        },
      },
    );
    expect((await requestCode(phone(400))).status).toBe(502);
    fail = false;
    expect((await requestCode(phone(401))).status).toBe(200);
    expect((await requestCode(phone(402))).status).toBe(429);
    expect(sent).toEqual([phone(401)]);
  });
});

describe('proof of work', () => {
  it('asks for one after proofAfter code requests from an address, and takes each solved challenge once', async () => {
    await start({ proofAfter: 2, proofBits: 8 });
    expect((await requestCode(phone(500))).status).toBe(200);
    expect((await requestCode(phone(501))).status).toBe(200);
    const asked = await requestCode(phone(502));
    expect(asked.status).toBe(428);
    const challenge = ErrorBody.parse(asked.body).challenge!;
    expect(challenge.bits).toBe(8);
    expect(on().sent.length).toBe(2);

    const nonce = await solveChallenge(challenge);
    expect((await requestCode(phone(502), { proof: { challenge: challenge.token, nonce } })).status).toBe(200);
    // Spent: the same proof again is asked for a new one.
    expect((await requestCode(phone(503), { proof: { challenge: challenge.token, nonce } })).status).toBe(428);
  });

  it("spends no address's code budget on the 428 that asks for it: shoppers behind one address keep their codes", async () => {
    await start({ proofAfter: 1, proofBits: 4 }, undefined, 3);
    for (let i = 0; i < 3; i++) {
      const asked = await requestCode(phone(560 + i));
      const challenge = asked.status === 428 ? ErrorBody.parse(asked.body).challenge : undefined;
      if (challenge)
        await requestCode(phone(560 + i), {
          proof: { challenge: challenge.token, nonce: await solveChallenge(challenge) },
        });
    }
    expect(on().sent).toHaveLength(3);
    expect((await requestCode(phone(570))).status).toBe(429);
  });

  it('refuses a nonce that does not solve it, a challenge with its bits lowered, and an expired one', async () => {
    await start({ proofAfter: 1, proofBits: 8 });
    await requestCode(phone(600));
    const challenge = ErrorBody.parse((await requestCode(phone(601))).body).challenge!;
    const nonce = await solveChallenge(challenge);
    const unsolved = Array.from({ length: 64 }, (_, i) => `x${i}`).find(
      (candidate) => leadingZeroBits(createHash('sha256').update(proofText(challenge.token, candidate)).digest()) < 8,
    )!;
    const proof = (token: string, n: string) => ({ proof: { challenge: token, nonce: n } });
    expect((await requestCode(phone(601), proof(challenge.token, unsolved))).status).toBe(428);
    const [expires, , salt, mac] = challenge.token.split('.');
    expect((await requestCode(phone(601), proof([expires, '0', salt, mac].join('.'), '0'))).status).toBe(428);
    on().clock.now += 11 * 60_000;
    expect((await requestCode(phone(601), proof(challenge.token, nonce))).status).toBe(428);
    expect(on().sent.length).toBe(1);
  });

  it('grows one bit each time the day’s requests double, up to MAX_PROOF_BITS', () => {
    const limits = { proofAfter: 3, proofBits: 12 };
    expect([0, 2, 3, 5, 6, 12, 24, 300, 1e9].map((n) => proofBitsFor(n, limits))).toEqual([
      0,
      0,
      12,
      12,
      13,
      14,
      15,
      18,
      MAX_PROOF_BITS,
    ]);
  });
});

describe('wrong codes per address', () => {
  it('refuses every verify from an address past its wrong codes of the day, even the right code', async () => {
    await start({ wrongCodesPerAddressDay: 6 });
    const users: number[] = [];
    for (let i = 0; i < 3; i++) users.push((await requestCode(phone(700 + i))).body.user);
    const statuses = [];
    // Spread over three phones, two wrong codes each: the per-code and per-pool rules never trigger.
    for (const user of users) for (let i = 0; i < 2; i++) statuses.push((await verify(user, '2222')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    const right = await verify(users[0]!, await codeFor(phone(700)));
    expect(right.status).toBe(429);
    on().clock.now += DAY_MS;
    const again = await requestCode(phone(700));
    expect((await verify(again.body.user, await codeFor(phone(700)))).status).toBe(200);
  });
});

describe('device token at sign-out', () => {
  it('no longer vouches for the phone once the session that sent it signed out', async () => {
    await start({});
    const owner = phone(800);
    const auth = await requestCode(owner);
    const signedIn = await verify(auth.body.user, await codeFor(owner));
    const device = signedIn.body.device as string;
    pastCountdown();
    // While signed in the browser is recognised: its codes are 4 digits.
    await requestCode(owner, { device });
    expect(await codeFor(owner)).toMatch(/^\d{4}$/);
    pastCountdown();
    const out = await on().call('/users/logout/', {
      method: 'POST',
      body: { refresh: signedIn.body.data.refresh, device },
    });
    expect(out.status).toBe(204);
    // The next person on this browser (or a script that kept the token) is a stranger: the wide codes of new browsers.
    await requestCode(owner, { device });
    expect(await codeFor(owner)).toMatch(/^[A-Z2-9]{4}$/);
    expect(await codeFor(owner)).not.toMatch(/^\d{4}$/);
  });
});
