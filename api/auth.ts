/**
 * Sign-in by SMS code, sessions with rotating refresh tokens, and the profile.
 *
 * A stranger who knows a phone number must not be able to lock its
 * owner out, nor find or burn anyone else's pending sign-in.
 *
 * - Each code request is a challenge of its own, named by a random id (53
 *   bits, never sequential); its code works only for it. Every wrong id and
 *   every wrong, expired or spent code answers the same 400.
 * - Budgets belong to a pool: the phone from browsers it never signed in on
 *   (device 0), or the phone on one browser it signed in on before. That
 *   browser keeps a device token (answered by verify, sent back with the code
 *   request and verify as an optional `device` field a spec-only backend
 *   ignores). A stranger can only ever spend the unrecognised pool, so the
 *   owner's own browser always gets its code and can sign in.
 * - Per pool: a code per CODE_MINUTES and CODES_PER_WINDOW an hour; MAX_TRIES
 *   wrong tries per code. A pool over budget answers 429 with the time to
 *   wait, in the shopper's language, before any SMS.
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
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppContext } from './context.ts';
import { assertDeliveryArea } from './delivery-area.ts';
import { ApiError, definedOnly, fieldError, notFound, tooMany, type Handlers, type Wait } from './http.ts';
import type { Lang, User } from '#contract/schemas.ts';
import { issueToken, readClaims, REFRESH_GRACE_MS, REFRESH_SECONDS } from './tokens.ts';

/** Code lifetime and resend countdown, in minutes (the `time` of the answer). */
export const CODE_MINUTES = 2;
/** Wrong tries one code survives. */
export const MAX_TRIES = 5;
/** Wrong codes per pool in any hour, and in any 30 days. */
export const GUESSES_PER_HOUR = 10;
export const GUESSES_PER_30_DAYS = 100;
export const HOUR_MS = 60 * 60_000;
export const MONTH_MS = 30 * 24 * HOUR_MS;
/** Codes sent to one pool per CODES_WINDOW_MS: a cap on SMS bombing one number. */
export const CODES_PER_WINDOW = 5;
export const CODES_WINDOW_MS = HOUR_MS;
/** A browser not used to sign in for this long is no longer recognised. */
const DEVICE_DAYS = 180;
/** The pool of browsers a phone never signed in on. */
const UNRECOGNISED = 0;
/** Wrong codes a day the unrecognised pool may make before each further one waits. */
export const FREE_GUESSES = 5;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = HOUR_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Codes for unrecognised browsers: 32 letters and digits, without the look-alikes 0, O, 1 and I. */
export const WIDE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

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

