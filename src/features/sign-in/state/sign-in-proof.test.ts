/** The sign-in dialog's code requests solve the proof of work the API asks for after repeated requests. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApi } from '../../../backend/client.ts';
import { setApi } from '../../../backend/api.ts';
import { $pendingSignIn, requestCode, resendCode } from './session.ts';
import { NO_SIGN_IN_LIMITS, startTestApi, type TestApi } from '../../../../tests/api/helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    products: 4,
    server: { signInLimits: { ...NO_SIGN_IN_LIMITS, proofAfter: 1, proofBits: 8 } },
  });
  setApi(createApi({ baseURL: api.server.url, lang: 'uz' }));
});
afterAll(() => api.stop());

it("a shopper's code request and resend go through when the API asks for a proof of work", async () => {
  expect(await requestCode('998 90 111 22 01')).toEqual({ ok: true });
  // The second request from this address is asked for a proof (428): the store solves it and asks again.
  expect(await requestCode('998 90 111 22 02')).toEqual({ ok: true });
  api.clock.now += 121_000;
  $pendingSignIn.set({ ...$pendingSignIn.get()!, resendAt: 0 });
  expect(await resendCode()).toEqual({ ok: true });
  expect(api.sent.map((s) => s.phone)).toEqual(['+998901112201', '+998901112202', '+998901112202']);
});
