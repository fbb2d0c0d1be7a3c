import type { ProcessValue, PvConfig } from '@leitwarte/core';
import { numberFormat } from './format-locale';

/** A value ready for display: the reading and its unit (null when it has none). */
export interface PvDisplay {
  text: string;
  unit: string | null;
}

/** Catalogue texts the formatter needs; passed in so this stays a pure function. */
export interface PvFormatLabels {
  active: string;
  inactive: string;
  hours: string;
  cycles: string;
  invalid: string;
  /** Failure input states 0, 1 and 2: no failure, failure, failure acknowledged. */
  failure: readonly [string, string, string];
  /** Translates texts the plant writes in German (digital state texts); identity when absent. */
  plantText?: (text: string) => string;
}

/**
 * Measurements carry no decimals setting yet: two decimals suit levels, flows and pressures; small
 * readings (e.g. chlorine in mg/l) keep three significant digits so they do not collapse to 0.
 */
function formatMeasurement(value: number, locale: string, invalid: string): string {
  if (!Number.isFinite(value)) return invalid;
  const small = value !== 0 && Math.abs(value) < 1;
  const options: Intl.NumberFormatOptions = small
    ? { maximumSignificantDigits: 3 }
    : { maximumFractionDigits: 2 };
  return numberFormat(locale, options).format(value);
}

function formatInteger(value: number, locale: string, invalid: string): string {
  if (!Number.isFinite(value)) return invalid;
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats a PV value in the user's locale (screens §3 value kinds). */
export function formatPvValue(
  value: ProcessValue,
  config: Pick<PvConfig, 'dimension' | 'digiDisplayConfig'>,
  locale: string,
  labels: PvFormatLabels,
): PvDisplay {
  const dimension = config.dimension.trim();
  // Symbols (m³, l/s) stay as written; only German unit words (KBE/100 ml) have translations.
  const unit = dimension ? (labels.plantText ? labels.plantText(dimension) : dimension) : null;
  switch (value.type) {
    case 'BoolValue': {
      const texts = config.digiDisplayConfig;
      const own = value.boolValue ? texts?.stateActiveText : texts?.stateInactiveText;
      if (!own) return { text: value.boolValue ? labels.active : labels.inactive, unit: null };
      return { text: labels.plantText ? labels.plantText(own) : own, unit: null };
    }
    case 'DoubleValue':
      return { text: formatMeasurement(value.doubleValue, locale, labels.invalid), unit };
    case 'FailureStateValue': {
      const text = labels.failure[value.failureStateValue as 0 | 1 | 2];
      return { text: text ?? formatInteger(value.failureStateValue, locale, labels.invalid), unit: null };
    }
    case 'CounterValue':
      return { text: formatMeasurement(value.counterValue.value, locale, labels.invalid), unit };
    case 'RuntimeValue': {
      const runtime = value.runtimeValue;
      // Switching cycles are a count; every other runtime kind is kept in operating hours.
      if (runtime.runtimeType === 'Schaltzyklen') {
        return { text: formatInteger(runtime.value, locale, labels.invalid), unit: labels.cycles };
      }
      if (!Number.isFinite(runtime.value)) return { text: labels.invalid, unit: null };
      const text = numberFormat(locale, { maximumFractionDigits: 1 }).format(runtime.value);
      return { text, unit: labels.hours };
    }
    case 'TimeOfDayValue': {
      const { hour, minutes } = value.timeOfDayValue;
      return { text: `${pad(hour)}:${pad(minutes)}`, unit: null };
    }
  }
}
