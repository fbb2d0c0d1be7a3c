import type { CounterRollover } from '@leitwarte/core';
import { setBool, setQuality, setScalar, type Cell } from './cells.js';
import type { StepContext } from './control.js';
import { between, chance, jitter, pick, ratePerStep, type Random } from './random.js';
import type { PumpSim, World } from './world.js';

/** Mean rates of the random events that make the demo look alive; all 0 gives a quiet plant. */
export interface SimulatorRates {
  /** Pump failures per hour, plant-wide. */
  failuresPerHour: number;
  /** Sensors going Uncertain or Bad for a while, per hour. */
  sensorGlitchesPerHour: number;
  /** Station doors opened by staff, per hour. */
  doorOpeningsPerHour: number;
  /** Mains failures at a station, per hour. */
  mainsFailuresPerHour: number;
  rainEventsPerDay: number;
  /** Share of dial attempts that fail (time-out or connection error). */
  dialFailureRate: number;
}

export interface EventState {
  glitch: { cell: Cell; until: number } | null;
}

function failureState(pump: PumpSim): number {
  return pump.c.failure.x;
}

/** Starts and ends failures, door openings, mains failures and sensor glitches. */
export function stepEvents(
  world: World,
  ctx: StepContext,
  random: Random,
  rates: SimulatorRates,
  state: EventState,
): void {
  const { cells } = world;
  const { now, dt } = ctx;
  for (const pump of world.pumps) {
    if (pump.failedUntil !== 0 && now >= pump.failedUntil) {
      // Cleared by the on-call service; an unacknowledged failure is reset all the same.
      pump.failedUntil = 0;
      setScalar(cells, pump.c.failure, 0);
    }
  }
  if (chance(random, ratePerStep(rates.failuresPerHour, dt))) {
    const pump = pick(
      random,
      world.pumps.filter((p) => p.failedUntil === 0),
    );
    if (pump) {
      pump.failedUntil = now + between(random, 3, 15) * 60_000;
      setScalar(cells, pump.c.failure, 1);
    }
  }
  const signals = [...world.signals.values()];
  if (chance(random, ratePerStep(rates.doorOpeningsPerHour, dt))) {
    const station = pick(random, signals);
    if (station) station.doorUntil = now + between(random, 10, 40) * 60_000;
  }
  if (chance(random, ratePerStep(rates.mainsFailuresPerHour, dt))) {
    const station = pick(random, signals);
    if (station) station.mainsUntil = now + between(random, 1, 6) * 60_000;
  }
  if (state.glitch && now >= state.glitch.until) {
    setQuality(cells, state.glitch.cell, 'Good');
    state.glitch = null;
  }
  if (!state.glitch && chance(random, ratePerStep(rates.sensorGlitchesPerHour, dt))) {
    const cell = pick(random, world.sensors);
    if (cell) {
      state.glitch = { cell, until: now + between(random, 20, 120) * 1000 };
      setQuality(cells, cell, random() < 0.7 ? 'Uncertain' : 'Bad');
    }
  }
}

/** Stations whose mains supply is down at this instant. */
export function mainsDown(world: World, now: number): Set<number> {
  const down = new Set<number>();
  for (const s of world.signals.values()) if (now < s.mainsUntil) down.add(s.station);
  return down;
}

/**
 * Analog noise, rain gauges, day min/max and station signals. Wandering values drift around
 * their nominal value and are pulled back to it, like a real measurement around its mean.
 */
export function stepInstruments(
  world: World,
  ctx: StepContext,
  random: Random,
  rollover: CounterRollover,
  pumpsByStation: ReadonlyMap<number, readonly PumpSim[]>,
): void {
  const { cells } = world;
  for (const cell of world.wanderers) {
    const { sim, config } = cell.def;
    const centre = typeof sim.initial === 'number' ? sim.initial : 0;
    let x = cell.x + jitter(random, sim.noise) + (centre - cell.x) * 0.05;
    const min = config.domainConfig?.min;
    const max = config.domainConfig?.max;
    if (typeof min === 'number') x = Math.max(min, x);
    if (typeof max === 'number') x = Math.min(max, x);
    setScalar(cells, cell, x);
  }
  for (const gauge of world.rainGauges) {
    setScalar(cells, gauge.cell, ctx.rain > 0 ? Math.min(gauge.max, ctx.rain * gauge.max * 0.6) : 0);
  }
  for (const link of world.minMax) {
    const value = link.source.shown;
    if (Number.isNaN(value)) continue;
    const restart = rollover.day || Number.isNaN(link.min.shown);
    setScalar(cells, link.min, restart ? value : Math.min(link.min.x, value));
    setScalar(cells, link.max, restart ? value : Math.max(link.max.x, value));
  }
  for (const s of world.signals.values()) {
    const mains = ctx.mainsDown.has(s.station);
    setBool(cells, s.c.door, ctx.now < s.doorUntil);
    setBool(cells, s.c.mains, mains);
    // On UPS the battery discharges; afterwards the charger brings it back (the noise pulls it home).
    if (mains)
      setScalar(cells, s.c.battery, Math.max(23.5, s.c.battery.x - 0.004 * ctx.dt + jitter(random, 0.01)));
    let collective = mains ? 1 : 0;
    for (const pump of pumpsByStation.get(s.station) ?? []) {
      const state = failureState(pump);
      // Unacknowledged (1) outranks acknowledged (2).
      if (state === 1) collective = 1;
      else if (state === 2 && collective === 0) collective = 2;
    }
    setScalar(cells, s.c.collective, collective);
  }
}
