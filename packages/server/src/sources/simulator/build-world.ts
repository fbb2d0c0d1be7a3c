import type { PlantDefinition, SourceDefinition } from '../../plant/definition-types.js';
import { createCells, type Cell, type Cells } from './cells.js';
import type { PumpSim, SourceSim, TankSim, World } from './world.js';
function roleCells<K extends string>(
  cells: Cells,
  pvs: Record<string, string>,
  roles: readonly K[],
): Record<K, Cell> {
  const out = {} as Record<K, Cell>;
  for (const role of roles) {
    const key = pvs[role];
    const cell = key === undefined ? undefined : cells.byKey.get(key);
    if (!cell) throw new Error(`simulator: unit PV "${role}" missing`);
    out[role] = cell;
  }
  return out;
}

/** All role cells a unit has (optional roles such as overflow included when present). */
export function allRoleCells(cells: Cells, pvs: Record<string, string>): Record<string, Cell> {
  return roleCells(cells, pvs, Object.keys(pvs));
}

export const PUMP_ROLES = [
  'running',
  'failure',
  'enable',
  'power',
  'hours',
  'cycles',
  'lastStart',
  'energy',
] as const;

/** Binds the definition's units to cells; the order of tanks follows their dependencies. */
export function buildWorld(definition: PlantDefinition): World {
  const cells = createCells(definition.pvs);
  const pumpById = new Map<string, PumpSim>();
  const tankById = new Map<string, TankSim>();
  const world: World = {
    cells,
    pumps: [],
    tanks: [],
    flows: [],
    pressures: [],
    timers: [],
    aerations: [],
    signals: new Map(),
    minMax: [],
    wanderers: [],
    rainGauges: [],
    sensors: [],
  };
  for (const unit of definition.units) {
    if (unit.kind !== 'pump') continue;
    const pump: PumpSim = {
      def: unit,
      running: false,
      request: false,
      share: 1,
      flow: 0,
      power: 0,
      failedUntil: 0,
      dryRun: false,
      c: roleCells(cells, unit.pvs, PUMP_ROLES),
    };
    pumpById.set(unit.id, pump);
    world.pumps.push(pump);
  }
  const pumps = (ids: readonly string[]) => ids.flatMap((id) => pumpById.get(id) ?? []);
  for (const unit of definition.units) {
    if (unit.kind !== 'tank') continue;
    tankById.set(unit.id, {
      def: unit,
      level: 0,
      staging: { stage: 0, lead: 0 },
      pumps: pumps(unit.pumps),
      inflow: [],
      outflow: [],
      inRate: 0,
      outRate: 0,
      overflowRate: 0,
      overflowing: false,
      c: allRoleCells(cells, unit.pvs),
    });
  }
  const source = (s: SourceDefinition): SourceSim[] => {
    if ('pumps' in s) return [{ kind: 'pumps', pumps: pumps(s.pumps) }];
    if ('curve' in s) return [{ kind: 'curve', curve: s.curve, mean: s.mean, rain: s.rain ?? 0 }];
    if ('throttle' in s) return [{ kind: 'throttle', capacity: s.throttle }];
    const tank = tankById.get('tankInflow' in s ? s.tankInflow : s.tankOutflow);
    if (!tank) return [];
    return [{ kind: 'tankInflow' in s ? 'tankInflow' : 'tankOutflow', tank }];
  };
  for (const tank of tankById.values()) {
    tank.inflow = tank.def.inflow.flatMap(source);
    tank.outflow = tank.def.outflow.flatMap(source);
  }
  world.tanks = orderTanks([...tankById.values()]);
  bindMeters(world, definition, pumps, source);
  return world;
}

function orderTanks(tanks: TankSim[]): TankSim[] {
  const ordered: TankSim[] = [];
  const placed = new Set<TankSim>();
  const place = (tank: TankSim) => {
    if (placed.has(tank)) return;
    placed.add(tank);
    for (const s of tank.inflow) if (s.kind === 'tankOutflow') place(s.tank);
    ordered.push(tank);
  };
  tanks.forEach(place);
  return ordered;
}

function bindMeters(
  world: World,
  definition: PlantDefinition,
  pumps: (ids: readonly string[]) => PumpSim[],
  source: (s: SourceDefinition) => SourceSim[],
): void {
  const { cells } = world;
  for (const unit of definition.units) {
    const c = allRoleCells(cells, unit.pvs);
    if (unit.kind === 'flow') {
      world.flows.push({
        def: unit,
        sources: unit.measures.flatMap(source),
        value: Number.NaN,
        c: roleCells(cells, unit.pvs, ['flow', 'volume']),
      });
    } else if (unit.kind === 'pressure') {
      world.pressures.push({
        def: unit,
        pumps: pumps(unit.pumps),
        demand: unit.demand.flatMap(source),
        staging: { stage: 0, lead: 0 },
        c,
      });
    } else if (unit.kind === 'timer') {
      world.timers.push({
        def: unit,
        pumps: pumps(unit.pumps),
        c: roleCells(cells, unit.pvs, ['on', 'off', 'enable', 'active']),
      });
    } else if (unit.kind === 'aeration') {
      const roles = roleCells(cells, unit.pvs, ['oxygen', 'switchOn', 'switchOff']);
      world.aerations.push({
        def: unit,
        blowers: pumps(unit.blowers),
        oxygen: 0,
        staging: { stage: 0, lead: 0 },
        c: roles,
      });
    } else if (unit.kind === 'signals') {
      const roles = roleCells(cells, unit.pvs, [
        'door',
        'mains',
        'temperature',
        'battery',
        'collective',
        'signal',
      ]);
      world.signals.set(unit.station, { station: unit.station, doorUntil: 0, mainsUntil: 0, c: roles });
    } else if (unit.kind === 'measurement' && unit.follows === 'rain' && c.value) {
      world.rainGauges.push({ cell: c.value, max: unit.max });
    }
    const levelLike = c.level ?? c.oxygen ?? c.value;
    if (levelLike && c.dayMin && c.dayMax)
      world.minMax.push({ source: levelLike, min: c.dayMin, max: c.dayMax });
  }
  const gauges = new Set(world.rainGauges.map((g) => g.cell));
  for (const cell of cells.list) {
    if (cell.valueType === 'DoubleValue' && cell.def.sim.noise > 0 && !gauges.has(cell))
      world.wanderers.push(cell);
    if (cell.def.ref.type === 'AnaIn' && cell.valueType === 'DoubleValue' && !gauges.has(cell))
      world.sensors.push(cell);
  }
}
