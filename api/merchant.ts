/** The payment providers' merchant callbacks: the only way an order becomes paid outside the development sandbox. */
import type { Hono } from 'hono';
import { clickRoutes } from './click.ts';
import type { AppContext } from './context.ts';
import { paymeRoute } from './payme.ts';

/** Mounts the Payme and Click callbacks (in every mode: they are authenticated by the providers' keys). */
export function merchantRoutes(app: Hono, ctx: AppContext): void {
  paymeRoute(app, ctx);
  clickRoutes(app, ctx);
}
