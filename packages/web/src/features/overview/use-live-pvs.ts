import { useEffect } from 'react';
import { pvHub } from '../../live/pv-hub';

/**
 * Keeps the PV channel up while the overview is shown. After a reconnect the snapshot is reloaded
 * through `onResync`, since changes during the outage were not pushed.
 */
export function useLiveChannel(onResync: () => void): void {
  useEffect(() => pvHub.acquire(), []);
  useEffect(() => pvHub.onResync(onResync), [onResync]);
}
