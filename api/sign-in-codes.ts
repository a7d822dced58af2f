/**
 * Sign-in by SMS code.
 *
 * A stranger who knows a phone number must not be able to lock its
 * owner out, nor find or burn anyone else's pending sign-in.
 *
 * - Each code request is a challenge of its own, named by a random id (53
 *   bits, never sequential); its code works only for it. Every wrong id and
 *   every wrong, expired or spent code answers the same 400.
 * - Codes and wrong guesses are counted per pool (api/device-pools.ts). Per
 *   pool: a code per CODE_MINUTES and CODES_PER_WINDOW an hour; MAX_TRIES
 *   wrong tries per code. A pool over budget answers 429 with the time to
 *   wait, in the shopper's language, before any SMS.
 * - A user row is made only when a code is verified; the sign-in opens a
 *   session (api/sessions.ts).
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from './context.ts';
import { devicePools, HOUR_MS, MONTH_MS, UNRECOGNISED } from './device-pools.ts';
import { ApiError, fieldError, tooMany, type Handlers, type Wait } from './http.ts';
import type { Lang } from '#contract/schemas.ts';
import { openSession } from './sessions.ts';
import { signInGuard } from './sign-in-guard.ts';

/** Code lifetime and resend countdown, in minutes (the `time` of the answer). */
export const CODE_MINUTES = 2;
/** Wrong tries one code survives. */
export const MAX_TRIES = 5;
/** Codes sent to one pool per CODES_WINDOW_MS: a cap on SMS bombing one number. */
export const CODES_PER_WINDOW = 5;
export const CODES_WINDOW_MS = HOUR_MS;
/** Codes for unrecognised browsers: 32 letters and digits, without the look-alikes 0, O, 1 and I. */
export const WIDE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const COUNTDOWN: Wait = {
  uz: (n) => `Yangi kodni ${n} soniyadan keyin soʻrash mumkin.`,
  ru: (n) => `Новый код можно запросить через ${n} с.`,
};
const TOO_MANY_CODES: Wait = {
  uz: (n) => `Bu raqamga juda koʻp kod yuborildi. ${n} soniyadan keyin qayta urinib koʻring.`,
  ru: (n) => `На этот номер отправлено слишком много кодов. Повторите через ${n} с.`,
};
/** Every wrong id and every wrong, expired or spent code: one answer, so none tells them apart. */
const WRONG_CODE = 'The code is wrong or no longer valid. Check it, or request a new code.';

interface ChallengeRow {
  id: number;
  phone: string;
  device: number;
  code: string;
  code_ms: number;
  tries: number;
}
interface BudgetRow {
  last_ms: number;
  sent: number;
  since_ms: number;
}

/** A code request as the handlers pass it on: the page's language, the client address and its proof of work. */
interface CodeRequest {
  lang: Lang;
  address: string;
  proof: { challenge: string; nonce: string } | undefined;
}

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The latest live code for a phone, for the test-only route. */
export function latestCode(ctx: AppContext, phone: string): string | null {
  return (
    ctx.db.get<{ code: string }>('SELECT code FROM challenges WHERE phone = ? ORDER BY code_ms DESC, rowid DESC', phone)
      ?.code ?? null
  );
}

