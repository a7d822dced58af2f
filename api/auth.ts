/**
 * Sign-in by SMS code, sessions with rotating refresh tokens, and the profile.
 *
 * The wrong-try budget belongs to the phone, not to the code: a new code never
 * resets it, so looping {request a code, guess} gains nothing (issue 7, finding 1).
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import type { AppContext } from './context.ts';
import { assertDeliveryArea } from './delivery-area.ts';
import { ApiError, definedOnly, fieldError, notFound, tooMany, type Handlers, type Wait } from './http.ts';
import type { Lang, User } from '#contract/schemas.ts';

/** Code lifetime and resend countdown, in minutes (the `time` of the answer). */
export const CODE_MINUTES = 2;
/** Wrong tries one code survives. */
export const MAX_TRIES = 5;
/** Consecutive wrong tries per phone within FAILURE_WINDOW_MS that lock it. */
export const LOCK_AFTER = 10;
export const FAILURE_WINDOW_MS = 60 * 60_000;
/** The first lock lasts an hour; each further one without a success in between doubles, up to a day. */
export const LOCK_MS = 60 * 60_000;
const MAX_LOCK_MS = 24 * 60 * 60_000;
/** Codes sent to one phone per CODES_WINDOW_MS, whatever the clients: a cap on SMS bombing one number. */
export const CODES_PER_WINDOW = 5;
export const CODES_WINDOW_MS = 60 * 60_000;
/** Access tokens are short-lived: a stolen one is worth 15 minutes; the client refreshes. */
export const ACCESS_SECONDS = 15 * 60;
export const REFRESH_SECONDS = 30 * 24 * 60 * 60;

const LOCKED: Wait = {
  uz: (n) => `Juda koʻp notoʻgʻri urinish. ${n} soniyadan keyin qayta urinib koʻring.`,
  ru: (n) => `Слишком много неверных попыток. Повторите через ${n} с.`,
};
const COUNTDOWN: Wait = {
  uz: (n) => `Yangi kodni ${n} soniyadan keyin soʻrash mumkin.`,
  ru: (n) => `Новый код можно запросить через ${n} с.`,
};
const TOO_MANY_CODES: Wait = {
  uz: (n) => `Bu raqamga juda koʻp kod yuborildi. ${n} soniyadan keyin qayta urinib koʻring.`,
  ru: (n) => `На этот номер отправлено слишком много кодов. Повторите через ${n} с.`,
};

type TokenType = 'access' | 'refresh';

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
interface SignInRow {
  id: number;
  phone: string;
  code: string | null;
  code_ms: number | null;
  code_tries: number;
  codes_sent: number;
  codes_since_ms: number | null;
  failures: number;
  failures_since_ms: number | null;
  locks: number;
  locked_until_ms: number | null;
  touched_ms: number;
}
interface SessionRow {
  id: string;
  user_id: number;
  refresh_jti: string;
  expires_ms: number;
  revoked_ms: number | null;
}
interface Claims {
  user: number;
  session: string;
  jti: string | undefined;
  expired: boolean;
}

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

function issueToken(ctx: AppContext, type: TokenType, userId: number, session: string, jti?: string) {
  const iat = Math.floor(ctx.now() / 1000);
  const exp = iat + (type === 'access' ? ACCESS_SECONDS : REFRESH_SECONDS);
  return sign({ sub: String(userId), type, sid: session, ...(jti ? { jti } : {}), iat, exp }, ctx.secret, 'HS256');
}

/** The claims of a token we signed, of that type; expiry is checked against ctx.now so tests can move time. */
async function readClaims(ctx: AppContext, token: string, type: TokenType): Promise<Claims | null> {
  try {
    const payload = await verify(token, ctx.secret, { alg: 'HS256', exp: false, iat: false, nbf: false });
    const { sub, sid, jti, exp } = payload;
    if (payload['type'] !== type || typeof sid !== 'string' || typeof exp !== 'number') return null;
    const user = Number(sub);
    if (!Number.isSafeInteger(user)) return null;
    return { user, session: sid, jti: typeof jti === 'string' ? jti : undefined, expired: exp <= ctx.now() / 1000 };
  } catch {
    return null;
  }
}

