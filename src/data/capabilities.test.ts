import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '#contract/capabilities.ts';
import { inEffect, probeAnswer } from './capabilities.ts';

describe('a probe answer', () => {
  it('means absent for 404, 405, 501 and an HTML page, unknown for a server fault or 429, present otherwise', () => {
    for (const status of [404, 405, 501]) expect(probeAnswer(status, 'application/json')).toBe('absent');
    expect(probeAnswer(200, 'text/html; charset=utf-8')).toBe('absent');
    expect(probeAnswer(404, 'text/html')).toBe('absent');
    // A proxy's HTML error page in front of a struggling backend says nothing about the call.
    for (const status of [500, 502, 503, 504]) {
      expect(probeAnswer(status, 'text/html; charset=utf-8')).toBe('unknown');
      expect(probeAnswer(status, 'application/json')).toBe('unknown');
    }
    expect(probeAnswer(429, 'application/json')).toBe('unknown');
    for (const status of [200, 400, 401, 403, 415]) expect(probeAnswer(status, 'application/json')).toBe('present');
  });
});

describe('capabilities the backend could not answer for', () => {
  const detected = {
    present: ['orders' as const],
    unknown: [{ name: 'logout' as const, why: 'POST /users/logout/ answered 502 text/html (3 tries)' }],
  };

  it('stop the build, naming them, unless the setting decides them', () => {
    expect(() => inEffect(detected, undefined)).toThrow(/could not say whether it has logout: .*502/);
    expect(() => inEffect(detected, 'orders')).toThrow(/logout/);
    expect(inEffect(detected, 'logout')).toEqual(['orders', 'logout']);
    expect(inEffect(detected, '-logout')).toEqual(['orders']);
    expect(inEffect(detected, 'all')).toEqual([...CAPABILITIES]);
  });
});
