import type { Station } from '@leitwarte/core';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { stationAlarmHub } from '../live/station-alarm-hub';
import { liveStation, type LocalDialState } from '../live/station-state-store';

/** Keeps the dial states of these stations live (station channel) while mounted. */
export function useWatchStations(stationNumbers: readonly number[]): void {
  const signature = stationNumbers.join(',');
  useEffect(() => {
    const numbers = signature ? signature.split(',').map(Number) : [];
    if (numbers.length === 0) return undefined;
    return stationAlarmHub.watchStations(numbers);
  }, [signature]);
}

/** The station with its live dial state, timestamps and counters, and a local dial action. */
export function useLiveStation(station: Station): Station & { localDial: LocalDialState | null } {
  const store = stationAlarmHub.states;
  const nr = station.stationNumber;
  const subscribe = useCallback((listener: () => void) => store.subscribe(nr, listener), [store, nr]);
  const read = () => store.get(nr);
  const live = useSyncExternalStore(subscribe, read, read);
  return liveStation(station, live);
}
