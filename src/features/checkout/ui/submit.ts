/**
 * Checkout's "place order" as a small state machine: the lines are made sure
 * of on the server first (checking); lines left out or changed are shown and
 * the shopper confirms again (confirming); else the order, and for Payme or
 * Click its pay link, is asked for (placing). It ends failed (everything
 * entered kept, a new try allowed), unpaid (placed, but no pay link: it stays
 * payable from the success page) or leaving (on the way to the next page).
 */
import type { BasketLine } from '../../basket/index.ts';
import type { LineCheck, OrderFailure, PlaceResult } from '../state/checkout.ts';

export type SubmitState =
  | { phase: 'idle' }
  /** The notice of the last check stays shown while the lines are checked again. */
  | { phase: 'checking'; notice: LineCheck | null }
  | { phase: 'confirming'; notice: LineCheck }
  /** The lines being ordered: they stay shown while the basket is refetched and the next page loads. */
  | { phase: 'placing'; ordered: BasketLine[] }
  | { phase: 'failed'; failure: OrderFailure }
  | { phase: 'unpaid'; number: string; next: string }
  | { phase: 'leaving'; ordered: BasketLine[] };

export type SubmitEvent =
  /** A valid form was sent. */
  | { type: 'check' }
  | { type: 'checked'; check: LineCheck }
  /** The check itself failed (no answer): back to where the shopper was. */
  | { type: 'check-failed' }
  | { type: 'placed'; result: PlaceResult };

export const SUBMIT_IDLE: SubmitState = { phase: 'idle' };

/** Whether the shopper confirms again before an order: a line was left out, or its price or quantity changed. */
export const mustConfirm = (check: LineCheck) => check.leftOut.length > 0 || check.changed.length > 0;

/** The next state; an event that does not fit the state (a second send while one is on its way) changes nothing. */
export function submitStep(state: SubmitState, event: SubmitEvent): SubmitState {
  switch (event.type) {
    case 'check':
      if (state.phase === 'idle' || state.phase === 'failed') return { phase: 'checking', notice: null };
      if (state.phase === 'confirming') return { phase: 'checking', notice: state.notice };
      return state;
    case 'checked':
      if (state.phase !== 'checking') return state;
      return mustConfirm(event.check)
        ? { phase: 'confirming', notice: event.check }
        : { phase: 'placing', ordered: event.check.saved };
    case 'check-failed':
      if (state.phase !== 'checking') return state;
      return state.notice ? { phase: 'confirming', notice: state.notice } : SUBMIT_IDLE;
    case 'placed': {
      if (state.phase !== 'placing') return state;
      const { result } = event;
      if (result.ok === false) return { phase: 'failed', failure: result.failure };
      if (result.ok === 'unpaid') return { phase: 'unpaid', number: result.order.number, next: result.next };
      return { phase: 'leaving', ordered: state.ordered };
    }
  }
}

/** What the form shows of the state. */
export function submitView(state: SubmitState) {
  return {
    /** The lines sent to be ordered, shown instead of the basket's meanwhile. */
    ordered: state.phase === 'placing' || state.phase === 'leaving' ? state.ordered : null,
    notice: state.phase === 'checking' || state.phase === 'confirming' ? state.notice : null,
    failure: state.phase === 'failed' ? state.failure : null,
    busy: state.phase === 'checking' || state.phase === 'placing',
  };
}
