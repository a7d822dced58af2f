/**
 * Node has no browser storage: stores under test that keep something in
 * localStorage or sessionStorage get an in-memory one, fresh for each test.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export function useMemoryStorage(name: 'localStorage' | 'sessionStorage'): void {
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal(name, {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());
}
