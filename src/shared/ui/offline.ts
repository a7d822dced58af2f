/** Whether the browser says it is offline, kept up to date (false while prerendering). */
import { useSyncExternalStore } from 'react';

const onConnectionChange = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

export const useOffline = (): boolean =>
  useSyncExternalStore(
    onConnectionChange,
    () => !navigator.onLine,
    () => false,
  );
