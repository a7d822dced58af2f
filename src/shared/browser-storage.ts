import type { WritableAtom } from 'nanostores';
import { repairStored } from './storage.ts';

/** localStorage when the page may use it (not at build time, not when blocked by the browser). */
export const browserStorage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/**
 * `store`, its stored text first written back in its clean encoding when it differs (a value decoded leniently is
 * kept as what it means). Done where the store is made, so a page that never uses the store never touches its key.
 */
export function repairedStore<T>(store: WritableAtom<T>, key: string, encode: (value: T) => string): WritableAtom<T> {
  repairStored(browserStorage(), key, encode(store.get()));
  return store;
}
