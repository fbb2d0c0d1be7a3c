import { pvKey, type PvRef } from '@leitwarte/core';

/** The maintenance screens of one machine, addressed by its PV reference (e.g. DigiIn-100020). */
export type MachineScreen = 'runtimes' | 'lifecycle' | 'datasheet';

/** Route of a machine's maintenance screen (DESIGN.md routes). */
export function machinePath(screen: MachineScreen, machine: PvRef): string {
  return `/maintenance/${screen}/${pvKey(machine)}`;
}
