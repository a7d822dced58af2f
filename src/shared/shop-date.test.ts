import { describe, expect, it } from 'vitest';
import { shopDate } from './shop-date.ts';

describe('review dates', () => {
  it("writes the day in Qarshi's time, the same wherever it runs", () => {
    // 20:00 UTC is 01:00 the next day in Qarshi.
    expect(shopDate('uz', '2025-03-12T20:00:00Z')).toBe('13-mart, 2025-yil');
    expect(shopDate('ru', '2025-03-12T20:00:00Z')).toBe('13 марта 2025 г.');
    expect(shopDate('uz', '2024-12-31T18:59:59.999Z')).toBe('31-dekabr, 2024-yil');
    expect(shopDate('ru', '2025-01-01T00:00:00+05:00')).toBe('1 января 2025 г.');
  });

  it('prints nothing for a date it cannot read', () => {
    expect(shopDate('uz', 'yesterday')).toBe('');
  });
});