interface UserRow {
  id: number;
  phone: string;
  first_name: string;
  last_name: string;
  father_name: string;
  gender: 'male' | 'female' | null;
  birth_date: string | null;
  email: string | null;
  address: string | null;
}
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
interface SessionRow {
  id: string;
  user_id: number;
  refresh_jti: string;
  expires_ms: number;
  revoked_ms: number | null;
  prev_jti: string | null;
  rotated_ms: number | null;
  /** The sha256 of the device token that renewed the session last, or null when it sent none. */
  rotated_by: string | null;
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

export function authHandlers(
  ctx: AppContext,
): Pick<Handlers, 'auth' | 'verify' | 'resend' | 'refresh' | 'logout' | 'profile' | 'updateProfile'> {
  const { db } = ctx;

  const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

  /** The recognised browser of a device token for this phone, else UNRECOGNISED. */
  const deviceOf = (token: string | undefined, phone: string, now: number): number => {
    if (!token) return UNRECOGNISED;
    const row = db.get<{ device: number }>(
      `SELECT dp.device FROM devices d JOIN device_phones dp ON dp.device = d.id
       WHERE d.hash = ? AND dp.phone = ? AND dp.used_ms > ?`,
      hashOf(token),
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
  const lockedError = (lang: Lang, device: number, waitMs: number) =>
    tooMany(lang, waitMs, device === UNRECOGNISED ? LOCKED_HERE : LOCKED);

  /** A new random challenge id: 53 bits, so live ids cannot be found by trying numbers. */
  const newChallengeId = () => {
    for (;;) {
      const id = Number(randomBytes(8).readBigUInt64BE() >> 11n);
      if (id > 0 && !db.get('SELECT 1 FROM challenges WHERE id = ?', id)) return id;
    }
  };

  /** Checks every limit on sending a code to this pool and reserves the code, in one step (no await in between). */
  const reserveCode = (phone: string, device: number, lang: Lang) =>
    db.tx(() => {
      const now = ctx.now();
      // Forget what can no longer matter: dead codes, guesses past the longest window, idle budgets.
      db.run('DELETE FROM challenges WHERE code_ms < ?', now - CODE_MINUTES * 60_000);
      db.run('DELETE FROM guesses WHERE at_ms < ?', now - MONTH_MS);
      db.run('DELETE FROM code_budgets WHERE last_ms < ?', now - CODES_WINDOW_MS);
      const locked = guessWait(phone, device, now);
      if (locked > 0) throw lockedError(lang, device, locked);
      const budget = db.get<BudgetRow>('SELECT * FROM code_budgets WHERE phone = ? AND device = ?', phone, device);
      // The resend countdown holds for /users/auth/ as well: a new request is not a way around it.
      if (budget && now < budget.last_ms + CODE_MINUTES * 60_000)
        throw tooMany(lang, budget.last_ms + CODE_MINUTES * 60_000 - now, COUNTDOWN);
      const windowOpen = budget !== undefined && now < budget.since_ms + CODES_WINDOW_MS;
      if (budget && windowOpen && budget.sent >= CODES_PER_WINDOW)
        throw tooMany(lang, budget.since_ms + CODES_WINDOW_MS - now, TOO_MANY_CODES);
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
      return { id, code };
    });

  const sendCode = async (phone: string, deviceToken: string | undefined, lang: Lang) => {
    const device = deviceOf(deviceToken, phone, ctx.now());
    const { id, code } = reserveCode(phone, device, lang);
    try {
      await ctx.sms.send(phone, `Bozor: kirish kodi ${code}. Код для входа: ${code}`, code);
    } catch (error) {
      console.error('[sms] sending failed:', error);
      // No code went out: the shopper may ask again at once.
      db.tx(() => {
        db.run('DELETE FROM challenges WHERE id = ?', id);
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

  /** Registers the browser as one this phone signed in on; answers the device token it keeps. */
  const rememberDevice = (token: string | undefined, phone: string, now: number) => {
    let device = token ? db.get<{ id: number }>('SELECT id FROM devices WHERE hash = ?', hashOf(token))?.id : undefined;
    let kept = token;
    if (device === undefined || !kept) {
      kept = randomBytes(32).toString('base64url');
      device = db.run('INSERT INTO devices (hash, used_ms) VALUES (?, ?)', hashOf(kept), now).id;
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

  /** A new session for the user: its first refresh token id is the only one that may be used. */
  const openSession = async (userId: number) => {
    const now = ctx.now();
    const session = randomUUID();
    const jti = randomUUID();
    db.run('DELETE FROM sessions WHERE user_id = ? AND expires_ms < ?', userId, now);
    db.run(
      'INSERT INTO sessions (id, user_id, refresh_jti, expires_ms) VALUES (?, ?, ?, ?)',
      session,
      userId,
      jti,
      now + REFRESH_SECONDS * 1000,
    );
    return {
      access: await issueToken(ctx, 'access', userId, session),
      refresh: await issueToken(ctx, 'refresh', userId, session, jti),
    };
  };
  const revoke = (session: string) =>
    db.run('UPDATE sessions SET revoked_ms = ? WHERE id = ? AND revoked_ms IS NULL', ctx.now(), session);

  const present = (u: UserRow): User => ({
    id: u.id,
    phone_number: u.phone,
    first_name: u.first_name,
    last_name: u.last_name,
    father_name: u.father_name,
    gender: u.gender,
    birth_date: u.birth_date,
    email: u.email,
    address: u.address === null ? null : (JSON.parse(u.address) as User['address']),
  });
  const findUser = (id: number) => {
    const row = db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
    if (!row) throw notFound('User not found.');
    return row;
  };

  return {
    async auth({ body, lang }) {
      const { data } = await body();
      return sendCode(data.phone_number, data.device, lang);
    },

    async resend({ body, lang }) {
      const { data } = await body();
      return sendCode(data.phone_number, data.device, lang);
    },

    async verify({ body, lang }) {
      const { data } = await body();
      const now = ctx.now();
      const signedIn = db.tx(() => {
        const row = db.get<ChallengeRow>('SELECT * FROM challenges WHERE id = ?', data.user);
        const live = row && now <= row.code_ms + CODE_MINUTES * 60_000 && row.tries < MAX_TRIES;
        if (!row || !live) return null;
        // An exhausted pool is refused even the right code, until its wait is over.
        const locked = guessWait(row.phone, row.device, now);
        if (locked > 0) throw lockedError(lang, row.device, locked);
        if (!sameText(row.code, data.code)) {
          db.run('UPDATE challenges SET tries = tries + 1 WHERE id = ?', row.id);
          db.run('INSERT INTO guesses (phone, device, at_ms) VALUES (?, ?, ?)', row.phone, row.device, now);
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
      return { data: await openSession(signedIn.userId), device: signedIn.device };
    },

    async refresh({ body }) {
      const { data } = await body();
      const claims = await readClaims(ctx, data.refresh, 'refresh');
      if (!claims || claims.expired) throw new ApiError(401, 'Refresh token is invalid or expired.');
      const now = ctx.now();
      const renewer = data.device ? hashOf(data.device) : null;
      const rotated = db.tx(() => {
        const session = db.get<SessionRow>(
          'SELECT * FROM sessions WHERE id = ? AND user_id = ?',
          claims.session,
          claims.user,
        );
        if (!session || session.revoked_ms !== null || !db.get('SELECT 1 FROM users WHERE id = ?', claims.user))
          return 'invalid' as const;
        if (claims.jti === session.refresh_jti) {
          const jti = randomUUID();
          db.run(
            'UPDATE sessions SET prev_jti = refresh_jti, refresh_jti = ?, rotated_ms = ?, rotated_by = ?, expires_ms = ? WHERE id = ?',
            jti,
            now,
            renewer,
            now + REFRESH_SECONDS * 1000,
            session.id,
          );
          return { jti, at: now };
        }
        // The token just rotated, back within the grace window from the browser that renewed it (a second tab, a
        // retry after a lost answer): the same new pair again.
        if (
          claims.jti !== undefined &&
          claims.jti === session.prev_jti &&
          session.rotated_ms !== null &&
          now - session.rotated_ms <= REFRESH_GRACE_MS &&
          session.rotated_by === renewer
        )
          return { jti: session.refresh_jti, at: session.rotated_ms };
        // An older token came back, or another browser raced the renewal: someone holds a copy. End the session
        // for both holders.
        db.run('UPDATE sessions SET revoked_ms = ? WHERE id = ? AND revoked_ms IS NULL', now, session.id);
        return 'reused' as const;
      });
      if (rotated === 'invalid') throw new ApiError(401, 'Refresh token is invalid or expired.');
      if (rotated === 'reused') throw new ApiError(401, 'This refresh token was already used; sign in again.');
      return {
        access: await issueToken(ctx, 'access', claims.user, claims.session, undefined, rotated.at),
        refresh: await issueToken(ctx, 'refresh', claims.user, claims.session, rotated.jti, rotated.at),
      };
    },

    async logout({ body }) {
      const { data } = await body();
      // Any token of ours ends its session, even an expired or rotated one: signing out never fails for the holder.
      const claims = await readClaims(ctx, data.refresh, 'refresh');
      if (!claims) throw new ApiError(401, 'Refresh token is invalid.');
      revoke(claims.session);
    },

    profile: ({ userId }) => present(findUser(userId)),

    async updateProfile({ userId, lang, body }) {
      const { data } = await body();
      assertDeliveryArea(data.address, lang);
      const current = present(findUser(userId));
      const next = { ...current, ...definedOnly(data) };
      db.run(
        'UPDATE users SET first_name = ?, last_name = ?, father_name = ?, gender = ?, birth_date = ?, email = ?, address = ? WHERE id = ?',
        next.first_name,
        next.last_name,
        next.father_name,
        next.gender,
        next.birth_date,
        next.email,
        next.address === null ? null : JSON.stringify(next.address),
        userId,
      );
      return present(findUser(userId));
    },
  };
}
