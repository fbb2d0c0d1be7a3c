import type { CounterValue } from '@leitwarte/core';
import type { LocalTime } from './calendar.js';
import { markDirty, setBool, setCounter, setScalar, setTime, touchRuntime, type Cell } from './cells.js';
import { between, type Random } from './random.js';
import type { World } from './world.js';

const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/**
 * A counter as it would read after years of service at a mean rate per hour: day, month and
 * year values match the time already elapsed in the current local day, month and year.
 */
export function plausibleCounter(
  ratePerHour: number,
  local: LocalTime,
  random: Random,
  resetable: boolean,
): CounterValue {
  const day = ratePerHour * local.hourOfDay;
  const month = day + ratePerHour * 24 * (local.day - 1);
  const year = month + ratePerHour * 24 * (DAYS_BEFORE_MONTH[local.month - 1] ?? 0);
  const value = year + ratePerHour * 24 * 365 * between(random, 2, 9);
  return { value, resetable, day, month, year };
}

/** Gives every cell its starting value, then the units plausible histories. All cells end dirty. */
export function initialise(world: World, random: Random, local: LocalTime): void {
  const { cells } = world;
  for (const cell of cells.list) initialiseCell(world, cell);
  for (const pump of world.pumps) {
    // A plant definition may say what a pump has run; otherwise a plausible share of its interval.
    // The random numbers are drawn either way, so the rest of the plant's start stays the same.
    const hours = pump.c.hours.runtime;
    const givenHours = pump.c.hours.def.sim.initial;
    if (hours) {
      const drawn = between(random, 0.05, 0.8) * hours.upper;
      hours.value = typeof givenHours === 'number' ? givenHours : drawn;
    }
    const cycles = pump.c.cycles.runtime;
    const givenCycles = pump.c.cycles.def.sim.initial;
    if (cycles && hours) {
      const drawn = Math.round(hours.value * between(random, 1, 4));
      cycles.value = typeof givenCycles === 'number' ? givenCycles : drawn;
    }
    setTime(cells, pump.c.lastStart, Math.floor(random() * 24), Math.floor(random() * 60));
    const energy = pump.c.energy;
    setCounter(
      cells,
      energy,
      plausibleCounter(pump.def.power * 0.35, local, random, energy.def.sim.resetable),
    );
  }
  for (const flow of world.flows) {
    const volume = flow.c.volume;
    setCounter(
      cells,
      volume,
      plausibleCounter(
        flow.def.max * (flow.def.dimension === 'l/s' ? 3.6 : 1) * 0.3,
        local,
        random,
        volume.def.sim.resetable,
      ),
    );
  }
  for (const tank of world.tanks) {
    const { def } = tank;
    tank.level = Math.min(def.height, def.initialLevel ?? (def.on + def.off) / 2);
    const volume = tank.c.overflowVolume;
    if (volume)
      setCounter(cells, volume, plausibleCounter(def.area * 0.05, local, random, volume.def.sim.resetable));
    const events = tank.c.overflowEvents?.runtime;
    if (events) events.value = Math.round(between(random, 20, 80));
    const duration = tank.c.overflowDuration?.runtime;
    if (duration) duration.value = between(random, 30, 200);
  }
  for (const lane of world.aerations) lane.oxygen = (lane.c.switchOn.x + lane.c.switchOff.x) / 2;
  // A day minimum or maximum has no value before the day's first reading: not the domain's 0,
  // which a minimum would keep all day (the elevated tanks showed 0 m). The first step sets it.
  for (const link of world.minMax) {
    link.min.shown = Number.NaN;
    link.max.shown = Number.NaN;
  }
  for (const cell of cells.list) {
    touchRuntime(cells, cell, true);
    markDirty(cells, cell);
  }
}

function initialiseCell(world: World, cell: Cell): void {
  const { cells } = world;
  const { sim, config } = cell.def;
  const initial = sim.initial;
  switch (cell.valueType) {
    case 'DoubleValue': {
      const min = config.domainConfig?.min ?? 0;
      return setScalar(cells, cell, typeof initial === 'number' ? initial : Math.max(0, min));
    }
    case 'BoolValue':
      return setBool(cells, cell, initial === true);
    case 'FailureStateValue':
      return setScalar(cells, cell, typeof initial === 'number' ? initial : 0);
    case 'CounterValue': {
      const value = typeof initial === 'number' ? initial : 0;
      return setCounter(cells, cell, { value, resetable: sim.resetable, day: 0, month: 0, year: 0 }, true);
    }
    case 'RuntimeValue': {
      const limits = sim.runtimeLimits ?? { lower: 0, lowerMid: 0, upperMid: 0, upper: 0 };
      cell.runtime = {
        ...limits,
        value: typeof initial === 'number' ? initial : 0,
        runtimeType: sim.runtimeType,
      };
      return;
    }
    case 'TimeOfDayValue': {
      const tod = typeof initial === 'object' && initial !== null ? initial : { hour: 0, minutes: 0 };
      return setTime(cells, cell, tod.hour, tod.minutes);
    }
  }
}
