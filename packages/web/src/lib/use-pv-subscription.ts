import { parsePvKey, pvKey, type PvRef } from '@leitwarte/core';
import { useEffect, useRef } from 'react';
import { pvHub } from '../live/pv-hub';

const refsOf = (signature: string): PvRef[] =>
  signature === ''
    ? []
    : signature
        .split(',')
        .map(parsePvKey)
        .filter((ref): ref is PvRef => ref !== null);

/**
 * Holds the PV channel and subscribes these PVs while mounted; their current values come right
 * after. When the set changes (a windowed list scrolled), the new set is subscribed before the
 * old one is let go, so PVs in both stay subscribed throughout.
 */
export function usePvSubscription(refs: readonly PvRef[]): void {
  // A reload returns new objects for the same PVs; keyed by this string, the subscription is redone
  // only when the set of PVs really changes.
  const signature = refs.map(pvKey).join(',');
  const held = useRef<PvRef[]>([]);

  useEffect(() => pvHub.acquire(), []);

  useEffect(() => {
    const wanted = refsOf(signature);
    // Failures heal themselves: the channel re-subscribes everything wanted on every (re)connect.
    if (wanted.length > 0) pvHub.subscribe(wanted).catch(() => {});
    if (held.current.length > 0) pvHub.unsubscribe(held.current);
    held.current = wanted;
  }, [signature]);

  useEffect(
    () => () => {
      if (held.current.length > 0) pvHub.unsubscribe(held.current);
      held.current = [];
    },
    [],
  );
}
