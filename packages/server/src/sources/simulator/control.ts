import type { LocalTime } from './calendar.js';
import { setBool } from './cells.js';
import { curveFactor } from './curves.js';
import type { PumpSim, SourceSim, Staging, World } from './world.js';

/** Context of one simulation step shared by the model's parts. */
export interface StepContext {
  now: number;
  dt: number;
  local: LocalTime;
  rain: number;
  /** Stations whose mains supply has failed: their pumps cannot run. */
  mainsDown: ReadonlySet<number>;
}

/** Whether a pump may run: enabled, healthy, not protected against dry running, powered. */
export function available(pump: PumpSim, ctx: StepContext): boolean {
  return (
    pump.c.enable.x === 1 && pump.failedUntil === 0 && !pump.dryRun && !ctx.mainsDown.has(pump.def.station)
  );
}

/**
 * Two-point control in stages, as pump stations do it: the first pump starts at the switch-on
 * point, each further pump one `step` beyond it, all stop at the switch-off point. `raises`
 * says whether running pumps raise the value (filling a tank, aerating) or lower it (a sump).
 * The lead pump rotates with every start from standstill so wear spreads evenly.
 */
export function stageControl(
  staging: Staging,
  value: number,
  on: number,
  off: number,
  step: number,
  count: number,
  raises: boolean,
): void {
  const reachedOff = raises ? value >= off : value <= off;
  if (reachedOff) {
    staging.stage = 0;
    return;
  }
  const threshold = raises ? on - staging.stage * step : on + staging.stage * step;
  const demand = raises ? value <= threshold : value >= threshold;
  if (demand && staging.stage < count) {
    if (staging.stage === 0) staging.lead = (staging.lead + 1) % Math.max(1, count);
    staging.stage++;
  }
}

/** Requests the first `stage` available pumps counted from the lead pump. */
function requestStaged(pumps: readonly PumpSim[], staging: Staging, ctx: StepContext, share = 1): void {
  let left = staging.stage;
  for (let i = 0; i < pumps.length; i++) {
    const pump = pumps[(staging.lead + i) % pumps.length] as PumpSim;
    const run = left > 0 && available(pump, ctx);
    if (run) left--;
    pump.request = run;
    pump.share = share;
  }
}

/** Flow of a source in m³/h; tanks must already be integrated for tank sources. */
export function sourceRate(source: SourceSim, ctx: StepContext): number {
  switch (source.kind) {
    case 'pumps': {
      let sum = 0;
      for (const pump of source.pumps) sum += pump.flow;
      return sum;
    }
    case 'curve':
      return source.mean * curveFactor(source.curve, ctx.local.hourOfDay) + source.rain * ctx.rain;
    case 'tankInflow':
      return source.tank.inRate;
    case 'tankOutflow':
      return source.tank.outRate;
    case 'throttle':
      return source.capacity;
  }
}

function minutesOf(cell: { tod: { hour: number; minutes: number } | null }): number {
  return cell.tod ? cell.tod.hour * 60 + cell.tod.minutes : 0;
}

/** Decides which pumps should run this step: tanks, boosters, time switches, aeration. */
export function control(world: World, ctx: StepContext): void {
  for (const tank of world.tanks) {
    const { def } = tank;
    const raises = def.mode === 'fill';
    const count = tank.pumps.filter((p) => available(p, ctx)).length;
    stageControl(
      tank.staging,
      tank.level,
      tank.c.switchOn?.x ?? def.on,
      tank.c.switchOff?.x ?? def.off,
      def.height * 0.1,
      count,
      raises,
    );
    requestStaged(tank.pumps, tank.staging, ctx);
  }
  for (const booster of world.pressures) {
    if (booster.def.mode !== 'control') continue;
    let demand = 0;
    for (const s of booster.demand) demand += sourceRate(s, ctx);
    const pumps = booster.pumps.filter((p) => available(p, ctx));
    const capacity = (n: number) => pumps.slice(0, n).reduce((sum, p) => sum + p.def.flow, 0);
    const staging = booster.staging;
    // A booster keeps at least one pump running to hold pressure; more join near capacity.
    if (staging.stage === 0 && pumps.length > 0) staging.stage = 1;
    if (demand > 0.9 * capacity(staging.stage) && staging.stage < pumps.length) staging.stage++;
    else if (staging.stage > 1 && demand < 0.6 * capacity(staging.stage - 1)) staging.stage--;
    staging.stage = Math.min(staging.stage, pumps.length);
    const share = staging.stage > 0 ? Math.min(1, Math.max(0.2, demand / capacity(staging.stage))) : 0;
    requestStaged(booster.pumps, staging, ctx, share);
  }
  for (const timer of world.timers) {
    const minute = ctx.local.hour * 60 + ctx.local.minute;
    const on = minutesOf(timer.c.on);
    const off = minutesOf(timer.c.off);
    const inWindow = on < off ? minute >= on && minute < off : minute >= on || minute < off;
    const active = timer.c.enable.x === 1 && inWindow;
    setBool(world.cells, timer.c.active, active);
    for (const pump of timer.pumps) {
      pump.request = active && available(pump, ctx);
      pump.share = 1;
    }
  }
  for (const lane of world.aerations) {
    const count = lane.blowers.filter((p) => available(p, ctx)).length;
    stageControl(lane.staging, lane.oxygen, lane.c.switchOn.x, lane.c.switchOff.x, 0.3, count, true);
    requestStaged(lane.blowers, lane.staging, ctx);
  }
}