/** The user id of a signed, unexpired access token whose session is live (logout ends it at once), else null. */
export async function readToken(ctx: AppContext, token: string): Promise<number | null> {
  const claims = await readClaims(ctx, token, 'access');
  if (!claims || claims.expired) return null;
  const live = ctx.db.get(
    'SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ? AND s.user_id = ? AND s.revoked_ms IS NULL',
    claims.session,
    claims.user,
  );
  return live ? claims.user : null;
}

/** Who a request speaks for, without touching the database (the rate limiter's key): a signed, unexpired access token's user. */
export async function tokenUser(ctx: AppContext, token: string): Promise<number | null> {
  const claims = await readClaims(ctx, token, 'access');
  return claims && !claims.expired ? claims.user : null;
}

/** The latest live code for a phone, for the test-only route. */
export function latestCode(ctx: AppContext, phone: string): string | null {
  return ctx.db.get<{ code: string | null }>('SELECT code FROM sign_ins WHERE phone = ?', phone)?.code ?? null;
}

export function authHandlers(
  ctx: AppContext,
): Pick<Handlers, 'auth' | 'verify' | 'resend' | 'refresh' | 'logout' | 'profile' | 'updateProfile'> {
  const { db } = ctx;

  const lockedFor = (row: SignInRow, now: number) =>
    row.locked_until_ms !== null && row.locked_until_ms > now ? row.locked_until_ms - now : 0;

  /** Checks every limit on sending a code to this phone and reserves the code, in one step (no await in between). */
  const reserveCode = (phone: string, lang: Lang) =>
    db.tx(() => {
      const now = ctx.now();
      // Forget idle numbers (and their counters) once nothing about them can matter any more.
      db.run(
        'DELETE FROM sign_ins WHERE touched_ms < ?1 AND (locked_until_ms IS NULL OR locked_until_ms < ?2)',
        now - MAX_LOCK_MS,
        now,
      );
      db.run('INSERT INTO sign_ins (phone, touched_ms) VALUES (?, ?) ON CONFLICT (phone) DO NOTHING', phone, now);
      const row = db.get<SignInRow>('SELECT * FROM sign_ins WHERE phone = ?', phone);
      if (!row) throw new Error(`sign-in of ${phone} vanished`);
      const locked = lockedFor(row, now);
      if (locked > 0) throw tooMany(lang, locked, LOCKED);
      // The resend countdown holds for /users/auth/ as well: a new request is not a way around it.
      if (row.code_ms !== null && now < row.code_ms + CODE_MINUTES * 60_000)
        throw tooMany(lang, row.code_ms + CODE_MINUTES * 60_000 - now, COUNTDOWN);
      const windowOpen = row.codes_since_ms !== null && now < row.codes_since_ms + CODES_WINDOW_MS;
      if (windowOpen && row.codes_sent >= CODES_PER_WINDOW)
        throw tooMany(lang, (row.codes_since_ms ?? now) + CODES_WINDOW_MS - now, TOO_MANY_CODES);
      const code = String(randomInt(10_000)).padStart(4, '0');
      db.run(
        `UPDATE sign_ins SET code = ?, code_ms = ?, code_tries = 0, touched_ms = ?,
           codes_sent = ?, codes_since_ms = ? WHERE id = ?`,
        code,
        now,
        now,
        windowOpen ? row.codes_sent + 1 : 1,
        windowOpen ? row.codes_since_ms : now,
        row.id,
      );
      return { id: row.id, code };
    });

  const sendCode = async (phone: string, lang: Lang) => {
    const { id, code } = reserveCode(phone, lang);
    try {
      await ctx.sms.send(phone, `Bozor: kirish kodi ${code}. Код для входа: ${code}`, code);
    } catch (error) {
      console.error('[sms] sending failed:', error);
      // No code went out: the shopper may ask again at once.
      db.run('UPDATE sign_ins SET code = NULL, code_ms = NULL WHERE id = ?', id);
      throw new ApiError(502, 'Could not send the SMS code. Please try again later.');
    }
    return { user: id, time: CODE_MINUTES };
  };

  /** Counts a wrong code against the phone; answers the error to throw (400, or 429 once it locks). */
  const wrongCode = (row: SignInRow, now: number, lang: Lang) => {
    const windowOpen = row.failures_since_ms !== null && now < row.failures_since_ms + FAILURE_WINDOW_MS;
    const failures = windowOpen ? row.failures + 1 : 1;
    const tries = row.code_tries + 1;
    if (failures >= LOCK_AFTER) {
      const lockMs = Math.min(LOCK_MS * 2 ** row.locks, MAX_LOCK_MS);
      db.run(
        `UPDATE sign_ins SET code_tries = ?, failures = 0, failures_since_ms = NULL,
           locks = locks + 1, locked_until_ms = ?, touched_ms = ? WHERE id = ?`,
        tries,
        now + lockMs,
        now,
        row.id,
      );
      return tooMany(lang, lockMs, LOCKED);
    }
    db.run(
      'UPDATE sign_ins SET code_tries = ?, failures = ?, failures_since_ms = ?, touched_ms = ? WHERE id = ?',
      tries,
      failures,
      windowOpen ? row.failures_since_ms : now,
      now,
      row.id,
    );
    const left = Math.min(MAX_TRIES - tries, LOCK_AFTER - failures);
    return fieldError(
      'code',
      left > 0 ? `Wrong code. ${left} attempts left.` : 'Wrong code. No attempts left: request a new code.',
    );
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
      return sendCode(data.phone_number, lang);
    },

    async resend({ body, lang }) {
      const { data } = await body();
      return sendCode(data.phone_number, lang);
    },

    async verify({ body, lang }) {
      const { data } = await body();
      const now = ctx.now();
      const row = db.get<SignInRow>('SELECT * FROM sign_ins WHERE id = ?', data.user);
      const locked = row ? lockedFor(row, now) : 0;
      // Locked means locked: even the right code is refused until the lock lifts.
      if (row && locked > 0) throw tooMany(lang, locked, LOCKED);
      if (!row?.code || row.code_ms === null)
        throw fieldError('code', 'No code was requested for this user. Request a new code.');
      if (now > row.code_ms + CODE_MINUTES * 60_000)
        throw fieldError('code', 'The code has expired. Request a new code.');
      if (row.code_tries >= MAX_TRIES)
        throw fieldError('code', 'Too many wrong attempts: this code no longer works. Request a new code.');
      if (!sameText(row.code, data.code)) throw wrongCode(row, now, lang);

      // The user row is made only now, so numbers that never verify leave none behind.
      const userId = db.tx(() => {
        db.run(
          `UPDATE sign_ins SET code = NULL, code_ms = NULL, code_tries = 0, failures = 0, failures_since_ms = NULL,
             locks = 0, locked_until_ms = NULL, touched_ms = ? WHERE id = ?`,
          now,
          row.id,
        );
        db.run(
          'INSERT INTO users (phone, created_at) VALUES (?, ?) ON CONFLICT (phone) DO NOTHING',
          row.phone,
          new Date(now).toISOString(),
        );
        const user = db.get<{ id: number }>('SELECT id FROM users WHERE phone = ?', row.phone);
        if (!user) throw new Error(`user ${row.phone} vanished`);
        return user.id;
      });
      return { data: await openSession(userId) };
    },

    async refresh({ body }) {
      const { data } = await body();
      const claims = await readClaims(ctx, data.refresh, 'refresh');
      if (!claims || claims.expired) throw new ApiError(401, 'Refresh token is invalid or expired.');
      const session = db.get<SessionRow>(
        'SELECT * FROM sessions WHERE id = ? AND user_id = ?',
        claims.session,
        claims.user,
      );
      if (!session || session.revoked_ms !== null || !db.get('SELECT 1 FROM users WHERE id = ?', claims.user))
        throw new ApiError(401, 'Refresh token is invalid or expired.');
      if (claims.jti !== session.refresh_jti) {
        // A rotated token came back: someone holds a copy. End the session for both holders.
        revoke(session.id);
        throw new ApiError(401, 'This refresh token was already used; sign in again.');
      }
      const jti = randomUUID();
      db.run(
        'UPDATE sessions SET refresh_jti = ?, expires_ms = ? WHERE id = ?',
        jti,
        ctx.now() + REFRESH_SECONDS * 1000,
        session.id,
      );
      return {
        access: await issueToken(ctx, 'access', claims.user, session.id),
        refresh: await issueToken(ctx, 'refresh', claims.user, session.id, jti),
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
