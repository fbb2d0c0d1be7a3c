import type { ProcessValue } from '@leitwarte/core';
import { sameValue } from './value-codec.js';

interface Pending {
  expected: ProcessValue;
  /** The latest other value the device reported meanwhile; shown once the write is given up. */
  held: ProcessValue | null;
  settle: (error: Error | null) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** What became of a value that arrived for a PV. */
export type Offer = 'pass' | 'confirmed' | 'held';

/**
 * Writes waiting for the device to confirm them. While a PV's write waits, values the device
 * reports that are not the written one are held back, so the first value of the PV the screens
 * see after a write is the device's confirmation (newValue), never an older state.
 */
export function createPendingWrites(onGiveUp: (held: ProcessValue) => void) {
  const pending = new Map<string, Pending>();
  const confirmedNow: ((error: Error | null) => void)[] = [];

  const finish = (key: string, entry: Pending, error: Error | null) => {
    clearTimeout(entry.timer);
    pending.delete(key);
    entry.settle(error);
    // After the writer heard of the failure, the screens get what the device really holds.
    if (error !== null && entry.held !== null) {
      const held = entry.held;
      setImmediate(() => onGiveUp(held));
    }
  };

  return {
    has: (key: string) => pending.has(key),
    get size() {
      return pending.size;
    },
    /** Waits for the device to report `expected` within `timeoutMs`; rejects with `timeoutError()` else. */
    expect(key: string, expected: ProcessValue, timeoutMs: number, timeoutError: () => Error): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const entry: Pending = {
          expected,
          held: null,
          settle: (error) => (error === null ? resolve() : reject(error)),
          timer: setTimeout(() => finish(key, entry, timeoutError()), timeoutMs),
        };
        pending.set(key, entry);
      });
    },
    /** A value the device reported: confirms a waiting write, is held back, or passes. */
    offer(key: string, value: ProcessValue): Offer {
      const entry = pending.get(key);
      if (entry === undefined) return 'pass';
      if (value.quality !== 'Bad' && sameValue(value, entry.expected)) {
        clearTimeout(entry.timer);
        pending.delete(key);
        confirmedNow.push(entry.settle);
        return 'confirmed';
      }
      entry.held = value;
      return 'held';
    },
    /** Resolves the writes confirmed since the last call (after their values went out). */
    settleConfirmed(): void {
      for (const settle of confirmedNow.splice(0)) settle(null);
    },
    /** Gives up one write (its sending failed). */
    fail(key: string, error: Error): void {
      const entry = pending.get(key);
      if (entry) finish(key, entry, error);
    },
    /** Gives up every waiting write (the connection is gone). */
    failAll(error: Error): void {
      for (const [key, entry] of [...pending]) finish(key, entry, error);
    },
  };
}
