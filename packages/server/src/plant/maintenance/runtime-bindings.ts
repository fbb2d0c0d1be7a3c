import { parsePvKey, pvKey, type PvRef } from '@leitwarte/core';
import type { PlantDefinition } from '../definition-types.js';

/**
 * Which runtime PVs belong to which machine. Runtimes are asked for by the machine's input
 * (only DigiIn and AnaIn have runtimes, screens §5); in the plant they are separate RuntimeValue
 * PVs of the same unit: a pump's run input and power reading carry its operating hours and
 * switching cycles, a basin's overflow input and overflow flow its overflow duration and count.
 */
export interface RuntimeBindings {
  /** Runtime PVs of a machine input (DigiIn/AnaIn); empty when it has none. */
  runtimesOf(machine: PvRef): PvRef[];
  /** The machine input a runtime PV belongs to (its DigiIn), or null. */
  machineOf(runtime: PvRef): PvRef | null;
  /** Every runtime PV of the plant, in definition order. */
  allRuntimes(): PvRef[];
}

/** Unit roles that are machines, and the roles of their runtimes. */
const MACHINE_ROLES: readonly { inputs: string[]; runtimes: string[] }[] = [
  { inputs: ['running', 'power'], runtimes: ['hours', 'cycles'] },
  { inputs: ['overflowActive', 'overflowFlow'], runtimes: ['overflowDuration', 'overflowEvents'] },
];

/** Runtime bindings of a plant definition, from its units' PV roles. */
export function runtimeBindingsFromDefinition(
  definition: Pick<PlantDefinition, 'units' | 'pvs'>,
): RuntimeBindings {
  const byMachine = new Map<string, PvRef[]>();
  const machineOf = new Map<string, PvRef>();
  for (const unit of definition.units) {
    for (const roles of MACHINE_ROLES) {
      const runtimes = roles.runtimes.flatMap((r) => {
        const ref = unit.pvs[r] ? parsePvKey(unit.pvs[r]) : null;
        return ref ? [ref] : [];
      });
      if (runtimes.length === 0) continue;
      const inputs = roles.inputs.flatMap((r) => (unit.pvs[r] ? [unit.pvs[r]] : []));
      for (const input of inputs) byMachine.set(input, runtimes);
      const primary = inputs[0] ? parsePvKey(inputs[0]) : null;
      if (primary) for (const runtime of runtimes) machineOf.set(pvKey(runtime), primary);
    }
  }
  const all = definition.pvs.filter((p) => p.config.valueType === 'RuntimeValue').map((p) => p.ref);
  return {
    runtimesOf: (machine) => byMachine.get(pvKey(machine)) ?? [],
    machineOf: (runtime) => machineOf.get(pvKey(runtime)) ?? null,
    allRuntimes: () => all,
  };
}
