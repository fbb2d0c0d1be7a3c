import { isValidTimeOfDay, pvKey, type ProcessValue } from '@leitwarte/core';
import type { FieldWrite } from '../data-source.js';
import {
  markDirty,
  setBool,
  setCounter,
  setScalar,
  setTime,
  touchRuntime,
  type Cell,
  type Cells,
} from './cells.js';

/** A write the field refuses; nothing of the batch was applied. */
export class WriteRefusedError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`${key}: ${reason}`);
    this.name = 'WriteRefusedError';
  }
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Why a write is refused, or null when the field accepts it. The field accepts what an
 * operator may change: AnaOut and DigiOut setpoints, manual lab values, acknowledgement of an
 * active failure input (state 2), counter resets of resetable counters and runtimes.
 */
function refusal(cell: Cell, value: ProcessValue): string | null {
  const { ref, config } = cell.def;
  if (value.type !== cell.valueType) return `expects ${cell.valueType}, got ${value.type}`;
  const domain = config.domainConfig;
  switch (value.type) {
    case 'DoubleValue': {
      if (ref.type !== 'AnaOut' && ref.type !== 'LaborWert') return `${ref.type} is not writable`;
      const v = value.doubleValue;
      if (!isFiniteNumber(v)) return 'value must be a finite number';
      if (domain && domain.min !== null && v < domain.min) return `below the minimum ${domain.min}`;
      if (domain && domain.max !== null && v > domain.max) return `above the maximum ${domain.max}`;
      return null;
    }
    case 'TimeOfDayValue': {
      if (ref.type !== 'AnaOut') return `${ref.type} is not writable`;
      return isValidTimeOfDay(value.timeOfDayValue) ? null : 'time of day must be 00:00 to 23:59';
    }
    case 'BoolValue':
      if (ref.type !== 'DigiOut') return `${ref.type} is not writable`;
      return typeof value.boolValue === 'boolean' ? null : 'value must be true or false';
    case 'FailureStateValue':
      if (value.failureStateValue !== 2) return 'only acknowledgement (state 2) can be written';
      return cell.x === 1 ? null : 'no unacknowledged failure to acknowledge';
    case 'CounterValue':
      if (!cell.counter?.resetable) return 'counter is not resetable';
      return isFiniteNumber(value.counterValue.value) && value.counterValue.value >= 0
        ? null
        : 'counter value must be a finite number ≥ 0';
    case 'RuntimeValue': {
      const r = value.runtimeValue;
      const numbers = [r.value, r.lower, r.lowerMid, r.upperMid, r.upper];
      if (!numbers.every(isFiniteNumber) || r.value < 0)
        return 'runtime values must be finite numbers, value ≥ 0';
      return r.lower <= r.lowerMid && r.lowerMid <= r.upperMid && r.upperMid <= r.upper
        ? null
        : 'runtime limits must be ordered lower ≤ lowerMid ≤ upperMid ≤ upper';
    }
  }
}

/** Checks every write first, then applies all of them; returns the stations written to. */
export function applyWrites(cells: Cells, writes: readonly FieldWrite[]): Set<number> {
  const targets: [Cell, ProcessValue][] = [];
  for (const write of writes) {
    const key = pvKey(write.ref);
    const cell = cells.byKey.get(key);
    if (!cell) throw new WriteRefusedError(key, 'unknown PV');
    const reason = refusal(cell, write.value);
    if (reason) throw new WriteRefusedError(key, reason);
    targets.push([cell, write.value]);
  }
  const stations = new Set<number>();
  for (const [cell, value] of targets) {
    stations.add(cell.station);
    applyOne(cells, cell, value);
    // The field confirms a write even when the value did not change.
    markDirty(cells, cell);
  }
  return stations;
}

function applyOne(cells: Cells, cell: Cell, value: ProcessValue): void {
  switch (value.type) {
    case 'DoubleValue':
      return setScalar(cells, cell, value.doubleValue);
    case 'BoolValue':
      return setBool(cells, cell, value.boolValue);
    case 'TimeOfDayValue':
      return setTime(cells, cell, value.timeOfDayValue.hour, value.timeOfDayValue.minutes);
    case 'FailureStateValue':
      return setScalar(cells, cell, 2);
    case 'CounterValue': {
      // A reset replaces the total (e.g. a new meter); the period values keep counting.
      const current = cell.counter;
      if (current) setCounter(cells, cell, { ...current, value: value.counterValue.value }, true);
      return;
    }
    case 'RuntimeValue': {
      const r = value.runtimeValue;
      const runtimeType = cell.runtime?.runtimeType ?? r.runtimeType;
      cell.runtime = {
        lower: r.lower,
        lowerMid: r.lowerMid,
        upperMid: r.upperMid,
        upper: r.upper,
        value: r.value,
        runtimeType,
      };
      return touchRuntime(cells, cell, true);
    }
  }
}
