import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, pathFor, type Call } from '#contract/calls.ts';
import { ErrorBody } from '#contract/schemas.ts';
import {
  ACCESS_SECONDS,
  CODE_MINUTES,
  CODES_PER_WINDOW,
  CODES_WINDOW_MS,
  LOCK_AFTER,
  LOCK_MS,
  MAX_TRIES,
} from '../../api/auth.ts';
import { startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

const codeFor = async (phone: string) =>
  (await api.call(`/__test__/codes/?phone=${encodeURIComponent(phone)}`)).body.code as string;
const wrong = (code: string) => (code === '0000' ? '1111' : '0000');
const requestCode = (phone: string, lang?: string) =>
  api.call('/users/auth/', { method: 'POST', body: { phone_number: phone }, ...(lang ? { lang } : {}) });
const verify = (user: number, code: string, lang?: string) =>
  api.call('/users/verify/', { method: 'POST', body: { user, code }, ...(lang ? { lang } : {}) });
/** Past the resend countdown, so the next code request is allowed. */
const pastCountdown = () => (api.clock.now += CODE_MINUTES * 60_000 + 1000);
const userCount = () => api.server.db.get<{ n: number }>('SELECT count(*) AS n FROM users')?.n ?? 0;

describe('sign-in', () => {
  it('answers {user, time} for a code request; the countdown holds for a second request too', async () => {
    const phone = '+998911112233';
    const first = await requestCode(phone);
    expect(first.status).toBe(200);
    expect(calls.auth.answer.parse(first.body)).toEqual({ user: expect.any(Number), time: CODE_MINUTES });
    expect(api.sent.at(-1)).toEqual({ phone, code: await codeFor(phone) });
    expect(await codeFor(phone)).toMatch(/^[0-9]{4}$/);

    api.clock.now += 30_000;
    const again = await requestCode(phone);
    expect(again.status).toBe(429);
    expect(ErrorBody.parse(again.body).retry_after).toBe(90);
    expect(again.headers.get('retry-after')).toBe('90');

    pastCountdown();
    const later = await requestCode(phone);
    expect(later.status).toBe(200);
    expect(later.body.user).toBe(first.body.user);
  });

  it('rejects a bad phone and a bad code format with field errors', async () => {
    for (const phone_number of ['998911112233', '+99891111223', '+7 911 111 22 33', '']) {
      const res = await requestCode(phone_number);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).errors?.['phone_number']?.length).toBeGreaterThan(0);
    }
    const res = await verify(1, 'ab1');
    expect(res.status).toBe(400);
    expect(res.body.errors.code).toBeDefined();
  });

  it('rejects malformed JSON and a missing body', async () => {
    const bad = await api.call('/users/auth/', { method: 'POST', raw: '{"phone_number": ' });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).errors).toBeDefined();
    const none = await api.call('/users/auth/', { method: 'POST' });
    expect(none.status).toBe(400);
  });

  it('verifies a code once and answers tokens that read the profile', async () => {
    const phone = '+998933334455';
    const { body } = await requestCode(phone);
    const code = await codeFor(phone);
    const verified = await verify(body.user, code);
    expect(verified.status).toBe(200);
    const { access, refresh } = calls.verify.answer.parse(verified.body).data;
    expect(access).not.toBe(refresh);
    const profile = await api.call('/users/profile/', { token: access });
    expect(profile.status).toBe(200);
    expect(calls.profile.answer.parse(profile.body).phone_number).toBe(phone);
    // A code works once.
    expect((await verify(body.user, code)).status).toBe(400);
    // A refresh token is not an access token.
    expect((await api.call('/users/profile/', { token: refresh })).status).toBe(401);
  });

  it('expires codes after `time` minutes', async () => {
    const phone = '+998940000001';
    const { body } = await requestCode(phone);
    const code = await codeFor(phone);
    api.clock.now += CODE_MINUTES * 60_000 + 1000;
    const res = await verify(body.user, code);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/expired/i);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const phone = '+998940000002';
    const { body } = await requestCode(phone);
    const code = await codeFor(phone);
    for (let i = 0; i < MAX_TRIES; i++) expect((await verify(body.user, wrong(code))).status).toBe(400);
    const right = await verify(body.user, code);
    expect(right.status).toBe(400);
    expect(right.body.detail).toMatch(/too many|new code/i);
  });

  it('throttles resend until the countdown ends, in the shopper’s language, then sends a new code', async () => {
    const phone = '+998940000003';
    const { body } = await requestCode(phone);
    api.clock.now += 30_000;
    const early = await api.call('/users/auth/resend/', { method: 'POST', body: { phone_number: phone } });
    expect(early.status).toBe(429);
    const error = ErrorBody.parse(early.body);
    expect(error.retry_after).toBe(90);
    expect(error.detail).toBe('Yangi kodni 90 soniyadan keyin soʻrash mumkin.');
    expect(early.headers.get('retry-after')).toBe('90');
    const ru = await api.call('/users/auth/resend/', { method: 'POST', lang: 'ru', body: { phone_number: phone } });
    expect(ru.body.detail).toBe('Новый код можно запросить через 90 с.');

    api.clock.now += 90_000;
    const late = await api.call('/users/auth/resend/', { method: 'POST', body: { phone_number: phone } });
    expect(late.status).toBe(200);
    expect(calls.resend.answer.parse(late.body)).toEqual({ user: body.user, time: CODE_MINUTES });
    expect((await verify(body.user, await codeFor(phone))).status).toBe(200);
  });

  it('expires access tokens after 15 minutes', async () => {
    expect(ACCESS_SECONDS).toBe(15 * 60);
    const { access } = await api.signIn('+998940000004');
    api.clock.now += ACCESS_SECONDS * 1000 - 1000;
    expect((await api.call('/users/profile/', { token: access })).status).toBe(200);
    api.clock.now += 2000;
    expect((await api.call('/users/profile/', { token: access })).status).toBe(401);
  });

  it('answers 404 from the test-codes route for an unknown phone', async () => {
    expect((await api.call('/__test__/codes/?phone=%2B998000000000')).status).toBe(404);
  });
});

