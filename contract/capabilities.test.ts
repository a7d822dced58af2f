import { describe, expect, it } from 'vitest';
import { applyOverride, CAPABILITIES, decidedBy } from './capabilities.ts';

describe("capabilities the operator's setting", () => {
  it('are decided by a name, a -name, all or none', () => {
    expect(decidedBy(undefined)).toEqual([]);
    expect(decidedBy('orders,-logout')).toEqual(['orders', 'logout']);
    expect(decidedBy('none')).toEqual([...CAPABILITIES]);
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
