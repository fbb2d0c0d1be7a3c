import type { PvConfig, PvType } from '@leitwarte/core';

/** The kinds of PVs a station page groups by (screens §1), in the order an operator reads them. */
export const PV_KINDS = [
  'analogInputs',
  'analogOutputs',
  'digitalInputs',
  'digitalOutputs',
  'counters',
  'computed',
  'laboratory',
  'minMax',
  'other',
] as const;
export type PvKind = (typeof PV_KINDS)[number];

const KIND_OF_TYPE: Record<PvType, PvKind> = {
  AnaIn: 'analogInputs',
  AnaOut: 'analogOutputs',
  DigiIn: 'digitalInputs',
  DigiOut: 'digitalOutputs',
  ZaehlWert: 'counters',
  RechenWert: 'computed',
  LaborWert: 'laboratory',
  MinMax: 'minMax',
  PlsObject: 'other',
  Undef: 'other',
};

/** The PVs of a station by kind; kinds without PVs are left out, each kind sorted by number. */
export function groupByKind(configs: readonly PvConfig[]): { kind: PvKind; pvs: PvConfig[] }[] {
  const groups = new Map<PvKind, PvConfig[]>();
  for (const config of configs) {
    const kind = KIND_OF_TYPE[config.pvRef.type] ?? 'other';
    const list = groups.get(kind) ?? [];
    list.push(config);
    groups.set(kind, list);
  }
  return PV_KINDS.flatMap((kind) => {
    const pvs = groups.get(kind);
    return pvs ? [{ kind, pvs: [...pvs].sort((a, b) => a.pvRef.nr - b.pvRef.nr) }] : [];
  });
}