describe('sign-in limits (issue 7, findings 1 and 2)', () => {
  it('the takeover loop: new codes between guesses never buy more than the per-phone budget', async () => {
    const phone = '+998950000101';
    let wrongAnswers = 0;
    let locked: Awaited<ReturnType<typeof verify>> | undefined;
    // The attacker's loop: request a code, guess until the code dies, request another.
    for (let round = 0; round < 20 && !locked; round++) {
      const auth = await requestCode(phone);
      if (auth.status === 429) {
        locked = auth;
        break;
      }
      expect(auth.status).toBe(200);
      const code = await codeFor(phone);
      for (let guess = 0; guess < MAX_TRIES; guess++) {
        const res = await verify(auth.body.user, wrong(code));
        if (res.status === 429) {
          locked = res;
          break;
        }
        expect(res.status).toBe(400);
        wrongAnswers++;
      }
      pastCountdown();
    }
    // The tenth wrong try locks (and answers 429 itself): nine were plain wrong answers.
    expect(wrongAnswers).toBe(LOCK_AFTER - 1);
    expect(locked?.status).toBe(429);
    const lock = ErrorBody.parse(locked?.body);
    expect(lock.retry_after).toBeGreaterThan(0);
    expect(lock.retry_after).toBeLessThanOrEqual(LOCK_MS / 1000);
    expect(locked?.headers.get('retry-after')).toBe(String(lock.retry_after));
  });

  it('refuses the right code while locked, says so in uz or ru, and lifts the lock after its window', async () => {
    const phone = '+998950000102';
    // Wrong tries spread over three codes (3 + 5 + 2): the lock comes while the last code still has tries left.
    let user = 0;
    for (const guesses of [3, 5, 2]) {
      const auth = await requestCode(phone);
      expect(auth.status).toBe(200);
      user = auth.body.user;
      const code = await codeFor(phone);
      for (let i = 0; i < guesses; i++) await verify(user, wrong(code));
      if (guesses !== 2) pastCountdown();
    }
    const right = await verify(user, await codeFor(phone));
    expect(right.status).toBe(429);
    expect(right.body.detail).toMatch(/^Juda koʻp notoʻgʻri urinish\. \d+ soniyadan keyin qayta urinib koʻring\.$/);
    expect(ErrorBody.parse(right.body).retry_after).toBe(LOCK_MS / 1000);
    expect(right.headers.get('retry-after')).toBe(String(LOCK_MS / 1000));
    pastCountdown();
    const newCode = await requestCode(phone, 'ru');
    expect(newCode.status).toBe(429);
    expect(newCode.body.detail).toMatch(/^Слишком много неверных попыток\. Повторите через \d+ с\.$/);

    api.clock.now += LOCK_MS;
    const after = await requestCode(phone);
    expect(after.status).toBe(200);
    expect((await verify(after.body.user, await codeFor(phone))).status).toBe(200);
  });

  it('a success resets the failure count; a second lock lasts twice as long', async () => {
    const phone = '+998950000103';
    const fail = async (times: number) => {
      const auth = await requestCode(phone);
      const code = await codeFor(phone);
      const answers = [];
      for (let i = 0; i < times; i++) answers.push((await verify(auth.body.user, wrong(code))).status);
      pastCountdown();
      return { answers, user: auth.body.user as number };
    };
    const signInRight = async () => {
      const auth = await requestCode(phone);
      expect((await verify(auth.body.user, await codeFor(phone))).status).toBe(200);
      pastCountdown();
    };
    // 9 failures, a success, 9 more: without the reset the second run would lock.
    await fail(5);
    await fail(4);
    await signInRight();
    await fail(5);
    expect((await fail(4)).answers).toEqual([400, 400, 400, 400]);

    // Two locks without a success between: the second lasts 2 × LOCK_MS.
    api.clock.now += CODES_WINDOW_MS;
    await signInRight();
    await fail(5);
    expect((await fail(5)).answers.at(-1)).toBe(429);
    api.clock.now += LOCK_MS;
    await fail(5);
    const second = await fail(5);
    expect(second.answers.at(-1)).toBe(429);
    api.clock.now += LOCK_MS;
    expect((await requestCode(phone)).status).toBe(429);
    api.clock.now += LOCK_MS;
    expect((await requestCode(phone)).status).toBe(200);
  });

  it('sends one phone at most CODES_PER_WINDOW codes per window, whatever the countdown allows', async () => {
    const phone = '+998950000104';
    const started = api.clock.now;
    for (let i = 0; i < CODES_PER_WINDOW; i++) {
      expect((await requestCode(phone)).status).toBe(200);
      pastCountdown();
    }
    const refused = await requestCode(phone);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/juda koʻp kod/);
    expect(ErrorBody.parse(refused.body).retry_after).toBe(
      Math.ceil((started + CODES_WINDOW_MS - api.clock.now) / 1000),
    );
    api.clock.now = started + CODES_WINDOW_MS;
    expect((await requestCode(phone)).status).toBe(200);
  });

  it('creates no user for numbers that never verify, and forgets them after a day', async () => {
    const users = userCount();
    for (let i = 0; i < 20; i++) expect((await requestCode(`+9989100${String(i).padStart(5, '0')}`)).status).toBe(200);
    expect(userCount()).toBe(users);
    const pending = () =>
      api.server.db.get<{ n: number }>("SELECT count(*) AS n FROM sign_ins WHERE phone LIKE '+9989100%'")?.n;
    expect(pending()).toBe(20);
    api.clock.now += 24 * 3600_000 + 1000;
    await requestCode('+998910099999');
    expect(pending()).toBe(1);
  });
});

