import { LIMIT_TYPES, pvKey, type LimitConfig, type PvRef } from '@leitwarte/core';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { pvHub } from '../../live/pv-hub';

/**
 * The limits of an analog input, live from the PV channel (newLimitConfig); undefined until the
 * first arrive. Holds the subscription while mounted.
 */
export function usePvLimits(ref: PvRef | null): LimitConfig[] | undefined {
  const key = ref ? pvKey(ref) : '';
  useEffect(() => {
    if (!key || !ref) return undefined;
    return pvHub.watchLimits([{ type: ref.type, nr: ref.nr }]);
    // The ref is keyed by its string: a new object for the same PV subscribes nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const last = useRef<LimitConfig[] | undefined>(undefined);
  const subscribe = useCallback((listener: () => void) => pvHub.limits.subscribe(listener), []);
  const read = useCallback(() => {
    const list = key
      ? LIMIT_TYPES.map((type) => pvHub.limits.get(`${key}/${type}`)).filter(
          (limit): limit is LimitConfig => limit !== undefined,
        )
      : [];
    const previous = last.current;
    // The same array while nothing changed, as useSyncExternalStore needs.
    if (list.length === 0) last.current = undefined;
    else if (!previous || previous.length !== list.length || previous.some((l, i) => l !== list[i])) {
      last.current = list;
    }
    return last.current;
  }, [key]);
  return useSyncExternalStore(subscribe, read, read);
}
