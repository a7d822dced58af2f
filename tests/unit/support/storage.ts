/**
 * Node has no browser storage: stores under test that keep something in
 * localStorage or sessionStorage get an in-memory one, fresh for each test.
 * Like the browser's, its items are also its properties, and the in-memory
 * localStorage is the persistent stores' storage too (@nanostores/persistent
 * reads and writes properties), so a test sees what the stores wrote.
 */
import { setPersistentEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, vi } from 'vitest';

const methods = {
  getItem(this: Record<string, string>, key: string): string | null {
    return Object.hasOwn(this, key) ? this[key]! : null;
  },
  setItem(this: Record<string, string>, key: string, value: string): void {
    this[key] = String(value);
  },
  removeItem(this: Record<string, string>, key: string): void {
    delete this[key];
  },
};

/** An empty in-memory Storage (items as own properties, methods on the prototype), optionally filled. */
function memoryStorage(items: Record<string, string> = {}): Storage & Record<string, string> {
  return Object.assign(Object.create(methods) as Storage & Record<string, string>, items);
}

const noEvents = { addEventListener() {}, removeEventListener() {} };

export function useMemoryStorage(name: 'localStorage' | 'sessionStorage'): void {
  beforeEach(() => {
    const storage = memoryStorage();
    vi.stubGlobal(name, storage);
    if (name === 'localStorage') setPersistentEngine(storage, noEvents);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    if (name === 'localStorage') setPersistentEngine({}, noEvents);
  });
}
