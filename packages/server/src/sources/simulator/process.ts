import { addToCounter, type CounterRollover } from '@leitwarte/core';
import { setBool, setCounter, setScalar, setTime, touchRuntime, type Cell, type Cells } from './cells.js';
import { available, sourceRate, type StepContext } from './control.js';
import { curveFactor } from './curves.js';
import { jitter, type Random } from './random.js';
import type { TankSim, World } from './world.js';

/** Below this share of its height a tank stops the pumps drawing from it; they resume above the second. */
const DRY_RUN_STOP = 0.05;
const DRY_RUN_RESUME = 0.15;

/** Adds an amount to a counter cell; at a period change the period values restart (core rule). */
export function totalise(cells: Cells, cell: Cell, amount: number, rollover: CounterRollover): void {
  // Most counters stand still most of the time (pumps off); skip the new object then.
  if (!cell.counter || (amount === 0 && !rollover.day)) return;
  setCounter(cells, cell, addToCounter(cell.counter, amount, rollover), rollover.day);
}

/** Runs or stops pumps as requested and accounts power, runtime, switching cycles and energy. */
export function stepPumps(world: World, ctx: StepContext, random: Random, rollover: CounterRollover): void {
  const { cells } = world;
  const hours = ctx.dt / 3600;
  for (const pump of world.pumps) {
    const run = pump.request && available(pump, ctx);
    if (run && !pump.running) {
      const cycles = pump.c.cycles.runtime;
      if (cycles) cycles.value += 1;
      touchRuntime(cells, pump.c.cycles);
      setTime(cells, pump.c.lastStart, ctx.local.hour, ctx.local.minute);
    }
    pump.running = run;
    pump.flow = run ? pump.def.flow * pump.share * (1 + jitter(random, 0.02)) : 0;
    // Fixed-speed pumps draw rated power; speed-controlled ones less at part load.
    pump.power = run ? pump.def.power * (0.3 + 0.7 * pump.share) * (1 + jitter(random, 0.01)) : 0;
    setBool(cells, pump.c.running, run);
    setScalar(cells, pump.c.power, pump.power);
    const runtime = pump.c.hours.runtime;
    if (run && runtime) {
      runtime.value += hours;
      touchRuntime(cells, pump.c.hours);
    }
    totalise(cells, pump.c.energy, pump.power * hours, rollover);
  }
}

/** Integrates tank levels over the step; handles overflow, dry-run protection and limit inputs. */
export function stepTanks(world: World, ctx: StepContext, random: Random, rollover: CounterRollover): void {
  for (const tank of world.tanks) {
    const { def } = tank;
    let inRate = 0;
    for (const s of tank.inflow) inRate += sourceRate(s, ctx);
    let outRate = 0;
    for (const s of tank.outflow) {
      // An empty basin passes at most what flows in through its throttle.
      outRate += s.kind === 'throttle' && tank.level <= 0 ? Math.min(s.capacity, inRate) : sourceRate(s, ctx);
    }
    for (const pump of tank.pumps) {
      if (def.mode === 'fill') inRate += pump.flow;
      else outRate += pump.flow;
    }
    let level = tank.level + ((inRate - outRate) * ctx.dt) / 3600 / def.area;
    let overflowRate = 0;
    if (level > def.height) {
      if (def.overflow) overflowRate = ((level - def.height) * def.area * 3600) / ctx.dt;
      level = def.height;
    } else if (level < 0) {
      // Pumps cannot take more than there is: the outflow was smaller.
      outRate += (level * def.area * 3600) / ctx.dt;
      level = 0;
    }
    tank.level = level;
    tank.inRate = inRate;
    tank.outRate = outRate;
    tank.overflowRate = overflowRate;
    protectDryRun(tank);
    reportTank(world, tank, ctx, random, rollover);
  }
}

function protectDryRun(tank: TankSim): void {
  const share = tank.level / tank.def.height;
  for (const s of tank.outflow) {
    if (s.kind !== 'pumps') continue;
    for (const pump of s.pumps) {
      if (share < DRY_RUN_STOP) pump.dryRun = true;
      else if (share > DRY_RUN_RESUME) pump.dryRun = false;
    }
  }
}

