/**
 * Who may spend a phone's budget of codes and wrong guesses: its pools.
 *
 * - Budgets belong to a pool: the phone from browsers it never signed in on
 *   (device 0), or the phone on one browser it signed in on before. That
 *   browser keeps a device token (answered by verify, sent back with the code
 *   request and verify as an optional `device` field a spec-only backend
 *   ignores). A stranger can only ever spend the unrecognised pool, so the
 *   owner's own browser always gets its code and can sign in. A token vouches
 *   for the one phone that proved it on that browser, and signing out (which
 *   sends it) ends that: the next person on a shared phone, or a script that
 *   kept a copy, spends only the unrecognised pool.
 * - A recognised browser gets 4-digit codes and at most GUESSES_PER_HOUR
 *   wrong codes an hour and GUESSES_PER_30_DAYS in any 30 days (NIST SP
 *   800-63B: at most 100 consecutive failures, so a 4-digit code falls with
 *   probability ≤ 1 %). Only its owner can spend that budget.
 * - Browsers a phone never signed in on share one pool that anyone can
 *   spend, so it never locks for long: its codes are 4 characters of a
 *   32-letter alphabet (2^20, as many as SP 800-63B's minimum of 6 digits),
 *   and after FREE_GUESSES wrong codes in a day each further one waits twice
 *   the last, from FIRST_DELAY_MS up to MAX_DELAY_MS (an hour). A stranger
 *   guessing for 30 days gets about 730 tries, a chance of 730 / 2^20 ≈
 *   0.07 % (below the recognised pool's 1 %); a new browser, the owner's on a
 *   new phone or someone registering, never waits more than an hour.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from './context.ts';
import { tooMany, type Wait } from './http.ts';
import type { Lang } from '#contract/schemas.ts';

/** Wrong codes per pool in any hour, and in any 30 days. */
export const GUESSES_PER_HOUR = 10;
export const GUESSES_PER_30_DAYS = 100;
export const HOUR_MS = 60 * 60_000;
export const MONTH_MS = 30 * 24 * HOUR_MS;
/** A browser not used to sign in for this long is no longer recognised. */
const DEVICE_DAYS = 180;
/** The pool of browsers a phone never signed in on. */
export const UNRECOGNISED = 0;
/** Wrong codes a day the unrecognised pool may make before each further one waits. */
export const FREE_GUESSES = 5;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

const LOCKED: Wait = {
  uz: (n) => `Juda koʻp notoʻgʻri urinish. ${n} soniyadan keyin qayta urinib koʻring.`,
  ru: (n) => `Слишком много неверных попыток. Повторите через ${n} с.`,
};
const LOCKED_HERE: Wait = {
  uz: (n) =>
    `Bu raqamga notanish qurilmalardan juda koʻp notoʻgʻri kod kiritildi. Bu brauzerdan ${n} soniyadan keyin kirish mumkin; avval kirgan qurilmangizdan hozir kirishingiz mumkin.`,
  ru: (n) =>
    `С незнакомых устройств для этого номера введено слишком много неверных кодов. С этого браузера можно войти через ${n} с; с устройства, где вы уже входили, можно войти сейчас.`,
};

/** What the database keeps of a device token: its sha256, never the token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export function devicePools({ db }: AppContext) {
  /** The recognised browser of a device token for this phone, else UNRECOGNISED. */
  const deviceOf = (token: string | undefined, phone: string, now: number): number => {
    if (!token) return UNRECOGNISED;
    const row = db.get<{ device: number }>(
      `SELECT dp.device FROM devices d JOIN device_phones dp ON dp.device = d.id
       WHERE d.hash = ? AND dp.phone = ? AND dp.used_ms > ?`,
      tokenHash(token),
      phone,
      now - DEVICE_DAYS * 86_400_000,
    );
    return row?.device ?? UNRECOGNISED;
  };

  /**
   * The wait before a pool may guess again (0: it may): for a recognised browser its hourly and 30-day budgets of
   * wrong codes, for the unrecognised pool the progressive delay after its last wrong code.
   */
  const guessWait = (phone: string, device: number, now: number) => {
    if (device === UNRECOGNISED) {
      const day = db.get<{ n: number; last: number | null }>(
        'SELECT count(*) AS n, max(at_ms) AS last FROM guesses WHERE phone = ? AND device = ? AND at_ms > ?',
        phone,
        device,
        now - DAY_MS,
      );
      if (!day || day.last === null || day.n < FREE_GUESSES) return 0;
      const delay = Math.min(FIRST_DELAY_MS * 2 ** (day.n - FREE_GUESSES), MAX_DELAY_MS);
      return Math.max(0, day.last + delay - now);
    }
    const nth = (windowMs: number, limit: number) =>
      db.get<{ at_ms: number }>(
        'SELECT at_ms FROM guesses WHERE phone = ? AND device = ? AND at_ms > ? ORDER BY at_ms DESC LIMIT 1 OFFSET ?',
        phone,
        device,
        now - windowMs,
        limit - 1,
      )?.at_ms;
    const hour = nth(HOUR_MS, GUESSES_PER_HOUR);
    const month = nth(MONTH_MS, GUESSES_PER_30_DAYS);
    return Math.max(0, hour === undefined ? 0 : hour + HOUR_MS - now, month === undefined ? 0 : month + MONTH_MS - now);
  };

  /** The 429 of a pool that must wait: a new browser reads that a browser used before can sign in now. */
  const lockedError = (lang: Lang, device: number, waitMs: number) =>
    tooMany(lang, waitMs, device === UNRECOGNISED ? LOCKED_HERE : LOCKED);

  /**
   * Registers the browser as one this phone signed in on; answers the device token it keeps. A token vouches for
   * the one phone that proved it: another phone signing in on the same browser gets a token of its own, so nobody
   * holding one phone's token spends another phone's pool.
   */
  const rememberDevice = (token: string | undefined, phone: string, now: number) => {
    let device = token
      ? db.get<{ id: number }>(
          'SELECT d.id FROM devices d JOIN device_phones dp ON dp.device = d.id WHERE d.hash = ? AND dp.phone = ?',
          tokenHash(token),
          phone,
        )?.id
      : undefined;
    let kept = token;
    if (device === undefined || !kept) {
      kept = randomBytes(32).toString('base64url');
      device = db.run('INSERT INTO devices (hash, used_ms) VALUES (?, ?)', tokenHash(kept), now).id;
    }
    db.run('UPDATE devices SET used_ms = ? WHERE id = ?', now, device);
    db.run(
      `INSERT INTO device_phones (device, phone, used_ms) VALUES (?1, ?2, ?3)
       ON CONFLICT (device, phone) DO UPDATE SET used_ms = ?3`,
      device,
      phone,
      now,
    );
    return kept;
  };

  /** Signing out: the browser's token no longer vouches for the phone (nor for anything, once it vouches for none). */
  const forgetDevice = (token: string, phone: string) => {
    const device = db.get<{ id: number }>('SELECT id FROM devices WHERE hash = ?', tokenHash(token))?.id;
    if (device === undefined) return;
    db.run('DELETE FROM device_phones WHERE device = ? AND phone = ?', device, phone);
    db.run(
      'DELETE FROM devices WHERE id = ? AND NOT EXISTS (SELECT 1 FROM device_phones WHERE device = ?)',
      device,
      device,
    );
  };

  return { deviceOf, forgetDevice, guessWait, lockedError, rememberDevice };
}
