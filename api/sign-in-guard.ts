/**
 * What a client address and the whole shop may spend on sign-in, beside the
 * per-pool rules of api/sign-in-codes.ts and api/device-pools.ts: SMS cost
 * money, and wrong codes spread over many phones add up.
 *
 * - SMS per pool (a phone from unrecognised browsers, or on one recognised
 *   browser) per day, per client address per day, and the shop's daily SMS
 *   budget. Over any of them: 429 with the wait, before any SMS.
 * - After `proofAfter` code requests from one address in a day, each further
 *   one needs a proof of work (contract/proof.ts): 428 with a challenge
 *   signed for that address, bits growing by one each time the day's count
 *   doubles. A solved challenge is spent once.
 * - Wrong codes per address per day, across all phones: past the cap every
 *   verify from that address waits (even the right code), so one address's
 *   expected take stays below one account per thousand days (api/README.md).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Lang } from '#contract/schemas.ts';
import { leadingZeroBits, proofText, type Challenge } from '#contract/proof.ts';
import type { AppContext } from './context.ts';
import { DAY_MS } from './device-pools.ts';
import { ApiError, tooMany, type Wait } from './http.ts';

export interface SignInLimits {
  /** SMS one pool of a phone may be sent in any 24 hours. */
  smsPerPoolDay: number;
  /** SMS the code requests of one client address may cause in any 24 hours. */
  smsPerAddressDay: number;
  /** SMS the shop sends in any 24 hours, to everyone. */
  smsPerDay: number;
  /** Code requests from one address in a day before each further one needs a proof of work. */
  proofAfter: number;
  /** The proof's zero bits at `proofAfter` requests; one more each time the count doubles, up to MAX_PROOF_BITS. */
  proofBits: number;
  /** Wrong codes one address may send in any 24 hours, across all phones. */
  wrongCodesPerAddressDay: number;
}

/** The defaults, and the env variable that overrides each (docs/operations.md, api/README.md). */
export const DEFAULT_SIGN_IN_LIMITS: { [K in keyof SignInLimits]: { value: number; env: string } } = {
  smsPerPoolDay: { value: 10, env: 'API_SMS_PER_PHONE_DAY' },
  smsPerAddressDay: { value: 300, env: 'API_SMS_PER_ADDRESS_DAY' },
  smsPerDay: { value: 5000, env: 'API_SMS_DAILY_BUDGET' },
  proofAfter: { value: 3, env: 'API_PROOF_AFTER' },
  proofBits: { value: 12, env: 'API_PROOF_BITS' },
  wrongCodesPerAddressDay: { value: 500, env: 'API_WRONG_CODES_PER_ADDRESS_DAY' },
};
export const defaultSignInLimits = (): SignInLimits =>
  Object.fromEntries(Object.entries(DEFAULT_SIGN_IN_LIMITS).map(([k, v]) => [k, v.value])) as unknown as SignInLimits;

/** The hardest proof ever asked: about a million hashes, a few seconds in a browser. */
export const MAX_PROOF_BITS = 20;
/** How long a challenge may be solved and sent. */
const CHALLENGE_MS = 10 * 60_000;

const PHONE_DAY: Wait = {
  uz: (n) => `Bu raqamga bugun juda koʻp kod yuborildi. ${n} soniyadan keyin qayta urinib koʻring.`,
  ru: (n) => `На этот номер сегодня отправлено слишком много кодов. Повторите через ${n} с.`,
};
const ADDRESS_DAY: Wait = {
  uz: (n) => `Bu tarmoqdan bugun juda koʻp kod soʻraldi. ${n} soniyadan keyin qayta urinib koʻring.`,
  ru: (n) => `Из этой сети сегодня запрошено слишком много кодов. Повторите через ${n} с.`,
};
const SHOP_DAY: Wait = {
  uz: (n) => `Kirish kodlari vaqtincha yuborilmayapti. ${n} soniyadan keyin qayta urinib koʻring.`,
  ru: (n) => `Коды для входа временно не отправляются. Повторите через ${n} с.`,
};
const WRONG_DAY: Wait = {
  uz: (n) => `Bu tarmoqdan juda koʻp notoʻgʻri kod kiritildi. ${n} soniyadan keyin qayta urinib koʻring.`,
  ru: (n) => `Из этой сети введено слишком много неверных кодов. Повторите через ${n} с.`,
};
const PROOF_NEEDED = 'Confirm the request: the page solves a short check and sends it again.';

/** The proof's bits for an address that made `count` code requests today (0: none needed). */
export function proofBitsFor(count: number, limits: Pick<SignInLimits, 'proofAfter' | 'proofBits'>): number {
  if (count < limits.proofAfter) return 0;
  return Math.min(MAX_PROOF_BITS, limits.proofBits + Math.floor(Math.log2(count / Math.max(1, limits.proofAfter))));
}

