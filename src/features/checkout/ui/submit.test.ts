/** Checkout's submit machine: every transition, and the events a state ignores. */
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../backend/orders.ts';
import type { BasketLine } from '../../basket/index.ts';
import type { LineCheck, OrderFailure } from '../state/checkout.ts';
import { SUBMIT_IDLE, submitStep, submitView, type SubmitEvent, type SubmitState } from './submit.ts';

// The machine only carries lines: any distinct objects do.
const line = (id: number) => ({ key: `${id}`, product: { id } }) as unknown as BasketLine;
const [a, b] = [line(1), line(2)];
const order = { id: 9, number: 'B-9' } as Order;
const clean: LineCheck = { leftOut: [], changed: [], saved: [a, b] };
const leftOut: LineCheck = { leftOut: [b], changed: [], saved: [a] };
const changed: LineCheck = { leftOut: [], changed: [a], saved: [a, b] };
const failure: OrderFailure = { detail: 'Refused', outOfStock: [2] };

const checking: SubmitState = { phase: 'checking', notice: null };
const confirming: SubmitState = { phase: 'confirming', notice: leftOut };
const placing: SubmitState = { phase: 'placing', ordered: [a, b] };
const failed: SubmitState = { phase: 'failed', failure };
const unpaid: SubmitState = { phase: 'unpaid', number: 'B-9', next: '/uz/orders-success?order=9' };
const leaving: SubmitState = { phase: 'leaving', ordered: [a, b] };

const check: SubmitEvent = { type: 'check' };

describe('submitStep', () => {
  it.each<[string, SubmitState, SubmitEvent, SubmitState]>([
    ['a send checks the lines', SUBMIT_IDLE, check, checking],
    ['a new try after a failure clears it', failed, check, checking],
    ['confirming again keeps the notice shown meanwhile', confirming, check, { phase: 'checking', notice: leftOut }],
    ['all lines saved as shown: the order is placed', checking, { type: 'checked', check: clean }, placing],
    [
      'a line left out: the shopper confirms',
      checking,
      { type: 'checked', check: leftOut },
      { phase: 'confirming', notice: leftOut },
    ],
    [
      'a changed price: the shopper confirms',
      checking,
      { type: 'checked', check: changed },
      { phase: 'confirming', notice: changed },
    ],
    ['a check without an answer goes back to idle', checking, { type: 'check-failed' }, SUBMIT_IDLE],
    [
      'a check without an answer keeps the last notice',
      { phase: 'checking', notice: leftOut },
      { type: 'check-failed' },
      confirming,
    ],
    ['a refused order fails with its reasons', placing, { type: 'placed', result: { ok: false, failure } }, failed],
    [
      'an order without its pay link is unpaid',
      placing,
      { type: 'placed', result: { ok: 'unpaid', order, next: '/uz/orders-success?order=9' } },
      unpaid,
    ],
    [
      'a placed order leaves for the next page',
      placing,
      { type: 'placed', result: { ok: true, order, next: 'https://pay.example/9' } },
      leaving,
    ],
  ])('%s', (_, state, event, next) => {
    expect(submitStep(state, event)).toEqual(next);
  });

  it.each<[SubmitState, SubmitEvent]>([
    [checking, check],
    [placing, check],
    [unpaid, check],
    [leaving, check],
    [SUBMIT_IDLE, { type: 'checked', check: clean }],
    [placing, { type: 'checked', check: clean }],
    [SUBMIT_IDLE, { type: 'check-failed' }],
    [SUBMIT_IDLE, { type: 'placed', result: { ok: false, failure } }],
    [checking, { type: 'placed', result: { ok: true, order, next: '/' } }],
  ])('%o ignores %o', (state, event) => {
    expect(submitStep(state, event)).toBe(state);
  });
});

describe('submitView', () => {
  it('shows the ordered lines while placing and leaving, and is busy while checking and placing', () => {
    expect(submitView(SUBMIT_IDLE)).toEqual({ ordered: null, notice: null, failure: null, busy: false });
    expect(submitView({ phase: 'checking', notice: leftOut })).toEqual({
      ordered: null,
      notice: leftOut,
      failure: null,
      busy: true,
    });
    expect(submitView(confirming)).toEqual({ ordered: null, notice: leftOut, failure: null, busy: false });
    expect(submitView(placing)).toEqual({ ordered: [a, b], notice: null, failure: null, busy: true });
    expect(submitView(failed)).toEqual({ ordered: null, notice: null, failure, busy: false });
    expect(submitView(leaving)).toEqual({ ordered: [a, b], notice: null, failure: null, busy: false });
  });
});
