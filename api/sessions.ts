/**
 * Sessions with rotating refresh tokens: each refresh answers a new pair and
 * retires the token it was given; a retired token coming back ends the session.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from './context.ts';
import { devicePools, tokenHash } from './device-pools.ts';
import { ApiError, type Handlers } from './http.ts';
import { issueToken, readClaims, REFRESH_GRACE_MS, REFRESH_SECONDS } from './tokens.ts';

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

/** A new session for the user: its first refresh token id is the only one that may be used. */
export async function openSession(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const session = randomUUID();
  const jti = randomUUID();
  ctx.db.run('DELETE FROM sessions WHERE user_id = ? AND expires_ms < ?', userId, now);
  ctx.db.run(
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
}

export function sessionHandlers(ctx: AppContext): Pick<Handlers, 'refresh' | 'logout'> {
  const { db } = ctx;
  const { forgetDevice } = devicePools(ctx);
  const revoke = (session: string, now: number) =>
    db.run('UPDATE sessions SET revoked_ms = ? WHERE id = ? AND revoked_ms IS NULL', now, session);

  return {
    async refresh({ body }) {
      const { data } = await body();
      const claims = await readClaims(ctx, data.refresh, 'refresh');
      if (!claims || claims.expired) throw new ApiError(401, 'Refresh token is invalid or expired.');
      const now = ctx.now();
      const renewer = data.device ? tokenHash(data.device) : null;
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
        revoke(session.id, now);
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
      db.tx(() => {
        revoke(claims.session, ctx.now());
        // The browser's device token no longer vouches for this phone: whoever uses the browser next is a stranger.
        const phone = db.get<{ phone: string }>('SELECT phone FROM users WHERE id = ?', claims.user)?.phone;
        if (data.device && phone) forgetDevice(data.device, phone);
      });
    },
  };
}
