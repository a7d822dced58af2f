import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './tabs.ts';

describe('tabAfterKey', () => {
  const tabs = ['all', 'cancelled', 'delivered', 'active'] as const;
  it.each([
    ['all', 'ArrowRight', 'cancelled'],
    ['active', 'ArrowRight', 'all'],
    ['all', 'ArrowLeft', 'active'],
    ['delivered', 'ArrowLeft', 'cancelled'],
    ['delivered', 'Home', 'all'],
    ['cancelled', 'End', 'active'],
    ['all', 'Enter', undefined],
  ] as const)('%s + %s → %s', (current, key, next) => {
    expect(tabAfterKey(tabs, current, key)).toBe(next);
  });
});
