import { PlantDefinitionError } from './definition-error.js';
import type { PlantDocument, SourceDocument, UnitDocument } from './definition-schema.js';
import type { PlantDefinition } from './definition-types.js';

interface Located {
  unit: UnitDocument;
  path: string;
}

/**
 * Checks what a schema cannot: unique numbers, ids and PV references, references to units of
 * the right kind, one controller per pump, sensible switch points, no tank cycles.
 */
export function checkDefinition(
  doc: PlantDocument,
  definition: PlantDefinition,
  origins: readonly string[],
): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: doc.plant.timeZone });
  } catch {
    throw new PlantDefinitionError(
      'plant.timeZone',
      `unknown time zone ${JSON.stringify(doc.plant.timeZone)}`,
    );
  }
  const stationNumbers = new Map<number, number>();
  const units = new Map<string, Located>();
  doc.stations.forEach((station, i) => {
    const earlier = stationNumbers.get(station.number);
    if (earlier !== undefined) {
      throw new PlantDefinitionError(
        `stations[${i}].number`,
        `${station.number} already used by stations[${earlier}]`,
      );
    }
    stationNumbers.set(station.number, i);
    if (station.dialIntervalMinutes !== undefined && station.connection !== 'dial') {
      throw new PlantDefinitionError(`stations[${i}].dialIntervalMinutes`, 'only for connection "dial"');
    }
    station.units.forEach((unit, j) => {
      const path = `stations[${i}].units[${j}]`;
      const other = units.get(unit.id);
      if (other) throw new PlantDefinitionError(`${path}.id`, `"${unit.id}" already used by ${other.path}`);
      units.set(unit.id, { unit, path });
    });
  });
  checkPvRefs(definition, origins);
  const controlled = new Map<string, string>();
  for (const { unit, path } of units.values()) checkUnit(unit, path, units, controlled);
  checkTankCycles(units);
}

function checkPvRefs(definition: PlantDefinition, origins: readonly string[]): void {
  const seen = new Map<string, number>();
  definition.pvs.forEach((pv, index) => {
    const earlier = seen.get(pv.key);
    if (earlier === undefined) return void seen.set(pv.key, index);
    const first = definition.pvs[earlier];
    throw new PlantDefinitionError(
      origins[index] ?? '',
      `PV ${pv.key} "${pv.config.name}" collides with "${first?.config.name}" of ${origins[earlier]}`,
    );
  });
}

function refer(id: string, kind: 'pump' | 'tank', path: string, units: Map<string, Located>): void {
  const target = units.get(id);
  if (!target) throw new PlantDefinitionError(path, `unknown unit "${id}"`);
  if (target.unit.unit !== kind)
    throw new PlantDefinitionError(path, `"${id}" is a ${target.unit.unit}, not a ${kind}`);
}

function control(
  ids: readonly string[],
  path: string,
  units: Map<string, Located>,
  controlled: Map<string, string>,
) {
  ids.forEach((id, k) => {
    refer(id, 'pump', `${path}[${k}]`, units);
    const other = controlled.get(id);
    if (other)
      throw new PlantDefinitionError(`${path}[${k}]`, `pump "${id}" is already controlled by ${other}`);
    controlled.set(id, path);
  });
}

function checkSources(
  sources: readonly SourceDocument[],
  path: string,
  units: Map<string, Located>,
  allowed: { throttle: boolean; tankInflow: boolean; tankOutflow: boolean },
): void {
  sources.forEach((source, k) => {
    const at = `${path}[${k}]`;
    if ('pumps' in source) source.pumps.forEach((id, m) => refer(id, 'pump', `${at}.pumps[${m}]`, units));
    else if ('tankOutflow' in source) {
      if (!allowed.tankOutflow) throw new PlantDefinitionError(`${at}.tankOutflow`, 'not allowed here');
      refer(source.tankOutflow, 'tank', `${at}.tankOutflow`, units);
    } else if ('tankInflow' in source) {
      if (!allowed.tankInflow) throw new PlantDefinitionError(`${at}.tankInflow`, 'not allowed here');
      refer(source.tankInflow, 'tank', `${at}.tankInflow`, units);
    } else if ('throttle' in source && !allowed.throttle) {
      throw new PlantDefinitionError(`${at}.throttle`, 'only allowed in a tank outflow');
    }
  });
}

function checkUnit(
  unit: UnitDocument,
  path: string,
  units: Map<string, Located>,
  controlled: Map<string, string>,
) {
  switch (unit.unit) {
    case 'tank': {
      const { mode, on, off } = unit.control;
      for (const [name, value] of [
        ['on', on],
        ['off', off],
        ['initialLevel', unit.initialLevel],
      ] as const) {
        if (value !== undefined && value > unit.height) {
          const field = name === 'initialLevel' ? name : `control.${name}`;
          throw new PlantDefinitionError(`${path}.${field}`, `must not exceed height ${unit.height}`);
        }
      }
      if (mode === 'fill' ? on >= off : on <= off) {
        const order = mode === 'fill' ? 'below' : 'above';
        throw new PlantDefinitionError(
          `${path}.control.on`,
          `must be ${order} off (${off}) for mode "${mode}"`,
        );
      }
      control(unit.control.pumps, `${path}.control.pumps`, units, controlled);
      checkSources(unit.inflow, `${path}.inflow`, units, {
        throttle: false,
        tankInflow: false,
        tankOutflow: true,
      });
      checkSources(unit.outflow, `${path}.outflow`, units, {
        throttle: true,
        tankInflow: false,
        tankOutflow: false,
      });
      return;
    }
    case 'flow':
      return checkSources(unit.measures, `${path}.measures`, units, {
        throttle: false,
        tankInflow: true,
        tankOutflow: true,
      });
    case 'pressure':
      if (unit.mode === 'passive') {
        return unit.pumps.forEach((id, k) => refer(id, 'pump', `${path}.pumps[${k}]`, units));
      }
      if (unit.suction >= unit.setpoint)
        throw new PlantDefinitionError(`${path}.suction`, 'must be below setpoint');
      control(unit.pumps, `${path}.pumps`, units, controlled);
      return checkSources(unit.demand, `${path}.demand`, units, {
        throttle: false,
        tankInflow: true,
        tankOutflow: true,
      });
    case 'timer':
      if (unit.on === unit.off) throw new PlantDefinitionError(`${path}.off`, 'must differ from on');
      return control(unit.pumps, `${path}.pumps`, units, controlled);
    case 'aeration':
      if (unit.on >= unit.off) throw new PlantDefinitionError(`${path}.on`, 'must be below off');
      return control(unit.blowers, `${path}.blowers`, units, controlled);
    case 'measurement':
      if (unit.min >= unit.max) throw new PlantDefinitionError(`${path}.max`, 'must be greater than min');
      if (unit.nominal < unit.min || unit.nominal > unit.max) {
        throw new PlantDefinitionError(`${path}.nominal`, `must lie within ${unit.min}..${unit.max}`);
      }
      return;
    default:
      return;
  }
}

/** A tank fed by another tank's outflow is computed after it; a cycle has no order. */
function checkTankCycles(units: Map<string, Located>): void {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string): void => {
    const located = units.get(id);
    if (!located || located.unit.unit !== 'tank') return;
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') {
      throw new PlantDefinitionError(
        `${located.path}.inflow`,
        `tanks feed each other in a cycle through "${id}"`,
      );
    }
    state.set(id, 'visiting');
    for (const source of located.unit.inflow) if ('tankOutflow' in source) visit(source.tankOutflow);
    state.set(id, 'done');
  };
  for (const id of units.keys()) visit(id);
}
