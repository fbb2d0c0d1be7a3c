import { decodePvNr, isStationEncoded } from '@leitwarte/core';
import type { PvDefinition } from '../../plant/definition-types.js';

/** The station of a PV as templates see it. */
export interface TemplateStation {
  number: number;
  eks: string;
}

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

/** The values a topic, metric or NodeId template may use. */
function placeholders(pv: PvDefinition, station: TemplateStation): Record<string, string> {
  const number = isStationEncoded(pv.ref.type) ? decodePvNr(pv.ref).number : pv.ref.nr;
  return {
    station: String(station.number),
    stationEks: station.eks,
    type: pv.ref.type,
    nr: String(pv.ref.nr),
    number: String(number),
    key: pv.key,
    eks: pv.config.eksNr,
    /** The PV's EKS without its station's prefix. */
    localEks: pv.config.eksNr.startsWith(`${station.eks}-`)
      ? pv.config.eksNr.slice(station.eks.length + 1)
      : pv.config.eksNr,
    unit: pv.unitId ?? '',
    role: pv.role ?? '',
  };
}

/** Names of the placeholders a template uses that do not exist. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set([
    'station',
    'stationEks',
    'type',
    'nr',
    'number',
    'key',
    'eks',
    'localEks',
    'unit',
    'role',
    'topic',
  ]);
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !known.has(name));
}

/** Fills a template for a PV; `extra` adds placeholders such as {topic}. */
export function fillTemplate(
  template: string,
  pv: PvDefinition,
  station: TemplateStation,
  extra: Record<string, string> = {},
): string {
  const values = { ...placeholders(pv, station), ...extra };
  return template.replace(PLACEHOLDER, (all, name: string) => values[name] ?? all);
}
