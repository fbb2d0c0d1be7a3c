import type { PvRef } from '@leitwarte/core';

/**
 * A write action of a process image, in the shape the dialogs of "Operating the plant" take
 * (`openPvAction`). Kept here as a type only, so the image parses into exactly what they accept.
 */
export type PvAction =
  | { kind: 'setValues'; pvs: PvRef[]; defaultValue?: number }
  | { kind: 'limits'; pv: PvRef }
  | { kind: 'priorities'; pvs: PvRef[] }
  | { kind: 'resetCounters'; pvs: PvRef[] }
  | { kind: 'acknowledgeFailure'; pvs: PvRef[] }
  | { kind: 'acknowledgePriorityOutputs'; stationNr?: number }
  | { kind: 'dial'; stationNrs: number[]; command: 'connect' | 'disconnect' | 'status' };
