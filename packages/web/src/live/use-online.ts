import { useSyncExternalStore } from 'react';
import { liveConnections } from './live-connections';

function subscribe(listener: () => void): () => void {
  const online = () => {
    // Back online: no need to wait for the countdown.
    void liveConnections.reconnectFaulted();
    listener();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', listener);
  };
}

const read = () => navigator.onLine;

/** Whether the browser believes it has a network; reconnects faulted channels when it comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}
