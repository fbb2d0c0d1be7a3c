import {
  encodePvNr,
  isStationEncoded,
  pvKey,
  type PvRef,
  type PvType,
  type PvValueType,
  type RuntimeType,
} from '@leitwarte/core';
import { PlantDefinitionError } from '../definition-error.js';
import type { PvDefinition, PvSimulation } from '../definition-types.js';

/** Plant-wide numbers of unit PVs are `station × 1000 + at + offset` (README, "Numbering"). */
export const PLANT_WIDE_STRIDE = 1000;

/** One PV a unit template produces. */
export interface TemplatePv {
  role: string;
  type: PvType;
  /** Added to the unit's `at`; offsets count per PV type. */
  offset: number;
  name: string;
  /** Appended to `<station eks>-<unit eks>-`. */
  eks: string;
  subtype: string;
  dimension?: string;
  valueType: PvValueType;
  min?: number | null;
  max?: number | null;
  /** Active and inactive text of digital values. */
  texts?: readonly [string, string];
  alert?: { priority: number; message: string };
  decimals?: number;
  initial?: PvSimulation['initial'];
  noise?: number;
  runtimeType?: RuntimeType;
  runtimeLimits?: PvSimulation['runtimeLimits'];
  resetable?: boolean;
}

/** Where a template is expanded: station, unit and the path for error messages. */
export interface TemplateContext {
  station: { number: number; name: string; eks: string };
  unit: { id: string; eks: string; at: number };
  path: string;
}

/** Reference of a unit PV: station-encoded for AnaIn/AnaOut/DigiIn/DigiOut, plant-wide otherwise. */
export function unitPvRef(ctx: TemplateContext, type: PvType, offset: number): PvRef {
  const local = ctx.unit.at + offset;
  if (isStationEncoded(type)) {
    if (local >= 100_000)
      throw new PlantDefinitionError(`${ctx.path}.at`, `${type} number ${local} exceeds 99999`);
    return { type, nr: encodePvNr(ctx.station.number, local) };
  }
  if (local >= PLANT_WIDE_STRIDE) {
    throw new PlantDefinitionError(
      `${ctx.path}.at`,
      `${type} needs at + ${offset} below ${PLANT_WIDE_STRIDE} (plant-wide nr = station × ${PLANT_WIDE_STRIDE} + at + offset)`,
    );
  }
  return { type, nr: ctx.station.number * PLANT_WIDE_STRIDE + local };
}

/** Builds the full PV definition (config plus simulation hints) of one template PV. */
export function expandTemplatePv(ctx: TemplateContext, spec: TemplatePv): PvDefinition {
  const ref = unitPvRef(ctx, spec.type, spec.offset);
  return buildPv(ref, ctx.station, ctx.unit.id, spec.role, {
    ...spec,
    eks: `${ctx.station.eks}-${ctx.unit.eks}-${spec.eks}`,
  });
}

/** Fields shared by template and explicit PVs. */
export type PvFields = Omit<TemplatePv, 'role' | 'type' | 'offset'>;

/** PV definition from a reference and its fields; digital values get texts, analog ones a domain. */
export function buildPv(
  ref: PvRef,
  station: { number: number; name: string },
  unitId: string | null,
  role: string | null,
  fields: PvFields,
): PvDefinition {
  const digital = fields.valueType === 'BoolValue' || fields.valueType === 'FailureStateValue';
  const texts = fields.texts ?? (digital ? (['Ein', 'Aus'] as const) : null);
  const hasDomain = fields.min !== undefined || fields.max !== undefined;
  return {
    key: pvKey(ref),
    ref,
    station: station.number,
    unitId,
    role,
    config: {
      pvRef: ref,
      name: fields.name,
      eksNr: fields.eks,
      dimension: fields.dimension ?? '',
      subtype: fields.subtype,
      valueType: fields.valueType,
      alertInputConfig: fields.alert
        ? {
            description: `${station.name}: ${fields.name}`,
            message: fields.alert.message,
            priority: fields.alert.priority,
          }
        : null,
      domainConfig: hasDomain ? { min: fields.min ?? null, max: fields.max ?? null } : null,
      digiDisplayConfig: texts ? { stateActiveText: texts[0], stateInactiveText: texts[1] } : null,
    },
    sim: {
      decimals: fields.decimals ?? 2,
      initial: fields.initial ?? null,
      noise: fields.noise ?? 0,
      runtimeType: fields.runtimeType ?? 'Undefined',
      runtimeLimits: fields.runtimeLimits ?? null,
      resetable: fields.resetable ?? true,
    },
  };
}

/** One row of a unit template: role, type and offset, name, EKS code, subtype, value kind, rest. */
export function pv(
  role: string,
  type: PvType,
  offset: number,
  name: string,
  eks: string,
  subtype: string,
  valueType: PvValueType,
  rest: Partial<PvFields> = {},
): TemplatePv {
  return { ...rest, role, type, offset, name, eks, subtype, valueType };
}

/**
 * Expands a unit's template rows: its PVs, plus the fields every unit definition shares
 * (id, station, name and the role → PV key map).
 */
export function expandAll(ctx: TemplateContext, name: string, specs: readonly TemplatePv[]) {
  const pvs = specs.map((spec) => expandTemplatePv(ctx, spec));
  const roles: Record<string, string> = {};
  for (const p of pvs) if (p.role) roles[p.role] = p.key;
  return { pvs, base: { id: ctx.unit.id, station: ctx.station.number, name, pvs: roles } };
}
