import type { PvRef as CorePvRef } from '@leitwarte/core';
import { useSyncExternalStore } from 'react';

/** A process value as the api layer names it: type and nr (screens §3). */
export type PvRef = CorePvRef;

/** A write action and what it acts on; each opens its dialog (screens §4 action flows). */
export type PvAction =
  | { kind: 'setValues'; pvs: PvRef[]; defaultValue?: number } // defaultValue 2 = invert
  | { kind: 'limits'; pv: PvRef }
  | { kind: 'priorities'; pvs: PvRef[] }
  | { kind: 'resetCounters'; pvs: PvRef[] }
  | { kind: 'acknowledgeFailure'; pvs: PvRef[] }
  | { kind: 'acknowledgePriorityOutputs'; stationNr?: number }
  | { kind: 'dial'; stationNrs: number[]; command: 'connect' | 'disconnect' | 'status' };

/** The open action; `id` tells two openings of the same action apart. */
export interface OpenPvAction {
  id: number;
  action: PvAction;
}

let current: OpenPvAction | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: OpenPvAction | null): void {
  current = next;
  for (const listener of [...listeners]) listener();
}

/** Opens the action's dialog from anywhere (a station page, a process image); one at a time. */
export function openPvAction(action: PvAction): void {
  set({ id: nextId++, action });
}

/** Closes the open dialog. */
export function closePvAction(): void {
  set(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const read = () => current;

/** The open action, for the host. */
export function useOpenPvAction(): OpenPvAction | null {
  return useSyncExternalStore(subscribe, read, read);
}
