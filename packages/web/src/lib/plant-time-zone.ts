import { useSyncExternalStore } from 'react';

/**
 * The plant's time zone, in which the app shows and takes every time: an operator in another
 * zone (on call abroad, a contractor's laptop) sees the times the plant's people see. Until the
 * plant's info has arrived the browser's zone stands in.
 */
let zone: string | null = null;
const listeners = new Set<() => void>();

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function plantTimeZone(): string {
  return zone ?? browserZone();
}

/** Set once the plant's info is known (the shell does it after login). */
export function setPlantTimeZone(next: string): void {
  if (next === zone) return;
  zone = next;
  for (const listener of listeners) listener();
}

/** The plant's time zone for a component, drawn again when it becomes known. */
export function usePlantTimeZone(): string {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, plantTimeZone);
}
