/** Signed access and refresh tokens: what they carry, how long they last, and whose session they speak for. */
import { sign, verify } from 'hono/jwt';
import type { AppContext } from './context.ts';

/** Access tokens are short-lived: a stolen one is worth 15 minutes; the client refreshes. */
export const ACCESS_SECONDS = 15 * 60;
export const REFRESH_SECONDS = 30 * 24 * 60 * 60;
/**
 * A refresh token just rotated still answers, with the same new pair, for this
 * long, to the browser that renewed it (the same device token, or none as
 * before): two tabs refreshing at once, or a retry after a lost answer. Another
 * browser racing it, or the token coming back after it, ends the session.
 */
export const REFRESH_GRACE_MS = 30_000;

type TokenType = 'access' | 'refresh';
interface Claims {
  user: number;
  session: string;
  jti: string | undefined;
  expired: boolean;
}

/** A signed token; `atMs` fixes its issue time, so the same inputs sign the same token (the refresh grace). */
export function issueToken(
  ctx: AppContext,
  type: TokenType,
  userId: number,
  session: string,
  jti?: string,
  atMs = ctx.now(),
) {
  const iat = Math.floor(atMs / 1000);
  const exp = iat + (type === 'access' ? ACCESS_SECONDS : REFRESH_SECONDS);
  return sign({ sub: String(userId), type, sid: session, ...(jti ? { jti } : {}), iat, exp }, ctx.secret, 'HS256');
}

/** The claims of a token we signed, of that type; expiry is checked against ctx.now so tests can move time. */
export async function readClaims(ctx: AppContext, token: string, type: TokenType): Promise<Claims | null> {
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

/** The session of a refresh token we signed (expired or not), else null: the rate limiter's key for refresh and logout. */
export async function refreshSession(ctx: AppContext, token: string): Promise<string | null> {
  return (await readClaims(ctx, token, 'refresh'))?.session ?? null;
}
