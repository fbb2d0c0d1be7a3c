import {
  addToCounter,
  counterRollover,
  type CounterValue,
  type LocalDate,
  type ProcessValue,
} from '@leitwarte/core';
import type { PvDefinition } from '../../plant/definition-types.js';

type Counted = ProcessValue & { type: 'CounterValue' };

/**
 * Field counters deliver totals; the day, month and year amounts are what the total grew in the
 * plant's current local day, month and year, counted from the first total the server read. A
 * total that drops (reset at the device, roll-over of its register) counts from zero again, as
 * the reports count it.
 */
export function createCounterTracker(localDate: (ms: number) => LocalDate) {
  const state = new Map<string, { total: number; value: CounterValue; date: LocalDate }>();
  return (pv: PvDefinition, total: number, timestamp: number): Counted => {
    const date = localDate(timestamp);
    const before = state.get(pv.key);
    let value: CounterValue;
    if (before === undefined) {
      value = { value: total, resetable: pv.sim.resetable, day: 0, month: 0, year: 0 };
    } else {
      const amount = total >= before.total ? total - before.total : total;
      value = { ...addToCounter(before.value, amount, counterRollover(before.date, date)), value: total };
    }
    state.set(pv.key, { total, value, date });
    return { pvRef: pv.ref, type: 'CounterValue', quality: 'Good', timestamp, counterValue: value };
  };
}
