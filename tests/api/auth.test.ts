import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, pathFor, type Call } from '#contract/calls.ts';
import { ErrorBody } from '#contract/schemas.ts';
import { startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.stop());

const codeFor = async (phone: string) =>
  (await api.call(`/__test__/codes/?phone=${encodeURIComponent(phone)}`)).body.code as string;
const wrong = (code: string) => (code === '0000' ? '1111' : '0000');

describe('sign-in', () => {
  it('creates or finds the user and answers {user, time}', async () => {
    const first = await api.call('/users/auth/', { method: 'POST', body: { phone_number: '+998911112233' } });
    expect(first.status).toBe(200);
    expect(calls.auth.answer.parse(first.body)).toEqual({ user: expect.any(Number), time: 2 });
    const again = await api.call('/users/auth/', { method: 'POST', body: { phone_number: '+998911112233' } });
    expect(again.body.user).toBe(first.body.user);
    expect(api.sent.at(-1)).toEqual({ phone: '+998911112233', code: await codeFor('+998911112233') });
    expect(await codeFor('+998911112233')).toMatch(/^[0-9]{4}$/);
  });

  it('rejects a bad phone and a bad code format with field errors', async () => {
    for (const phone_number of ['998911112233', '+99891111223', '+7 911 111 22 33', '']) {
      const res = await api.call('/users/auth/', { method: 'POST', body: { phone_number } });
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).errors?.['phone_number']?.length).toBeGreaterThan(0);
    }
    const res = await api.call('/users/verify/', { method: 'POST', body: { user: 1, code: 'ab1' } });
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

  it('verifies a code once and answers tokens; refresh gives a new access token', async () => {
    const tokens = await api.signIn('+998933334455');
    expect(calls.verify.answer.parse({ data: { access: tokens.access, refresh: tokens.refresh } })).toBeTruthy();
    const profile = await api.call('/users/profile/', { token: tokens.access });
    expect(profile.status).toBe(200);
    expect(calls.profile.answer.parse(profile.body).phone_number).toBe('+998933334455');

    const refreshed = await api.call('/users/token/refresh/', { method: 'POST', body: { refresh: tokens.refresh } });
    expect(refreshed.status).toBe(200);
    const { access } = calls.refresh.answer.parse(refreshed.body);
    expect((await api.call('/users/profile/', { token: access })).status).toBe(200);

    for (const refresh of [tokens.access, 'garbage', 'a.b.c']) {
      const res = await api.call('/users/token/refresh/', { method: 'POST', body: { refresh } });
      expect(res.status).toBe(401);
      ErrorBody.parse(res.body);
    }
    // A refresh token is not an access token.
    expect((await api.call('/users/profile/', { token: tokens.refresh })).status).toBe(401);
  });

  it('expires codes after `time` minutes', async () => {
    const phone = '+998940000001';
    const { body } = await api.call('/users/auth/', { method: 'POST', body: { phone_number: phone } });
    const code = await codeFor(phone);
    api.clock.now += 2 * 60_000 + 1000;
    const res = await api.call('/users/verify/', { method: 'POST', body: { user: body.user, code } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/expired/i);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const phone = '+998940000002';
    const { body } = await api.call('/users/auth/', { method: 'POST', body: { phone_number: phone } });
    const code = await codeFor(phone);
    for (let i = 0; i < 5; i++) {
      const res = await api.call('/users/verify/', { method: 'POST', body: { user: body.user, code: wrong(code) } });
      expect(res.status).toBe(400);
    }
    const right = await api.call('/users/verify/', { method: 'POST', body: { user: body.user, code } });
    expect(right.status).toBe(400);
    expect(right.body.detail).toMatch(/too many|new code/i);
  });

  it('throttles resend until the countdown ends, then sends a new code', async () => {
    const phone = '+998940000003';
    const { body } = await api.call('/users/auth/', { method: 'POST', body: { phone_number: phone } });
    api.clock.now += 30_000;
    const early = await api.call('/users/auth/resend/', { method: 'POST', body: { phone_number: phone } });
    expect(early.status).toBe(429);
    const error = ErrorBody.parse(early.body);
    expect(error.retry_after).toBe(90);
    expect(error.detail).toMatch(/90 seconds/);
    expect(early.headers.get('retry-after')).toBe('90');

    api.clock.now += 90_000;
    const late = await api.call('/users/auth/resend/', { method: 'POST', body: { phone_number: phone } });
    expect(late.status).toBe(200);
    expect(calls.resend.answer.parse(late.body)).toEqual({ user: body.user, time: 2 });
    const verify = await api.call('/users/verify/', {
      method: 'POST',
      body: { user: body.user, code: await codeFor(phone) },
    });
    expect(verify.status).toBe(200);
  });

  it('expires access tokens after a day', async () => {
    const { access } = await api.signIn('+998940000004');
    api.clock.now += 24 * 3600_000 + 1000;
    expect((await api.call('/users/profile/', { token: access })).status).toBe(401);
  });

  it('answers 404 from the test-codes route for an unknown phone', async () => {
    expect((await api.call('/__test__/codes/?phone=%2B998000000000')).status).toBe(404);
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
