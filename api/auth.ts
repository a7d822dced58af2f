/** Sign-in by SMS code, JWTs and the profile. */
import { randomInt } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import type { AppContext } from './context.ts';
import { assertDeliveryArea } from './delivery-area.ts';
import { ApiError, definedOnly, fieldError, notFound, type Handlers } from './http.ts';
import type { User } from '#contract/schemas.ts';

/** Code lifetime and resend countdown, in minutes (the `time` of the answer). */
export const CODE_MINUTES = 2;
export const MAX_TRIES = 5;
const ACCESS_SECONDS = 24 * 60 * 60;
const REFRESH_SECONDS = 30 * 24 * 60 * 60;

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
interface CodeRow {
  code: string;
  created_ms: number;
  tries: number;
}

export function issueToken(ctx: AppContext, userId: number, type: TokenType): Promise<string> {
  const iat = Math.floor(ctx.now() / 1000);
  const exp = iat + (type === 'access' ? ACCESS_SECONDS : REFRESH_SECONDS);
  return sign({ sub: String(userId), type, iat, exp }, ctx.secret, 'HS256');
}

/** The user id of a valid token of that type, else null. Expiry is checked against ctx.now so tests can move time. */
export async function readToken(ctx: AppContext, token: string, type: TokenType): Promise<number | null> {
  try {
    const payload = await verify(token, ctx.secret, { alg: 'HS256', exp: false, iat: false, nbf: false });
    if (payload['type'] !== type || typeof payload.exp !== 'number' || payload.exp <= ctx.now() / 1000) return null;
    const id = Number(payload.sub);
    return ctx.db.get('SELECT 1 FROM users WHERE id = ?', id) ? id : null;
  } catch {
    return null;
  }
}

/** The latest live code for a phone, for the test-only route. */
export function latestCode(ctx: AppContext, phone: string): string | null {
  return (
    ctx.db.get<{ code: string }>('SELECT c.code FROM codes c JOIN users u ON u.id = c.user_id WHERE u.phone = ?', phone)
      ?.code ?? null
  );
}

export function authHandlers(
  ctx: AppContext,
): Pick<Handlers, 'auth' | 'verify' | 'resend' | 'refresh' | 'profile' | 'updateProfile'> {
  const { db } = ctx;

  const userFor = (phone: string) => {
    db.run(
      'INSERT INTO users (phone, created_at) VALUES (?, ?) ON CONFLICT (phone) DO NOTHING',
      phone,
      new Date(ctx.now()).toISOString(),
    );
    const user = db.get<{ id: number }>('SELECT id FROM users WHERE phone = ?', phone);
    if (!user) throw new Error(`user ${phone} vanished`);
    return user.id;
  };

  const sendCode = async (userId: number, phone: string) => {
    const code = String(randomInt(10_000)).padStart(4, '0');
    db.run(
      'INSERT INTO codes (user_id, code, created_ms, tries) VALUES (?, ?, ?, 0) ON CONFLICT (user_id) DO UPDATE SET code = excluded.code, created_ms = excluded.created_ms, tries = 0',
      userId,
      code,
      ctx.now(),
    );
    try {
      await ctx.sms.send(phone, `Bozor: kirish kodi ${code}. Код для входа: ${code}`, code);
    } catch (error) {
      console.error('[sms] sending failed:', error);
      db.run('DELETE FROM codes WHERE user_id = ?', userId);
      throw new ApiError(502, 'Could not send the SMS code. Please try again later.');
    }
    return { user: userId, time: CODE_MINUTES };
  };

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
    async auth({ body }) {
      const { data } = await body();
      return sendCode(userFor(data.phone_number), data.phone_number);
    },

    async resend({ body }) {
      const { data } = await body();
      const userId = userFor(data.phone_number);
      const last = db.get<CodeRow>('SELECT * FROM codes WHERE user_id = ?', userId);
      const wait = last ? last.created_ms + CODE_MINUTES * 60_000 - ctx.now() : 0;
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new ApiError(429, `A new code can be requested in ${seconds} seconds.`, undefined, seconds);
      }
      return sendCode(userId, data.phone_number);
    },

    async verify({ body }) {
      const { data } = await body();
      const row = db.get<CodeRow>('SELECT * FROM codes WHERE user_id = ?', data.user);
      if (!row) throw fieldError('code', 'No code was requested for this user. Request a new code.');
      if (ctx.now() > row.created_ms + CODE_MINUTES * 60_000)
        throw fieldError('code', 'The code has expired. Request a new code.');
      if (row.tries >= MAX_TRIES)
        throw fieldError('code', 'Too many wrong attempts: this code no longer works. Request a new code.');
      if (row.code !== data.code) {
        db.run('UPDATE codes SET tries = tries + 1 WHERE user_id = ?', data.user);
        const left = MAX_TRIES - row.tries - 1;
        throw fieldError(
          'code',
          left > 0 ? `Wrong code. ${left} attempts left.` : 'Wrong code. No attempts left: request a new code.',
        );
      }
      db.run('DELETE FROM codes WHERE user_id = ?', data.user);
      return {
        data: {
          access: await issueToken(ctx, data.user, 'access'),
          refresh: await issueToken(ctx, data.user, 'refresh'),
        },
      };
    },

    async refresh({ body }) {
      const { data } = await body();
      const userId = await readToken(ctx, data.refresh, 'refresh');
      if (userId === null) throw new ApiError(401, 'Refresh token is invalid or expired.');
      return { access: await issueToken(ctx, userId, 'access') };
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
