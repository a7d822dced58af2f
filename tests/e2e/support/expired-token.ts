/**
 * An access token of a real session whose time is up: the same claims as the
 * one the API signed (user, session), signed again with the development
 * secret the e2e API runs with, its expiry in the past. What a tab holds when
 * it comes back after 15 minutes.
 */
import { decode, sign } from 'hono/jwt';
import { DEV_SECRET } from '../../../api/server.ts';

export async function expiredAccess(access: string): Promise<string> {
  const { payload } = decode(access);
  const past = Math.floor(Date.now() / 1000) - 60;
  return sign({ ...payload, iat: past - 15 * 60, exp: past }, process.env['AUTH_SECRET'] || DEV_SECRET, 'HS256');
}
