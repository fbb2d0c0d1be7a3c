import {
  isValidTimeOfDay,
  pvKey,
  timeOfDayToNumber,
  type ProcessValue,
  type PvConfig,
  type PvValueWrite,
} from '@leitwarte/core';

/** Only outputs can be set (screens §5 "Setting values"). */
export const SETTABLE_TYPES: ReadonlySet<string> = new Set(['AnaOut', 'DigiOut']);

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** "Name (Type-nr)", how a refusal names the PV. */
export function pvLabel(config: PvConfig): string {
  return `${config.name} (${pvKey(config.pvRef)})`;
}

const hhmm = (n: number) =>
  `${String(Math.floor(n / 256)).padStart(2, '0')}:${String(n % 256).padStart(2, '0')}`;

/** The valid range as the violated-limits dialog words it: min only or max only where one is missing. */
function rangeText(min: number | null, max: number | null, format: (n: number) => string): string {
  if (min !== null && max !== null) return `${format(min)} bis ${format(max)}`;
  if (min !== null) return `mindestens ${format(min)}`;
  return `höchstens ${format(max as number)}`;
}

function outOfDomain(
  config: PvConfig,
  value: number,
  shown: string,
  format: (n: number) => string,
): string | null {
  const domain = config.domainConfig;
  if (domain === null) return null;
  const below = domain.min !== null && value < domain.min;
  const above = domain.max !== null && value > domain.max;
  if (!below && !above) return null;
  return `Der Wert ${shown} von ${pvLabel(config)} liegt außerhalb des gültigen Bereichs (${rangeText(domain.min, domain.max, format)}).`;
}

/**
 * Why a value may not be set, or null: the PV must be an output of the same value kind, the
 * number finite and within the domain, a time of day valid and within the domain compared as
 * hour*256+minutes.
 */
export function valueWriteRefusal(config: PvConfig, write: PvValueWrite): string | null {
  if (!SETTABLE_TYPES.has(config.pvRef.type)) {
    return `${pvLabel(config)} kann nicht gesetzt werden: nur Ausgänge (AnaOut, DigiOut) sind schreibbar.`;
  }
  if (write.type !== config.valueType) {
    return `${pvLabel(config)} erwartet ${config.valueType}, nicht ${write.type}.`;
  }
  switch (write.type) {
    case 'DoubleValue':
      if (!isFiniteNumber(write.doubleValue)) return `${pvLabel(config)}: Der Wert muss eine Zahl sein.`;
      return outOfDomain(config, write.doubleValue, String(write.doubleValue), String);
    case 'BoolValue':
      return typeof write.boolValue === 'boolean' ? null : `${pvLabel(config)}: Ein oder Aus erwartet.`;
    case 'TimeOfDayValue': {
      if (!isValidTimeOfDay(write.timeOfDayValue))
        return `${pvLabel(config)}: Ungültige Uhrzeit (00:00 bis 23:59).`;
      const number = timeOfDayToNumber(write.timeOfDayValue);
      return outOfDomain(config, number, hhmm(number), hhmm);
    }
  }
}

/** The process value a write sends to the field. */
export function toProcessValue(write: PvValueWrite, at: number): ProcessValue {
  const base = {
    pvRef: { type: write.pvRef.type, nr: write.pvRef.nr },
    quality: 'Good' as const,
    timestamp: at,
  };
  switch (write.type) {
    case 'DoubleValue':
      return { ...base, type: 'DoubleValue', doubleValue: write.doubleValue };
    case 'BoolValue':
      return { ...base, type: 'BoolValue', boolValue: write.boolValue };
    case 'TimeOfDayValue':
      return {
        ...base,
        type: 'TimeOfDayValue',
        timeOfDayValue: { hour: write.timeOfDayValue.hour, minutes: write.timeOfDayValue.minutes },
      };
  }
}

/** The reading of a value for the audit (old → new). */
export function auditText(value: ProcessValue | undefined): string | null {
  if (value === undefined) return null;
  switch (value.type) {
    case 'DoubleValue':
      return String(value.doubleValue);
    case 'BoolValue':
      return String(value.boolValue);
    case 'FailureStateValue':
      return String(value.failureStateValue);
    case 'CounterValue':
      return String(value.counterValue.value);
    case 'TimeOfDayValue':
      return hhmm(timeOfDayToNumber(value.timeOfDayValue));
    case 'RuntimeValue':
      return JSON.stringify(value.runtimeValue);
  }
}
