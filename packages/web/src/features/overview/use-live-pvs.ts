import { parsePvKey, pvKey, type PvConfig, type PvRef } from '@leitwarte/core';
import { useEffect } from 'react';
import { pvHub } from '../../live/pv-hub';

/**
 * Keeps the PV channel up while the overview is shown and subscribes its PVs. After a reconnect the
 * snapshot is reloaded through `onResync`, since changes during the outage were not pushed.
 */
export function useLivePvs(pvs: readonly PvConfig[], onResync: () => void): void {
  useEffect(() => pvHub.acquire(), []);

  // A reload returns new objects for the same PVs; keyed by this string, the subscription is redone
  // only when the set of PVs really changes.
  const signature = pvs.map((pv) => pvKey(pv.pvRef)).join(',');

  useEffect(() => {
    const refs = signature
      .split(',')
      .map(parsePvKey)
      .filter((ref): ref is PvRef => ref !== null);
    if (refs.length === 0) return undefined;
    // Failures heal themselves: the channel re-subscribes everything wanted on every (re)connect.
    pvHub.subscribe(refs).catch(() => {});
    return () => pvHub.unsubscribe(refs);
  }, [signature]);

  useEffect(() => pvHub.onResync(onResync), [onResync]);
}
