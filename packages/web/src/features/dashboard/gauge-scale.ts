import type { LimitConfig, LimitType, ProcessValue, PvConfig } from '@leitwarte/core';

/** The limits of one PV that are set, by type. */
export type LimitSet = Partial<Record<LimitType, number>>;

export interface GaugeScale {
  min: number;
  max: number;
}

/** Colour class of a stretch of the scale or of the reading. */
export type Severity = 'normal' | 'warning' | 'alarm';

export interface GaugeBand {
  from: number;
  to: number;
  severity: Severity;
}

/** The set limits of a PV from limit configs (the live newLimitConfig records); notSet ones are left out. */
export function limitSetOf(configs: readonly LimitConfig[]): LimitSet {
  const set: LimitSet = {};
  for (const c of configs) {
    if (!c.notSet && Number.isFinite(c.limit)) set[c.pvLimitRef.limitType] = c.limit;
  }
  return set;
}

/**
 * The range a gauge draws: the widget's own min/max first, else the PV's domain, else the span
 * of its limits; with nothing known the spec's default axis domain 0 to 1 (screens §9). A
 * degenerate range is widened by 1 so a gauge never divides by zero.
 */
export function gaugeScale(
  widget: { min: number | null; max: number | null },
  domain: PvConfig['domainConfig'],
  limits: LimitSet,
): GaugeScale {
  const limitValues = Object.values(limits);
  const fromLimits = limitValues.length > 0;
  let min = widget.min ?? domain?.min ?? (fromLimits ? Math.min(0, ...limitValues) : 0);
  let max = widget.max ?? domain?.max ?? (fromLimits ? Math.max(...limitValues) * 1.1 : 1);
  if (min > max) [min, max] = [max, min];
  if (max - min === 0) max = min + 1;
  return { min, max };
}

/** Where a value sits on the scale, 0 … 1, clamped (a reading beyond the scale pins at its end). */
export function gaugeFraction(value: number, scale: GaugeScale): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, (value - scale.min) / (scale.max - scale.min)));
}

/**
 * The coloured stretches of the scale: beyond Bottom/Top alarm (red), between them and the middle
 * limits warning (yellow), the rest normal. Stretches outside the scale are cut away.
 */
export function limitBands(limits: LimitSet, scale: GaugeScale): GaugeBand[] {
  const { Bottom, BottomMiddle, TopMiddle, Top } = limits;
  const bands: GaugeBand[] = [];
  const lowAlarm = Bottom ?? -Infinity;
  const lowWarn = BottomMiddle ?? lowAlarm;
  const highAlarm = Top ?? Infinity;
  const highWarn = TopMiddle ?? highAlarm;
  const push = (from: number, to: number, severity: Severity) => {
    const a = Math.max(from, scale.min);
    const b = Math.min(to, scale.max);
    if (b > a) bands.push({ from: a, to: b, severity });
  };
  push(-Infinity, lowAlarm, 'alarm');
  push(lowAlarm, lowWarn, 'warning');
  push(lowWarn, highWarn, 'normal');
  push(highWarn, highAlarm, 'warning');
  push(highAlarm, Infinity, 'alarm');
  return bands;
}

/** How a reading stands against its limits (a value on a limit counts as inside). */
export function severityOf(value: number, limits: LimitSet): Severity {
  if (!Number.isFinite(value)) return 'normal';
  if (
    (limits.Bottom !== undefined && value < limits.Bottom) ||
    (limits.Top !== undefined && value > limits.Top)
  ) {
    return 'alarm';
  }
  if (
    (limits.BottomMiddle !== undefined && value < limits.BottomMiddle) ||
    (limits.TopMiddle !== undefined && value > limits.TopMiddle)
  ) {
    return 'warning';
  }
  return 'normal';
}

/** The number a gauge shows, or null for kinds a scale cannot draw (time of day). */
export function numericValue(value: ProcessValue): number | null {
  switch (value.type) {
    case 'DoubleValue':
      return value.doubleValue;
    case 'CounterValue':
      return value.counterValue.value;
    case 'RuntimeValue':
      return value.runtimeValue.value;
    case 'BoolValue':
      return value.boolValue ? 1 : 0;
    case 'FailureStateValue':
      return value.failureStateValue;
    default:
      return null;
  }
}

/**
 * A digital reading as a state: active or not, and its severity. A failure input is in alarm
 * while the failure stands (1) and a warning once acknowledged (2); a digital input with an alert
 * configured is in alarm while active.
 */
export function digitalState(
  value: ProcessValue,
  config: Pick<PvConfig, 'alertInputConfig'> | undefined,
): { active: boolean; severity: Severity } | null {
  if (value.type === 'FailureStateValue') {
    const s = value.failureStateValue;
    return { active: s !== 0, severity: s === 1 ? 'alarm' : s === 2 ? 'warning' : 'normal' };
  }
  if (value.type === 'BoolValue') {
    const alerting = value.boolValue && config?.alertInputConfig != null;
    return { active: value.boolValue, severity: alerting ? 'alarm' : 'normal' };
  }
  return null;
}
