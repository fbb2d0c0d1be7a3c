import type { ArchivedValue } from '../data-source.js';
import type { LocalTime } from './calendar.js';
import { markDirty, type Cell } from './cells.js';
import type { World } from './world.js';

/**
 * A cell as the historian archives it (core's archivedNumber): the reported scalar, the
 * counter's or runtime's total, time of day as hour·256+minutes; NaN while the reading is Bad,
 * which the archive does not keep.
 */
export function archivedCellNumber(cell: Cell): number {
  if (cell.quality === 'Bad') return Number.NaN;
  switch (cell.valueType) {
    case 'CounterValue':
      return cell.counter?.value ?? Number.NaN;
    case 'RuntimeValue':
      return cell.runtime?.value ?? Number.NaN;
    case 'TimeOfDayValue':
      return cell.tod ? cell.tod.hour * 256 + cell.tod.minutes : Number.NaN;
    default:
      return cell.shown;
  }
}

/** Sets a cell to an archived number; a counter keeps its period values, only its reading moves. */
function restoreCell(cell: Cell, v: number): void {
  switch (cell.valueType) {
    case 'CounterValue':
      if (cell.counter) cell.counter = { ...cell.counter, value: v };
      break;
    case 'RuntimeValue':
      if (cell.runtime) cell.runtime.value = v;
      break;
    case 'TimeOfDayValue':
      cell.tod = { hour: Math.floor(v / 256) % 24, minutes: Math.round(v % 256) % 60 };
      break;
    default:
      cell.x = v;
  }
  // What the cell reports (at its resolution); restoreWorld marks it for the next emission.
  cell.shown = Math.round(v * cell.scale) / cell.scale;
}

const sameDay = (a: LocalTime, b: LocalTime) => a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * Puts the model into the state the archive last recorded, so that curves continue where they
 * were rather than at the definition's starting values: levels, the oxygen of aeration lanes,
 * smoothed flows, setpoints and switch points an operator wrote, which pumps were running (and
 * with them the stage of their controllers), pump failures, counters, runtimes and times of day.
 * A day minimum or maximum of an earlier local day starts afresh from the next reading.
 */
export function restoreWorld(
  world: World,
  values: ReadonlyMap<string, ArchivedValue>,
  at: number,
  calendar: (ms: number) => LocalTime,
): void {
  const today = calendar(at);
  const dayExtremes = new Set(world.minMax.flatMap((link) => [link.min, link.max]));
  for (const cell of world.cells.list) {
    const archived = values.get(cell.def.key);
    if (archived === undefined || !Number.isFinite(archived.v)) continue;
    if (dayExtremes.has(cell) && !sameDay(calendar(archived.t), today)) continue;
    restoreCell(cell, archived.v);
    markDirty(world.cells, cell);
  }
  for (const tank of world.tanks) {
    const level = tank.c.level;
    if (level && values.has(level.def.key)) tank.level = Math.min(tank.def.height, Math.max(0, level.x));
  }
  for (const lane of world.aerations) if (values.has(lane.c.oxygen.def.key)) lane.oxygen = lane.c.oxygen.x;
  for (const flow of world.flows) {
    if (!values.has(flow.c.flow.def.key)) continue;
    flow.value = flow.c.flow.x * (flow.def.dimension === 'l/s' ? 3.6 : 1);
  }
  for (const pump of world.pumps) {
    pump.running = pump.c.running.x === 1;
    pump.request = pump.running;
    // A failure still standing is cleared by the on-call service within minutes, as any other.
    if (pump.c.failure.x !== 0) pump.failedUntil = at + 5 * 60_000;
  }
  const stage = (pumps: readonly { running: boolean }[], staging: { stage: number; lead: number }) => {
    staging.stage = pumps.filter((p) => p.running).length;
    const lead = pumps.findIndex((p) => p.running);
    if (lead >= 0) staging.lead = lead;
  };
  for (const tank of world.tanks) stage(tank.pumps, tank.staging);
  for (const booster of world.pressures) stage(booster.pumps, booster.staging);
  for (const lane of world.aerations) stage(lane.blowers, lane.staging);
}
