import { encodePvNr, isStationEncoded, type PvRef, type PvType, type PvValueType } from '@leitwarte/core';
import { PlantDefinitionError } from './definition-error.js';
import type { ExplicitPvDocument } from './definition-schema.js';
import type { PvDefinition } from './definition-types.js';
import { buildPv } from './templates/index.js';

/** Value kind of a PV type when the file names none. */
export const DEFAULT_VALUE_TYPE: Readonly<Record<PvType, PvValueType>> = {
  AnaIn: 'DoubleValue',
  AnaOut: 'DoubleValue',
  DigiIn: 'BoolValue',
  DigiOut: 'BoolValue',
  MinMax: 'DoubleValue',
  RechenWert: 'DoubleValue',
  LaborWert: 'DoubleValue',
  ZaehlWert: 'CounterValue',
  PlsObject: 'FailureStateValue',
  Undef: 'DoubleValue',
};

/**
 * Value kinds a PV type may carry. Field devices deliver analog values as doubles and digital
 * inputs as states or failure states; computed and PLS objects may carry any kind.
 */
export const ALLOWED_VALUE_TYPES: Readonly<Record<PvType, readonly PvValueType[]>> = {
  AnaIn: ['DoubleValue'],
  AnaOut: ['DoubleValue', 'TimeOfDayValue'],
  DigiIn: ['BoolValue', 'FailureStateValue'],
  DigiOut: ['BoolValue'],
  MinMax: ['DoubleValue'],
  RechenWert: ['DoubleValue', 'CounterValue', 'RuntimeValue', 'TimeOfDayValue'],
  LaborWert: ['DoubleValue'],
  ZaehlWert: ['CounterValue'],
  PlsObject: [
    'BoolValue',
    'DoubleValue',
    'FailureStateValue',
    'CounterValue',
    'RuntimeValue',
    'TimeOfDayValue',
  ],
  Undef: ['BoolValue', 'DoubleValue', 'FailureStateValue', 'CounterValue', 'RuntimeValue', 'TimeOfDayValue'],
};

const INITIAL_KIND: Readonly<Record<PvValueType, 'number' | 'boolean' | 'string'>> = {
  BoolValue: 'boolean',
  DoubleValue: 'number',
  FailureStateValue: 'number',
  CounterValue: 'number',
  RuntimeValue: 'number',
  TimeOfDayValue: 'string',
};

function explicitRef(doc: ExplicitPvDocument, station: number, path: string): PvRef {
  if (isStationEncoded(doc.type)) {
    if (doc.nr !== undefined)
      throw new PlantDefinitionError(`${path}.nr`, `${doc.type} takes a station-local "number", not "nr"`);
    if (doc.number === undefined)
      throw new PlantDefinitionError(`${path}.number`, `required for ${doc.type} (1..99999)`);
    return { type: doc.type, nr: encodePvNr(station, doc.number) };
  }
  if (doc.number !== undefined) {
    throw new PlantDefinitionError(`${path}.number`, `${doc.type} takes a plant-wide "nr", not "number"`);
  }
  if (doc.nr === undefined)
    throw new PlantDefinitionError(`${path}.nr`, `required for ${doc.type} (plant-wide number)`);
  return { type: doc.type, nr: doc.nr };
}

/** Checks and expands one explicitly listed PV of a station. */
export function expandExplicitPv(
  doc: ExplicitPvDocument,
  station: { number: number; name: string; eks: string },
  path: string,
): PvDefinition {
  const ref = explicitRef(doc, station.number, path);
  const valueType = doc.valueType ?? DEFAULT_VALUE_TYPE[doc.type];
  if (!ALLOWED_VALUE_TYPES[doc.type].includes(valueType)) {
    const allowed = ALLOWED_VALUE_TYPES[doc.type].join(', ');
    throw new PlantDefinitionError(
      `${path}.valueType`,
      `${doc.type} cannot carry ${valueType} (allowed: ${allowed})`,
    );
  }
  if (doc.min !== undefined && doc.max !== undefined && doc.min >= doc.max) {
    throw new PlantDefinitionError(`${path}.max`, `must be greater than min ${doc.min}`);
  }
  if (doc.initial !== undefined && typeof doc.initial !== INITIAL_KIND[valueType]) {
    throw new PlantDefinitionError(
      `${path}.initial`,
      `must be a ${INITIAL_KIND[valueType]} for ${valueType}`,
    );
  }
  if (doc.runtimeType !== undefined && valueType !== 'RuntimeValue') {
    throw new PlantDefinitionError(`${path}.runtimeType`, 'only for RuntimeValue');
  }
  if (doc.resetable !== undefined && valueType !== 'CounterValue') {
    throw new PlantDefinitionError(`${path}.resetable`, 'only for CounterValue');
  }
  const initial =
    typeof doc.initial === 'string'
      ? { hour: Number(doc.initial.slice(0, 2)), minutes: Number(doc.initial.slice(3, 5)) }
      : doc.initial;
  const pv = buildPv(ref, station, null, null, {
    name: doc.name,
    eks: `${station.eks}-${doc.eks}`,
    subtype: doc.subtype,
    valueType,
    ...(doc.dimension !== undefined && { dimension: doc.dimension }),
    ...(doc.min !== undefined && { min: doc.min }),
    ...(doc.max !== undefined && { max: doc.max }),
    ...(doc.texts && { texts: [doc.texts.active, doc.texts.inactive] as const }),
    ...(doc.alert && { alert: doc.alert }),
    ...(initial !== undefined && { initial }),
    ...(doc.noise !== undefined && { noise: doc.noise }),
    ...(doc.decimals !== undefined && { decimals: doc.decimals }),
    ...(doc.runtimeType !== undefined && { runtimeType: doc.runtimeType }),
    ...(doc.resetable !== undefined && { resetable: doc.resetable }),
  });
  return pv;
}
