/**
 * Whether the island has hydrated: false while React matches the prerendered
 * markup (which knows nothing of browser storage), true from the render after.
 * What lives in browser storage (the basket, the session) is shown only then,
 * so the first render always matches the page.
 */
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
