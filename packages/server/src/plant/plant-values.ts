import { parsePvKey, type ProcessValue, type PvRef, type PvType } from '@leitwarte/core';
import { createListeners } from './listeners.js';
import type { PlantValues } from './plant.js';

/** The value store plus the hook the plant feeds it through. */
export interface ValueStore extends PlantValues {
  /** Stores a batch from the data source and notifies listeners; values of unknown PVs are dropped. */
  apply(batch: readonly ProcessValue[]): void;
  /** Passes a batch of late values to the archive listeners; values of unknown PVs are dropped. */
  applyArchive(batch: readonly ProcessValue[]): void;
  /**
   * Another process's values (several processes: this one does not run the field). Each is
   * kept only when it is not older than the value held, and no listener hears of it: the
   * process that runs the field has already published it.
   */
  mirror(values: Iterable<ProcessValue>): void;
  /** Number of dropped values of unknown PVs since start (a misconfigured field connector). */
  readonly unknownCount: number;
}

/**
 * Latest value per PV. Kept per PV type in maps keyed by nr, so storing a change costs two map
 * operations and no key string; only `get(key)` parses a key. Batches are passed on as they
 * came (no copy) unless they contain unknown PVs.
 */
export function createValueStore(refs: Iterable<PvRef>): ValueStore {
  // Known PVs are the keys (value undefined until the first one arrives): one lookup both
  // checks the PV and finds its slot.
  const latest = new Map<PvType, Map<number, ProcessValue | undefined>>();
  for (const ref of refs) {
    let slots = latest.get(ref.type);
    if (!slots) latest.set(ref.type, (slots = new Map()));
    slots.set(ref.nr, undefined);
  }
  const listeners = createListeners<readonly ProcessValue[]>();
  const archive = createListeners<readonly ProcessValue[]>();
  let unknownCount = 0;

  return {
    get(key) {
      const ref = parsePvKey(key);
      return ref ? latest.get(ref.type)?.get(ref.nr) : undefined;
    },
    *all() {
      for (const slots of latest.values()) for (const value of slots.values()) if (value) yield value;
    },
    onChange: (listener) => listeners.add(listener),
    onArchive: (listener) => archive.add(listener),
    applyArchive(batch) {
      const known = batch.filter((value) => latest.get(value.pvRef.type)?.has(value.pvRef.nr) === true);
      unknownCount += batch.length - known.length;
      if (known.length > 0) archive.emit(known);
    },
    mirror(values) {
      for (const value of values) {
        const slots = latest.get(value.pvRef.type);
        if (!slots?.has(value.pvRef.nr)) continue;
        const held = slots.get(value.pvRef.nr);
        if (held === undefined || held.timestamp <= value.timestamp) slots.set(value.pvRef.nr, value);
      }
    },
    apply(batch) {
      let accepted: ProcessValue[] | null = null;
      for (let i = 0; i < batch.length; i++) {
        const value = batch[i] as ProcessValue;
        const slots = latest.get(value.pvRef.type);
        if (slots?.has(value.pvRef.nr)) {
          slots.set(value.pvRef.nr, value);
          accepted?.push(value);
        } else {
          unknownCount++;
          // First unknown value: from here on collect a filtered copy.
          accepted ??= batch.slice(0, i);
        }
      }
      const out = accepted ?? batch;
      if (out.length > 0) listeners.emit(out);
    },
    get unknownCount() {
      return unknownCount;
    },
  };
}