function reportTank(
  world: World,
  tank: TankSim,
  ctx: StepContext,
  random: Random,
  rollover: CounterRollover,
): void {
  const { cells } = world;
  const { def, c } = tank;
  // A level probe reads a few millimetres of ripple.
  const reading = Math.min(def.height, Math.max(0, tank.level + jitter(random, 0.004)));
  if (c.level) setScalar(cells, c.level, reading);
  if (c.volume) setScalar(cells, c.volume, tank.level * def.area);
  if (c.high) setBool(cells, c.high, tank.level >= def.height * 0.95);
  if (c.low) setBool(cells, c.low, tank.level <= def.height * DRY_RUN_STOP);
  if (!def.overflow) return;
  const overflowing = tank.overflowRate > 0;
  if (overflowing && !tank.overflowing && c.overflowEvents?.runtime) {
    c.overflowEvents.runtime.value += 1;
    touchRuntime(cells, c.overflowEvents);
  }
  tank.overflowing = overflowing;
  if (c.overflowActive) setBool(cells, c.overflowActive, overflowing);
  if (c.overflowFlow) setScalar(cells, c.overflowFlow, tank.overflowRate / 3.6);
  if (overflowing && c.overflowDuration?.runtime) {
    c.overflowDuration.runtime.value += ctx.dt / 3600;
    touchRuntime(cells, c.overflowDuration);
  }
  if (c.overflowVolume) totalise(cells, c.overflowVolume, (tank.overflowRate * ctx.dt) / 3600, rollover);
}

/** Flow meters, pressures and dissolved oxygen, after pumps and tanks have moved. */
export function stepMeters(world: World, ctx: StepContext, random: Random, rollover: CounterRollover): void {
  const { cells } = world;
  for (const flow of world.flows) {
    let raw = 0;
    for (const s of flow.sources) raw += sourceRate(s, ctx);
    const k = flow.def.smoothing > 0 ? Math.min(1, ctx.dt / flow.def.smoothing) : 1;
    flow.value = Number.isNaN(flow.value) ? raw : flow.value + (raw - flow.value) * k;
    const reading = Math.max(0, flow.value * (1 + jitter(random, 0.01)));
    setScalar(cells, flow.c.flow, flow.def.dimension === 'l/s' ? reading / 3.6 : reading);
    totalise(cells, flow.c.volume, (flow.value * ctx.dt) / 3600, rollover);
  }
  for (const booster of world.pressures) {
    const { def, c } = booster;
    const running = booster.pumps.filter((p) => p.running);
    let pressure: number;
    if (def.mode === 'passive') {
      pressure = def.base + def.perPump * running.length;
    } else {
      const suction = c.suction?.x ?? def.suction;
      let demand = 0;
      for (const s of booster.demand) demand += sourceRate(s, ctx);
      const capacity = running.reduce((sum, p) => sum + p.def.flow, 0);
      const setpoint = c.setpoint?.x ?? def.setpoint;
      // Pressure sags below the setpoint only when demand exceeds what the running pumps deliver.
      pressure =
        running.length === 0
          ? suction
          : suction + (setpoint - suction) * Math.min(1, capacity / Math.max(demand, 1e-9));
    }
    if (c.pressure)
      setScalar(cells, c.pressure, Math.max(0, Math.min(def.max, pressure + jitter(random, 0.03))));
  }
  // Oxygen uptake follows the wastewater load of the day.
  const load = curveFactor('wastewater', ctx.local.hourOfDay);
  for (const lane of world.aerations) {
    const running = lane.blowers.filter((p) => p.running).length;
    const uptake = lane.def.load * load;
    // One blower covers the peak load with reserve; oxygen transfer falls towards saturation (~9 mg/l).
    const supply = running * lane.def.load * 2.2 * (1 - lane.oxygen / 9);
    lane.oxygen = Math.max(0, lane.oxygen + ((supply - uptake) * ctx.dt) / 3600);
    setScalar(cells, lane.c.oxygen, Math.max(0, lane.oxygen + jitter(random, 0.02)));
  }
}
