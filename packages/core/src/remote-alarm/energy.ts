/** Measuring period of the utility's maximum demand meter: 15 minutes. */
export const ENERGY_PERIOD_MS = 15 * 60_000;

/** Start and end of the measuring period holding an instant (periods align to the epoch, i.e. to quarter hours). */
export function energyPeriod(ms: number, periodMs = ENERGY_PERIOD_MS): { start: number; end: number } {
  const start = Math.floor(ms / periodMs) * periodMs;
  return { start, end: start + periodMs };
}

/** Whole seconds left in the period (rounded up, so 00:00 shows only at its very end). */
export function periodRestSeconds(ms: number, periodMs = ENERGY_PERIOD_MS): number {
  return Math.ceil((energyPeriod(ms, periodMs).end - ms) / 1000);
}

/** Period rest time as MM:SS (screens §9 "Period rest time display"); negatives show 00:00. */
export function formatPeriodRestTime(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Energy (kW·s) and time (s) of a period so far, plus the power drawn now (kW). */
export interface PeriodProgress {
  energyKws: number;
  elapsedSeconds: number;
  powerKw: number;
  periodSeconds: number;
}

/** Mean power of the period so far; the current power before any time has passed. */
export function periodMeanPower(p: PeriodProgress): number {
  return p.elapsedSeconds > 0 ? p.energyKws / p.elapsedSeconds : p.powerKw;
}

/** Trend power: the period mean if the current power is held to the period end. */
export function trendPower(p: PeriodProgress): number {
  const rest = Math.max(0, p.periodSeconds - p.elapsedSeconds);
  return (p.energyKws + p.powerKw * rest) / p.periodSeconds;
}

/**
 * Corrective power: what may be added (positive) or must be shed (negative) now so the period
 * mean ends exactly at the setpoint. Zero once the period has no time left.
 */
export function correctivePower(p: PeriodProgress, setpointKw: number): number {
  const rest = p.periodSeconds - p.elapsedSeconds;
  if (rest <= 0) return 0;
  return (setpointKw * p.periodSeconds - p.energyKws) / rest - p.powerKw;
}

/** Energy per channel (kW·s) of the running period since its start. */
export interface PeriodAccumulator {
  start: number;
  /** Time up to which energy is counted. */
  at: number;
  energyKws: Record<string, number>;
}

/** A finished period with the mean power per channel (kW). */
export interface CompletedPeriod {
  start: number;
  meanKw: Record<string, number>;
}

/**
 * Integrates piecewise constant powers (held since `acc.at`) up to `to`, splitting at period
 * boundaries. Returns the new accumulator and every period that ended on the way.
 */
export function advancePeriod(
  acc: PeriodAccumulator,
  to: number,
  powersKw: Readonly<Record<string, number>>,
  periodMs = ENERGY_PERIOD_MS,
): { acc: PeriodAccumulator; completed: CompletedPeriod[] } {
  if (to < acc.at) return { acc, completed: [] };
  const completed: CompletedPeriod[] = [];
  let current = { ...acc, energyKws: { ...acc.energyKws } };
  for (;;) {
    const end = current.start + periodMs;
    const until = Math.min(to, end);
    const seconds = (until - current.at) / 1000;
    for (const [channel, kw] of Object.entries(powersKw)) {
      current.energyKws[channel] = (current.energyKws[channel] ?? 0) + kw * seconds;
    }
    current.at = until;
    if (to < end) break;
    const meanKw: Record<string, number> = {};
    for (const [channel, kws] of Object.entries(current.energyKws)) meanKw[channel] = kws / (periodMs / 1000);
    completed.push({ start: current.start, meanKw });
    current = { start: end, at: end, energyKws: {} };
    if (to === end) break;
  }
  return { acc: current, completed };
}

/** An empty accumulator for the period holding `ms`, counting from `ms`. */
export function startAccumulator(ms: number, periodMs = ENERGY_PERIOD_MS): PeriodAccumulator {
  return { start: energyPeriod(ms, periodMs).start, at: ms, energyKws: {} };
}

/**
 * cos φ of a set of running motors: active power over apparent power, where each running
 * motor draws a reactive power of about `reactiveFactor` × its rated power (magnetising
 * current hardly depends on load, so cos φ falls at part load). 1 when nothing runs.
 */
export function powerFactor(activeKw: number, reactiveKvar: number): number {
  const apparent = Math.hypot(activeKw, reactiveKvar);
  return apparent > 0 ? Math.round((Math.abs(activeKw) / apparent) * 1000) / 1000 : 1;
}
