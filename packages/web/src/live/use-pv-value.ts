import type { ProcessValue } from '@leitwarte/core';
import { useCallback, useSyncExternalStore } from 'react';
import { pvValueStore, type PvValueStore } from './pv-value-store';

/** The current value of one PV; the component re-renders only when this PV's value changes. */
export function usePvValue(key: string, store: PvValueStore = pvValueStore): ProcessValue | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  const read = () => store.get(key);
  return useSyncExternalStore(subscribe, read, read);
}
