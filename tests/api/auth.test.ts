import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, pathFor, type Call } from '#contract/calls.ts';
import { ErrorBody } from '#contract/schemas.ts';
import {
  DAY_MS,
  FIRST_DELAY_MS,
  FREE_GUESSES,
  GUESSES_PER_30_DAYS,
  GUESSES_PER_HOUR,
  HOUR_MS,
  MAX_DELAY_MS,
  MONTH_MS,
} from '../../api/device-pools.ts';
import {
  CODE_MINUTES,
  CODES_PER_WINDOW,
  CODES_WINDOW_MS,
  MAX_TRIES,
  WIDE_CODE_ALPHABET,
} from '../../api/sign-in-codes.ts';
import { ACCESS_SECONDS, REFRESH_GRACE_MS } from '../../api/tokens.ts';
import { startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

const codeFor = async (phone: string) =>
  (await api.call(`/__test__/codes/?phone=${encodeURIComponent(phone)}`)).body.code as string;
const wrong = (code: string) => (code === '0000' ? '1111' : '0000');
const requestCode = (phone: string, lang?: string, device?: string) =>
  api.call('/users/auth/', { method: 'POST', body: { phone_number: phone, device }, ...(lang ? { lang } : {}) });
const verify = (user: number, code: string, lang?: string, device?: string) =>
  api.call('/users/verify/', { method: 'POST', body: { user, code, device }, ...(lang ? { lang } : {}) });
/** Every wrong id, and every wrong, expired or spent code, answers exactly this. */
const WRONG = {
  detail: 'The code is wrong or no longer valid. Check it, or request a new code.',
  errors: { code: ['The code is wrong or no longer valid. Check it, or request a new code.'] },
};
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
    expect(await codeFor(phone)).toMatch(new RegExp(`^[${WIDE_CODE_ALPHABET}]{4}$`));

    api.clock.now += 30_000;
    const again = await requestCode(phone);
    expect(again.status).toBe(429);
    expect(ErrorBody.parse(again.body).retry_after).toBe(90);
    expect(again.headers.get('retry-after')).toBe('90');

    pastCountdown();
    const later = await requestCode(phone);
    expect(later.status).toBe(200);
    // Each code request is a sign-in of its own; the new code replaces the last.
    expect(later.body.user).not.toBe(first.body.user);
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
    expect(res.body).toEqual(WRONG);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const phone = '+998940000002';
    const { body } = await requestCode(phone);
    const code = await codeFor(phone);
    for (let i = 0; i < MAX_TRIES; i++) expect((await verify(body.user, wrong(code))).status).toBe(400);
    const right = await verify(body.user, code);
    expect(right.status).toBe(400);
    expect(right.body).toEqual(WRONG);
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
    expect(calls.resend.answer.parse(late.body)).toEqual({ user: expect.any(Number), time: CODE_MINUTES });
    // The first code died with the new one.
    const code = await codeFor(phone);
    expect((await verify(body.user, code)).body).toEqual(WRONG);
    expect((await verify(late.body.user, code)).status).toBe(200);
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

describe('sign-in limits', () => {
  /** Guesses wrong codes for `phone` from browsers it never signed in on until refused; the refusal and the count. */
  const strangerGuesses = async (phone: string, most = 1000) => {
    let wrong = 0;
    for (let round = 0; wrong < most; round++) {
      const auth = await requestCode(phone);
      if (auth.status === 429) return { wrong, refusal: auth };
      const code = await codeFor(phone);
      for (let i = 0; i < MAX_TRIES && wrong < most; i++) {
        const res = await verify(auth.body.user, wrong_(code));
        if (res.status === 429) return { wrong, refusal: res };
        expect(res.body).toEqual(WRONG);
        wrong++;
      }
      pastCountdown();
    }
    return { wrong, refusal: undefined };
  };
  const wrong_ = wrong;
  /** Signs the owner in from their own browser: the device token it keeps. */
  const ownerDevice = async (phone: string) => {
    const auth = await requestCode(phone);
    const answer = calls.verify.answer.parse((await verify(auth.body.user, await codeFor(phone))).body);
    expect(answer.device).toMatch(/^[\w-]{43}$/);
    pastCountdown();
    return answer.device as string;
  };

  /** Guesses wrong codes for `phone` from the owner's own browser until refused; the count. */
  const ownGuesses = async (phone: string, device: string) => {
    let wrong = 0;
    for (;;) {
      const auth = await requestCode(phone, undefined, device);
      if (auth.status === 429) return wrong;
      const code = await codeFor(phone);
      for (let i = 0; i < MAX_TRIES; i++) {
        const res = await verify(auth.body.user, wrong_(code), undefined, device);
        if (res.status === 429) return wrong;
        wrong++;
      }
      pastCountdown();
    }
  };

  it('the takeover loop from new browsers: FREE_GUESSES wrong codes, then each one waits twice the last', async () => {
    const phone = '+998950000101';
    const waits: number[] = [];
    let guessed = 0;
    while (waits.length < 12) {
      const { wrong: round, refusal } = await strangerGuesses(phone);
      guessed += round;
      expect(refusal?.status).toBe(429);
      const lock = ErrorBody.parse(refusal?.body);
      expect(refusal?.headers.get('retry-after')).toBe(String(lock.retry_after));
      // The waits of wrong codes (not the resend countdown, which holds as ever).
      if (/notanish/.test(lock.detail)) waits.push(lock.retry_after ?? 0);
      api.clock.now += (lock.retry_after ?? 0) * 1000;
    }
    // Twelve waits bought about a dozen guesses past the free ones (the resend countdown overlaps the shortest).
    expect(guessed).toBeGreaterThanOrEqual(FREE_GUESSES + 11);
    expect(guessed).toBeLessThanOrEqual(FREE_GUESSES + 12);
    // 30 s or 1 min first, doubling, never past an hour.
    expect(waits[0]).toBeLessThanOrEqual((2 * FIRST_DELAY_MS) / 1000);
    expect(Math.max(...waits)).toBe(MAX_DELAY_MS / 1000);
    expect(waits.at(-1)).toBe(MAX_DELAY_MS / 1000);
  });

  it('a stranger cannot lock the owner out of a browser they signed in on; a new browser is told how long to wait', async () => {
    const phone = '+998950000102';
    const device = await ownerDevice(phone);
    // The stranger spends the phone's pool of unrecognised browsers, hour after hour.
    for (let hour = 0; hour < 3; hour++) {
      expect((await strangerGuesses(phone)).wrong).toBeGreaterThan(0);
      // The owner's browser asks for a code during the wait: sent, and the right code signs in.
      api.clock.now += 1000;
      const auth = await requestCode(phone, undefined, device);
      expect(auth.status).toBe(200);
      const signedIn = await verify(auth.body.user, await codeFor(phone), undefined, device);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.device).toBe(device);
      api.clock.now += HOUR_MS;
    }
    // A browser never used before, during a wait: 429 with the time to wait, in uz or ru.
    await strangerGuesses(phone);
    const fresh = await requestCode(phone);
    expect(fresh.status).toBe(429);
    const wait = ErrorBody.parse(fresh.body).retry_after ?? 0;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(MAX_DELAY_MS / 1000);
    expect(fresh.body.detail).toBe(
      `Bu raqamga notanish qurilmalardan juda koʻp notoʻgʻri kod kiritildi. Bu brauzerdan ${wait} soniyadan keyin kirish mumkin; avval kirgan qurilmangizdan hozir kirishingiz mumkin.`,
    );
    const ru = await requestCode(phone, 'ru');
    expect(ru.body.detail).toMatch(
      /^С незнакомых устройств для этого номера введено слишком много неверных кодов\. С этого браузера можно войти через \d+ с/,
    );
    // The owner's own wrong tries spend their browser's budget, not the phone's.
    const own = await requestCode(phone, undefined, device);
    expect(own.status).toBe(200);
    expect((await verify(own.body.user, wrong(await codeFor(phone)), undefined, device)).body).toEqual(WRONG);
  });

  it('a patient stranger: a new browser waits at most an hour, and 30 days of guesses stay far from a hit', async () => {
    const phone = '+998950000103';
    const started = api.clock.now;
    let total = 0;
    let longest = 0;
    // Guessing from new browsers whenever allowed, with unlimited addresses, for three days (then an hour apart).
    while (api.clock.now < started + 3 * DAY_MS) {
      const { wrong: round, refusal } = await strangerGuesses(phone);
      total += round;
      const wait = ErrorBody.parse(refusal?.body).retry_after ?? 0;
      longest = Math.max(longest, wait);
      api.clock.now += wait * 1000;
    }
    expect(longest).toBeLessThanOrEqual(MAX_DELAY_MS / 1000);
    // Codes of new browsers are 4 of 32 characters: 2^20, as many as SP 800-63B's 6 digits.
    const code = await codeFor(phone);
    expect(code).toMatch(new RegExp(`^[${WIDE_CODE_ALPHABET}]{4}$`));
    expect(total).toBeLessThan(100);
    const month = (total * MONTH_MS) / (3 * DAY_MS);
    expect(month / WIDE_CODE_ALPHABET.length ** 4).toBeLessThan(0.001);
    // Then the owner, on a browser never used before, signs in after at most an hour.
    api.clock.now += MAX_DELAY_MS;
    pastCountdown();
    const auth = await requestCode(phone);
    expect(auth.status).toBe(200);
    expect((await verify(auth.body.user, await codeFor(phone))).status).toBe(200);
  });

  it('a recognised browser keeps 4-digit codes, GUESSES_PER_HOUR wrong ones an hour and GUESSES_PER_30_DAYS in 30 days', async () => {
    const phone = '+998950000105';
    const device = await ownerDevice(phone);
    const started = api.clock.now;
    const hours: number[] = [];
    for (let hour = 0; hour < 12; hour++) {
      hours.push(await ownGuesses(phone, device));
      api.clock.now += HOUR_MS;
    }
    expect(hours).toEqual([...Array<number>(10).fill(GUESSES_PER_HOUR), 0, 0]);
    expect(hours.reduce((a, b) => a + b)).toBe(GUESSES_PER_30_DAYS);
    api.clock.now = started + MONTH_MS + 2 * HOUR_MS;
    expect((await requestCode(phone, undefined, device)).status).toBe(200);
    expect(await codeFor(phone)).toMatch(/^\d{4}$/);
  });

  it('recognises a device token only for the phone that proved it: another phone on that browser gets its own', async () => {
    const mine = '+998950000104';
    const other = '+998950000105';
    const device = await ownerDevice(mine);
    await strangerGuesses(other);
    expect((await requestCode(other, undefined, device)).status).toBe(429);
    expect((await requestCode(other, undefined, 'made-up-token')).status).toBe(429);
    api.clock.now += HOUR_MS;
    const auth = await requestCode(other, undefined, device);
    const answer = await verify(auth.body.user, await codeFor(other), undefined, device);
    const second = answer.body.device as string;
    expect(second).not.toBe(device);
    await strangerGuesses(other);
    // The first phone's token still does not vouch for the second phone; the second phone's own token does.
    expect((await requestCode(other, undefined, device)).status).toBe(429);
    expect((await requestCode(other, undefined, second)).status).toBe(200);
  });

  it('names sign-ins by random ids, and answers every wrong id or code the same way (no enumeration)', async () => {
    const stranger = '+998950000106';
    const theirs = await requestCode(stranger);
    const strangerCode = await codeFor(stranger);
    const mine = await requestCode('+998950000107');
    const ids = [theirs.body.user as number, mine.body.user as number];
    // Not sequential: the ids are spread over 2^53.
    expect(Math.abs(ids[0]! - ids[1]!)).toBeGreaterThan(1_000_000);
    expect(Math.max(...ids)).toBeGreaterThan(2 ** 31);
    // Probing ids near one's own finds nothing and burns nobody's code: every answer is the same.
    const bodies = new Set<string>();
    for (let delta = -20; delta <= 20; delta++) {
      if (delta === 0) continue;
      const res = await verify(ids[1]! + delta, '0000');
      expect(res.status).toBe(400);
      bodies.add(JSON.stringify(res.body));
    }
    const wrongCode = await verify(ids[1]!, wrong(await codeFor('+998950000107')));
    bodies.add(JSON.stringify(wrongCode.body));
    expect([...bodies]).toEqual([JSON.stringify(WRONG)]);
    expect((await verify(theirs.body.user, strangerCode)).status).toBe(200);
    // A spent code, and an unknown id, still the same.
    expect((await verify(theirs.body.user, strangerCode)).body).toEqual(WRONG);
    expect((await verify(Number.MAX_SAFE_INTEGER, '1234')).body).toEqual(WRONG);
  });

  it('sends one browser pool at most CODES_PER_WINDOW codes per window, whatever the countdown allows', async () => {
    const phone = '+998950000108';
    const started = api.clock.now;
    // Signing in from the owner's browser the first time spends one code of the unrecognised pool.
    const device = await ownerDevice(phone);
    for (let i = 1; i < CODES_PER_WINDOW; i++) {
      expect((await requestCode(phone)).status).toBe(200);
      pastCountdown();
    }
    const refused = await requestCode(phone);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/juda koʻp kod/);
    expect(ErrorBody.parse(refused.body).retry_after).toBe(
      Math.ceil((started + CODES_WINDOW_MS - api.clock.now) / 1000),
    );
    // The SMS flood on the number does not silence the owner's browser.
    expect((await requestCode(phone, undefined, device)).status).toBe(200);
    api.clock.now = started + CODES_WINDOW_MS;
    expect((await requestCode(phone)).status).toBe(200);
  });

  it('creates no user for numbers that never verify, and forgets their codes once dead', async () => {
    const users = userCount();
    for (let i = 0; i < 20; i++) expect((await requestCode(`+9989100${String(i).padStart(5, '0')}`)).status).toBe(200);
    expect(userCount()).toBe(users);
    const pending = () =>
      api.server.db.get<{ n: number }>("SELECT count(*) AS n FROM challenges WHERE phone LIKE '+9989100%'")?.n;
    expect(pending()).toBe(20);
    api.clock.now += CODE_MINUTES * 60_000 + 1000;
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

    // The old refresh token comes back after the grace window (a thief's copy): refused, and the whole session.
    api.clock.now += REFRESH_GRACE_MS + 1000;
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

  it('answers concurrent and repeated refreshes with one token within the grace window with the same new pair', async () => {
    const tokens = await api.signIn('+998960000005');
    // Two tabs at once.
    const [a, b] = await Promise.all([refresh(tokens.refresh), refresh(tokens.refresh)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    const pair = calls.refresh.answer.parse(a.body);
    // The answer was lost on a flaky network: the retry, 29 s later, gets the same pair again.
    api.clock.now += REFRESH_GRACE_MS - 1000;
    expect((await refresh(tokens.refresh)).body).toEqual(pair);
    expect((await api.call('/users/profile/', { token: pair.access })).status).toBe(200);
    // The new pair rotates on as usual.
    const next = calls.refresh.answer.parse((await refresh(pair.refresh)).body);
    expect((await api.call('/users/profile/', { token: next.access })).status).toBe(200);
    // Two rotations back is never within grace: reuse, the session ends.
    expect((await refresh(tokens.refresh)).status).toBe(401);
    expect((await api.call('/users/profile/', { token: next.access })).status).toBe(401);
  });

  it('answers the grace pair only to the browser that renewed; another racing it ends the session', async () => {
    const phone = '+998960000006';
    const auth = await requestCode(phone);
    const signedIn = calls.verify.answer.parse((await verify(auth.body.user, await codeFor(phone))).body);
    const owner = signedIn.device ?? '';
    const renew = (token: string, device?: string) =>
      api.call('/users/token/refresh/', { method: 'POST', body: { refresh: token, device } });
    const first = await renew(signedIn.data.refresh, owner);
    expect(first.status).toBe(200);
    // The owner's second tab, within the grace window: the same pair.
    expect((await renew(signedIn.data.refresh, owner)).body).toEqual(first.body);
    // A thief with a copy of the token, racing it from another browser (or none): refused, and the session ends.
    expect((await renew(signedIn.data.refresh, 'another-browser')).status).toBe(401);
    expect((await api.call('/users/profile/', { token: first.body.access })).status).toBe(401);
    expect((await renew(first.body.refresh, owner)).status).toBe(401);

    // The other way round: the thief renews first, and the owner's renewal within the grace window ends it.
    pastCountdown();
    const again = await requestCode(phone, undefined, owner);
    const session = calls.verify.answer.parse(
      (await verify(again.body.user, await codeFor(phone), undefined, owner)).body,
    ).data;
    const stolen = await renew(session.refresh);
    expect(stolen.status).toBe(200);
    expect((await renew(session.refresh, owner)).status).toBe(401);
    expect((await api.call('/users/profile/', { token: stolen.body.access })).status).toBe(401);
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
