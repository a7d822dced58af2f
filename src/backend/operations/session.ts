/**
 * Signing in and out (spec §6, §7): a code asked for a phone (again with the
 * proof of work while the API asks for one: contract/proof.ts, loaded only
 * then), the code verified for tokens, and the session revoked on the server.
 * Used as `session.sendCode(phone)`.
 */
import type { ApiError } from '#contract/errors.ts';
import { call, getApi, statusOf } from '../api.ts';
import type { AuthAnswer, VerifyAnswer } from '../shop.ts';

/** The proof of work a refusal asks for (428 with a challenge), if that is what it is. */
const challengeOf = (error: unknown) => (statusOf(error) === 428 ? (error as ApiError).challenge : undefined);

/** A code request, sent again with the proof of work while the API asks for one (after repeated requests). */
async function askForCode(name: 'auth' | 'resend', phone: string): Promise<AuthAnswer> {
  const api = await getApi();
  try {
    return await api.call(name, { body: { phone_number: phone } });
  } catch (error) {
    const challenge = challengeOf(error);
    if (!challenge) throw error;
    const { sendWithProof } = await import('#contract/proof.ts');
    return sendWithProof(challenge, (proof) => api.call(name, { body: { phone_number: phone, proof } }), challengeOf);
  }
}

/** A code for a complete Uzbek number (+998...): who it is for, and the seconds until another may be asked. */
export const sendCode = (phone: string): Promise<AuthAnswer> => askForCode('auth', phone);

export const resendCode = (phone: string): Promise<AuthAnswer> => askForCode('resend', phone);

/** The tokens for a code sent to `user`, and this browser's device token when the backend gives one. */
export const verify = (user: number, code: string): Promise<VerifyAnswer> => call('verify', { body: { code, user } });

/** Revokes the refresh token (and makes the API forget the device token, when one is sent). */
export async function logout(refresh: string, device?: string): Promise<void> {
  await call('logout', { body: { refresh, ...(device ? { device } : {}) } });
}
