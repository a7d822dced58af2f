import { describe, expect, it } from 'vitest';
import { answersAbsent, applyOverride, CAPABILITIES } from './capabilities.ts';

describe('a probe answer', () => {
  it('means absent for 404, 405, 501 and an HTML page, present for anything else', () => {
    for (const status of [404, 405, 501]) expect(answersAbsent(status, 'application/json')).toBe(true);
    expect(answersAbsent(200, 'text/html; charset=utf-8')).toBe(true);
    for (const status of [200, 400, 401, 403, 415, 429, 500])
      expect(answersAbsent(status, 'application/json')).toBe(false);
  });
});

describe("the operator's setting", () => {
  it('keeps detection when unset or empty', () => {
    expect(applyOverride(['refresh', 'orders'], undefined)).toEqual(['orders', 'refresh']);
    expect(applyOverride(['orders'], '  ')).toEqual(['orders']);
  });

  it('adds names and removes -names', () => {
    expect(applyOverride(['refresh'], 'orders, -refresh')).toEqual(['orders']);
  });

  it('starts from nothing or everything', () => {
    expect(applyOverride(['refresh', 'orders'], 'none,catalogue')).toEqual(['catalogue']);
    expect(applyOverride([], 'all,-device')).toEqual(CAPABILITIES.filter((name) => name !== 'device'));
  });

  it('reads a JSON object', () => {
    expect(applyOverride(['refresh'], '{"orders": true, "refresh": false}')).toEqual(['orders']);
  });

  it('refuses an unknown name', () => {
    expect(() => applyOverride([], 'oders')).toThrow(/unknown capability "oders"/);
  });
});
