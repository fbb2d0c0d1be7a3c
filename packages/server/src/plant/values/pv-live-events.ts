import { pvKey, type ProcessValue, type PvAckEvent, type PvConfig, type PvRef } from '@leitwarte/core';
import { createListeners } from '../listeners.js';
import type { Plant } from '../plant.js';

/** How long a write waits for the field's answer (a dial-up station answers on its next call). */
export const WRITE_ANSWER_TTL_MS = 30 * 60_000;

/**
 * The PV events of the live channel besides the value feed: newValue (the field's answer to a
 * value a user wrote), newAck (a failure input went from unacknowledged to acknowledged, with
 * the user who asked for it) and newConfig (a PV's config changed).
 */
export interface PvLiveEvents {
  /** A user wrote this PV: the next value the field reports for it goes out as newValue. */
  expectWrite(ref: PvRef): void;
  /** A user acknowledges this failure input: its acknowledgement is attributed to them. */
  expectAck(ref: PvRef, username: string | null): void;
  /** The write was refused: forget what expectWrite / expectAck noted for these PVs. */
  forget(refs: readonly PvRef[]): void;
  configChanged(config: PvConfig): void;
  onWrittenValue(listener: (value: ProcessValue) => void): () => void;
  onAck(listener: (ack: PvAckEvent) => void): () => void;
  onConfig(listener: (config: PvConfig) => void): () => void;
}

/** The live PV events of a plant, fed by its value changes. */
export function createPvLiveEvents(plant: Plant, now: () => number = Date.now): PvLiveEvents {
  const written = createListeners<ProcessValue>();
  const acks = createListeners<PvAckEvent>();
  const configs = createListeners<PvConfig>();
  /** PV key → until when a write waits for its answer. */
  const writes = new Map<string, number>();
  /** Failure input key → who acknowledges it, and until when. */
  const ackers = new Map<string, { user: string | null; until: number }>();
  /** Last failure state per failure input, to see the step from 1 to 2. */
  const failureStates = new Map<string, number>();

  for (const value of plant.values.all()) {
    if (value.type === 'FailureStateValue') failureStates.set(pvKey(value.pvRef), value.failureStateValue);
  }

  const prune = () => {
    const t = now();
    for (const [key, until] of writes) if (until < t) writes.delete(key);
    for (const [key, acker] of ackers) if (acker.until < t) ackers.delete(key);
  };

  plant.values.onChange((changes) => {
    for (const value of changes) {
      if (value.type !== 'FailureStateValue' && writes.size === 0) continue;
      const key = pvKey(value.pvRef);
      if (writes.size > 0 && writes.delete(key)) written.emit(value);
      if (value.type !== 'FailureStateValue' || value.quality === 'Bad') continue;
      const before = failureStates.get(key);
      failureStates.set(key, value.failureStateValue);
      if (before === 1 && value.failureStateValue === 2) {
        const acker = ackers.get(key);
        ackers.delete(key);
        acks.emit({ pvRef: value.pvRef, user: acker?.user ?? null, timestamp: value.timestamp });
      }
    }
  });

  return {
    expectWrite(ref) {
      prune();
      writes.set(pvKey(ref), now() + WRITE_ANSWER_TTL_MS);
    },
    expectAck(ref, user) {
      prune();
      ackers.set(pvKey(ref), { user, until: now() + WRITE_ANSWER_TTL_MS });
    },
    forget(refs) {
      for (const ref of refs) {
        writes.delete(pvKey(ref));
        ackers.delete(pvKey(ref));
      }
    },
    configChanged: (config) => configs.emit(config),
    onWrittenValue: (listener) => written.add(listener),
    onAck: (listener) => acks.add(listener),
    onConfig: (listener) => configs.add(listener),
  };
}