describe('sessions and tokens', () => {
  const refresh = (token: string) => api.call('/users/token/refresh/', { method: 'POST', body: { refresh: token } });
  const logout = (token: string) => api.call('/users/logout/', { method: 'POST', body: { refresh: token } });

  it('rotates the refresh token on use; a reused one is refused and ends the session', async () => {
    const first = await api.signIn('+998960000001');
    const rotated = await refresh(first.refresh);
    expect(rotated.status).toBe(200);
    const second = calls.refresh.answer.parse(rotated.body);
    expect(second.refresh).not.toBe(first.refresh);
    expect((await api.call('/users/profile/', { token: second.access })).status).toBe(200);

    // The old refresh token comes back (a thief's copy): refused, and the whole session with it.
    const reused = await refresh(first.refresh);
    expect(reused.status).toBe(401);
    expect(ErrorBody.parse(reused.body).detail).toMatch(/already used/);
    expect((await refresh(second.refresh)).status).toBe(401);
    expect((await api.call('/users/profile/', { token: second.access })).status).toBe(401);
    expect((await api.call('/users/profile/', { token: first.access })).status).toBe(401);

    for (const token of [first.access, 'garbage', 'a.b.c']) {
      const res = await refresh(token);
      expect(res.status).toBe(401);
      ErrorBody.parse(res.body);
    }
  });

  it('keeps other sessions of the same shopper when one is reused or logged out', async () => {
    const phone = '+998960000002';
    const laptop = await api.signIn(phone);
    pastCountdown();
    const phoneApp = await api.signIn(phone);
    expect((await logout(laptop.refresh)).status).toBe(204);
    expect((await api.call('/users/profile/', { token: phoneApp.access })).status).toBe(200);
    expect((await refresh(phoneApp.refresh)).status).toBe(200);
  });

  it('logs out: the refresh token and the access tokens of that session stop working', async () => {
    const tokens = await api.signIn('+998960000003');
    const out = await logout(tokens.refresh);
    expect(out.status).toBe(204);
    expect(out.body).toBeNull();
    expect((await refresh(tokens.refresh)).status).toBe(401);
    expect((await api.call('/users/profile/', { token: tokens.access })).status).toBe(401);
    // Signing out twice is harmless; a token we never signed is not ours to revoke.
    expect((await logout(tokens.refresh)).status).toBe(204);
    expect((await logout('garbage')).status).toBe(401);
    expect((await api.call('/users/logout/', { method: 'POST', body: {} })).status).toBe(400);
  });

  it('refreshes after the access token expires, until the refresh token does', async () => {
    const tokens = await api.signIn('+998960000004');
    api.clock.now += ACCESS_SECONDS * 1000 + 1000;
    expect((await api.call('/users/profile/', { token: tokens.access })).status).toBe(401);
    const renewed = calls.refresh.answer.parse((await refresh(tokens.refresh)).body);
    expect((await api.call('/users/profile/', { token: renewed.access })).status).toBe(200);
    api.clock.now += 31 * 24 * 3600_000;
    expect((await refresh(renewed.refresh)).status).toBe(401);
  });

  it('marks personal answers no-store and every JSON answer nosniff', async () => {
    const phone = '+998960000005';
    const auth = await requestCode(phone);
    const verified = await verify(auth.body.user, await codeFor(phone));
    const profile = await api.call('/users/profile/', { token: verified.body.data.access });
    const refreshed = await refresh(verified.body.data.refresh);
    const denied = await api.call('/orders/basket/');
    for (const res of [auth, verified, profile, refreshed, denied]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const categories = await api.call('/products/categories/');
    expect(categories.headers.get('cache-control')).toBeNull();
    expect(categories.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('auth-required calls', () => {
  const required = Object.entries(calls as Record<string, Call>).filter(([, call]) => call.auth === 'required');
  it.each(required)('%s answers 401 without a token and with a garbage token', async (_name, call) => {
    const path = pathFor(call.path, { id: 1, address: 'texnomart-qarshi' });
    for (const token of [undefined, 'garbage.token.here']) {
      const res = await api.call(path, {
        method: call.method,
        ...(call.method === 'GET' ? {} : { body: {} }),
        ...(token ? { token } : {}),
      });
      expect(res.status).toBe(401);
      expect(ErrorBody.safeParse(res.body).success).toBe(true);
    }
  });
});