export function signInGuard(ctx: AppContext, limits: SignInLimits) {
  const { db } = ctx;
  const sign = (text: string) => createHmac('sha256', ctx.secret).update(`proof:${text}`).digest('base64url');

  /** The wait until the `limit`-th newest row of a day's count leaves the day, or 0 while under it. */
  const dayWait = (sql: string, limit: number, now: number, ...args: (string | number)[]) => {
    const nth = db.get<{ at_ms: number }>(
      `${sql} AND at_ms > ? ORDER BY at_ms DESC LIMIT 1 OFFSET ?`,
      ...args,
      now - DAY_MS,
      limit - 1,
    );
    return nth ? nth.at_ms + DAY_MS - now : 0;
  };
  const requestsToday = (address: string, now: number) =>
    db.get<{ n: number }>('SELECT count(*) AS n FROM sms_log WHERE address = ? AND at_ms > ?', address, now - DAY_MS)
      ?.n ?? 0;

  const newChallenge = (address: string, bits: number, now: number): Challenge => {
    const body = `${now + CHALLENGE_MS}.${bits}.${randomBytes(12).toString('base64url')}`;
    return { token: `${body}.${sign(`${body}.${address}`)}`, bits };
  };

  /** Whether `proof` solves a live, unspent challenge of this address worth at least `bits`; spends it. */
  const spendProof = (
    proof: { challenge: string; nonce: string } | undefined,
    address: string,
    bits: number,
    now: number,
  ) => {
    if (!proof) return false;
    const parts = proof.challenge.split('.');
    if (parts.length !== 4) return false;
    const [expires, given, , mac = ''] = parts;
    const expected = Buffer.from(sign(`${parts.slice(0, 3).join('.')}.${address}`));
    const macBytes = Buffer.from(mac);
    if (macBytes.length !== expected.length || !timingSafeEqual(macBytes, expected)) return false;
    if (Number(expires) < now || Number(given) < bits) return false;
    const digest = createHash('sha256').update(proofText(proof.challenge, proof.nonce)).digest();
    if (leadingZeroBits(digest) < Number(given)) return false;
    const hash = createHash('sha256').update(proof.challenge).digest('base64url');
    return (
      db.run('INSERT INTO spent_proofs (hash, until_ms) VALUES (?, ?) ON CONFLICT DO NOTHING', hash, Number(expires))
        .changes === 1
    );
  };

  return {
    /**
     * Checks the day's budgets and the proof for one code request and records its SMS (inside the caller's
     * transaction); answers the row to drop if the SMS could not be sent.
     */
    recordSms(
      phone: string,
      device: number,
      address: string,
      proof: { challenge: string; nonce: string } | undefined,
      lang: Lang,
      now: number,
    ): number {
      db.run('DELETE FROM sms_log WHERE at_ms <= ?', now - DAY_MS);
      db.run('DELETE FROM spent_proofs WHERE until_ms < ?', now);
      const shop = dayWait('SELECT at_ms FROM sms_log WHERE 1', limits.smsPerDay, now);
      if (shop > 0) throw tooMany(lang, shop, SHOP_DAY);
      const pool = dayWait(
        'SELECT at_ms FROM sms_log WHERE phone = ? AND device = ?',
        limits.smsPerPoolDay,
        now,
        phone,
        device,
      );
      if (pool > 0) throw tooMany(lang, pool, PHONE_DAY);
      const fromAddress = dayWait('SELECT at_ms FROM sms_log WHERE address = ?', limits.smsPerAddressDay, now, address);
      if (fromAddress > 0) throw tooMany(lang, fromAddress, ADDRESS_DAY);
      const bits = proofBitsFor(requestsToday(address, now), limits);
      if (bits > 0 && !spendProof(proof, address, bits, now))
        throw new ApiError(428, PROOF_NEEDED, undefined, undefined, newChallenge(address, bits, now));
      return db.run(
        'INSERT INTO sms_log (at_ms, phone, device, address) VALUES (?, ?, ?, ?)',
        now,
        phone,
        device,
        address,
      ).id;
    },

    /** Forgets an SMS that was not sent. */
    dropSms: (row: number) => void db.run('DELETE FROM sms_log WHERE rowid = ?', row),

    /** Refuses every verify from an address past its day's wrong codes (before the code is looked at). */
    checkWrongCodes(address: string, lang: Lang, now: number) {
      db.run('DELETE FROM wrong_codes WHERE at_ms <= ?', now - DAY_MS);
      const wait = dayWait(
        'SELECT at_ms FROM wrong_codes WHERE address = ?',
        limits.wrongCodesPerAddressDay,
        now,
        address,
      );
      if (wait > 0) throw tooMany(lang, wait, WRONG_DAY);
    },

    recordWrongCode: (address: string, now: number) =>
      void db.run('INSERT INTO wrong_codes (address, at_ms) VALUES (?, ?)', address, now),
  };
}
