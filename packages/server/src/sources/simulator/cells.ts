import type {
  CounterValue,
  ProcessValue,
  PvValueType,
  Quality,
  RuntimeValue,
  TimeOfDayValue,
} from '@leitwarte/core';
import type { PvDefinition } from '../../plant/definition-types.js';

/**
 * The simulator's state of one PV. Mutable on purpose: the model updates thousands of cells per
 * tick without allocating; only cells whose *reported* value changes become dirty, and only
 * those are copied into immutable ProcessValues at emission.
 */
export interface Cell {
  readonly def: PvDefinition;
  readonly valueType: PvValueType;
  readonly station: number;
  /** 10^decimals: the device's resolution. */
  readonly scale: number;
  /** Exact state of scalar kinds: Double, Bool (0/1), FailureState. */
  x: number;
  /** Last reported scalar (rounded to the resolution), or the counter/runtime total. */
  shown: number;
  counter: CounterValue | null;
  runtime: RuntimeValue | null;
  tod: TimeOfDayValue | null;
  quality: Quality;
  dirty: boolean;
}

/** All cells with their dirty list. */
export interface Cells {
  readonly list: readonly Cell[];
  readonly byKey: ReadonlyMap<string, Cell>;
  /** Cells changed since they were last emitted (each at most once). */
  dirty: Cell[];
}

export function createCells(pvs: readonly PvDefinition[]): Cells {
  const list = pvs.map((def): Cell => ({
    def,
    valueType: def.config.valueType,
    station: def.station,
    scale: 10 ** def.sim.decimals,
    x: 0,
    shown: Number.NaN,
    counter: null,
    runtime: null,
    tod: null,
    quality: 'Good',
    dirty: false,
  }));
  return { list, byKey: new Map(list.map((c) => [c.def.key, c])), dirty: [] };
}

export function markDirty(cells: Cells, cell: Cell): void {
  if (cell.dirty) return;
  cell.dirty = true;
  cells.dirty.push(cell);
}

function round(cell: Cell, value: number): number {
  return Math.round(value * cell.scale) / cell.scale;
}

/**
 * Sets a scalar and reports it when its rounded value changes. While the sensor is Bad the
 * reading is frozen at its last value (a real transmitter delivers nothing usable then).
 */
export function setScalar(cells: Cells, cell: Cell, value: number): void {
  cell.x = value;
  if (cell.quality === 'Bad') return;
  const shown = round(cell, value);
  if (shown !== cell.shown) {
    cell.shown = shown;
    markDirty(cells, cell);
  }
}

export function setBool(cells: Cells, cell: Cell, value: boolean): void {
  setScalar(cells, cell, value ? 1 : 0);
}

export function setCounter(cells: Cells, cell: Cell, counter: CounterValue, force = false): void {
  cell.counter = counter;
  const shown = round(cell, counter.value);
  if (force || shown !== cell.shown) {
    cell.shown = shown;
    markDirty(cells, cell);
  }
}

/** Runtimes are mutated in place by the model; this reports them when the rounded value moved. */
export function touchRuntime(cells: Cells, cell: Cell, force = false): void {
  if (!cell.runtime) return;
  const shown = round(cell, cell.runtime.value);
  if (force || shown !== cell.shown) {
    cell.shown = shown;
    markDirty(cells, cell);
  }
}

export function setTime(cells: Cells, cell: Cell, hour: number, minutes: number): void {
  if (cell.tod && cell.tod.hour === hour && cell.tod.minutes === minutes) return;
  cell.tod = { hour, minutes };
  markDirty(cells, cell);
}

export function setQuality(cells: Cells, cell: Cell, quality: Quality): void {
  if (cell.quality === quality) return;
  cell.quality = quality;
  // Leaving Bad: report the reading the sensor has now.
  if (quality !== 'Bad') cell.shown = round(cell, cell.x);
  markDirty(cells, cell);
}

/**
 * An immutable snapshot of a cell as the field reports it. Object literals with a fixed key
 * order (no spreads) keep one hidden class per value kind: this runs for every change.
 */
export function toProcessValue(cell: Cell, timestamp: number, quality: Quality = cell.quality): ProcessValue {
  const pvRef = cell.def.ref;
  switch (cell.valueType) {
    case 'BoolValue':
      return { pvRef, quality, timestamp, type: 'BoolValue', boolValue: cell.shown === 1 };
    case 'DoubleValue':
      return { pvRef, quality, timestamp, type: 'DoubleValue', doubleValue: cell.shown };
    case 'FailureStateValue':
      return { pvRef, quality, timestamp, type: 'FailureStateValue', failureStateValue: cell.shown };
    case 'CounterValue': {
      const c = cell.counter ?? { value: 0, resetable: true, day: 0, month: 0, year: 0 };
      const counterValue = {
        value: round(cell, c.value),
        resetable: c.resetable,
        day: round(cell, c.day),
        month: round(cell, c.month),
        year: round(cell, c.year),
      };
      return { pvRef, quality, timestamp, type: 'CounterValue', counterValue };
    }
    case 'RuntimeValue': {
      const r = cell.runtime ?? {
        lower: 0,
        lowerMid: 0,
        upperMid: 0,
        upper: 0,
        value: 0,
        runtimeType: 'Undefined',
      };
      const runtimeValue = {
        lower: r.lower,
        lowerMid: r.lowerMid,
        upperMid: r.upperMid,
        upper: r.upper,
        value: round(cell, r.value),
        runtimeType: r.runtimeType,
      };
      return { pvRef, quality, timestamp, type: 'RuntimeValue', runtimeValue };
    }
    case 'TimeOfDayValue': {
      const t = cell.tod ?? { hour: 0, minutes: 0 };
      return {
        pvRef,
        quality,
        timestamp,
        type: 'TimeOfDayValue',
        timeOfDayValue: { hour: t.hour, minutes: t.minutes },
      };
    }
  }
}