export function signInHandlers(ctx: AppContext): Pick<Handlers, 'auth' | 'verify' | 'resend'> {
  const { db } = ctx;
  const { deviceOf, guessWait, lockedError, rememberDevice } = devicePools(ctx);
  const guard = signInGuard(ctx, ctx.signInLimits);

  /** A new random challenge id: 53 bits, so live ids cannot be found by trying numbers. */
  const newChallengeId = () => {
    for (;;) {
      const id = Number(randomBytes(8).readBigUInt64BE() >> 11n);
      if (id > 0 && !db.get('SELECT 1 FROM challenges WHERE id = ?', id)) return id;
    }
  };

  /** Checks every limit on sending a code to this pool and reserves the code, in one step (no await in between). */
  const reserveCode = (phone: string, device: number, request: CodeRequest) =>
    db.tx(() => {
      const now = ctx.now();
      // Forget what can no longer matter: dead codes, guesses past the longest window, idle budgets.
      db.run('DELETE FROM challenges WHERE code_ms < ?', now - CODE_MINUTES * 60_000);
      db.run('DELETE FROM guesses WHERE at_ms < ?', now - MONTH_MS);
      db.run('DELETE FROM code_budgets WHERE last_ms < ?', now - CODES_WINDOW_MS);
      const { lang } = request;
      const locked = guessWait(phone, device, now);
      if (locked > 0) throw lockedError(lang, device, locked);
      const budget = db.get<BudgetRow>('SELECT * FROM code_budgets WHERE phone = ? AND device = ?', phone, device);
      // The resend countdown holds for /users/auth/ as well: a new request is not a way around it.
      if (budget && now < budget.last_ms + CODE_MINUTES * 60_000)
        throw tooMany(lang, budget.last_ms + CODE_MINUTES * 60_000 - now, COUNTDOWN);
      const windowOpen = budget !== undefined && now < budget.since_ms + CODES_WINDOW_MS;
      if (budget && windowOpen && budget.sent >= CODES_PER_WINDOW)
        throw tooMany(lang, budget.since_ms + CODES_WINDOW_MS - now, TOO_MANY_CODES);
      const sms = guard.recordSms(phone, device, request.address, request.proof, lang, now);
      db.run(
        `INSERT INTO code_budgets (phone, device, last_ms, sent, since_ms) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (phone, device) DO UPDATE SET last_ms = ?3, sent = ?4, since_ms = ?5`,
        phone,
        device,
        now,
        windowOpen ? budget.sent + 1 : 1,
        windowOpen ? budget.since_ms : now,
      );
      // One live code per pool: a new one replaces the pool's last.
      db.run('DELETE FROM challenges WHERE phone = ? AND device = ?', phone, device);
      const id = newChallengeId();
      const code =
        device === UNRECOGNISED
          ? Array.from({ length: 4 }, () => WIDE_CODE_ALPHABET[randomInt(WIDE_CODE_ALPHABET.length)]).join('')
          : String(randomInt(10_000)).padStart(4, '0');
      db.run(
        'INSERT INTO challenges (id, phone, device, code, code_ms) VALUES (?, ?, ?, ?, ?)',
        id,
        phone,
        device,
        code,
        now,
      );
      return { id, code, sms };
    });

  const sendCode = async (phone: string, deviceToken: string | undefined, request: CodeRequest) => {
    const device = deviceOf(deviceToken, phone, ctx.now());
    const { id, code, sms } = reserveCode(phone, device, request);
    try {
      await ctx.sms.send(phone, `Bozor: kirish kodi ${code}. Код для входа: ${code}`, code);
    } catch (error) {
      console.error('[sms] sending failed:', error);
      // No code went out: the shopper may ask again at once.
      db.tx(() => {
        db.run('DELETE FROM challenges WHERE id = ?', id);
        guard.dropSms(sms);
        db.run(
          'UPDATE code_budgets SET last_ms = 0, sent = max(0, sent - 1) WHERE phone = ? AND device = ?',
          phone,
          device,
        );
      });
      throw new ApiError(502, 'Could not send the SMS code. Please try again later.');
    }
    return { user: id, time: CODE_MINUTES };
  };

  return {
    async auth({ body, lang, address }) {
      const { data } = await body();
      return sendCode(data.phone_number, data.device, { lang, address, proof: data.proof });
    },

    async resend({ body, lang, address }) {
      const { data } = await body();
      return sendCode(data.phone_number, data.device, { lang, address, proof: data.proof });
    },

    async verify({ body, lang, address }) {
      const { data } = await body();
      const now = ctx.now();
      const signedIn = db.tx(() => {
        guard.checkWrongCodes(address, lang, now);
        const row = db.get<ChallengeRow>('SELECT * FROM challenges WHERE id = ?', data.user);
        const live = row && now <= row.code_ms + CODE_MINUTES * 60_000 && row.tries < MAX_TRIES;
        if (!row || !live) return null;
        // An exhausted pool is refused even the right code, until its wait is over.
        const locked = guessWait(row.phone, row.device, now);
        if (locked > 0) throw lockedError(lang, row.device, locked);
        if (!sameText(row.code, data.code)) {
          db.run('UPDATE challenges SET tries = tries + 1 WHERE id = ?', row.id);
          db.run('INSERT INTO guesses (phone, device, at_ms) VALUES (?, ?, ?)', row.phone, row.device, now);
          guard.recordWrongCode(address, now);
          return null;
        }
        db.run('DELETE FROM challenges WHERE id = ?', row.id);
        // The code was used: its resend countdown no longer holds (signing in on another device at once is allowed).
        // Its time moves back by the countdown, so the pool's count for the window stays.
        db.run(
          'UPDATE code_budgets SET last_ms = MIN(last_ms, ?) WHERE phone = ? AND device = ?',
          now - CODE_MINUTES * 60_000,
          row.phone,
          row.device,
        );
        // The user row is made only now, so numbers that never verify leave none behind.
        db.run(
          'INSERT INTO users (phone, created_at) VALUES (?, ?) ON CONFLICT (phone) DO NOTHING',
          row.phone,
          new Date(now).toISOString(),
        );
        const user = db.get<{ id: number }>('SELECT id FROM users WHERE phone = ?', row.phone);
        if (!user) throw new Error(`user ${row.phone} vanished`);
        return { userId: user.id, device: rememberDevice(data.device, row.phone, now) };
      });
      if (!signedIn) throw fieldError('code', WRONG_CODE);
      return { data: await openSession(ctx, signedIn.userId), device: signedIn.device };
    },
  };
}
