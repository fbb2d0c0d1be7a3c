import { CHART_SERIES_MAX, parsePvKey, pvKey, TIME_UNITS, type PvRef, type TimeUnit } from '@leitwarte/core';

/** Units a trend line's range can be given in; Custom, Second and Unspecified have no fixed length. */
const RANGE_UNITS: readonly TimeUnit[] = TIME_UNITS.filter(
  (unit) => unit !== 'Custom' && unit !== 'Second' && unit !== 'Unspecified',
);

/** The longest range a trend line may ask for, in units: a thousand of anything is beyond reading. */
const AMOUNT_MAX = 1000;

/** Why the address of a trend line cannot be shown. */
export type TrendlineProblem =
  | { kind: 'noPv' }
  | { kind: 'invalidPv'; values: string[] }
  | { kind: 'tooManyPvs'; count: number; max: number }
  | { kind: 'invalidAmount'; value: string }
  | { kind: 'invalidUnit'; value: string };

/** A trend line as its address describes it: the PVs and the span back from now. */
export interface TrendlineRequest {
  pvs: PvRef[];
  amount: number;
  unit: TimeUnit;
}

export type TrendlineQuery =
  { ok: true; request: TrendlineRequest } | { ok: false; problem: TrendlineProblem };

/**
 * Reads `?pv=AnaIn-100001&pv=…` (repeated, duplicates dropped) and, for the archive trend line,
 * `amount` (whole number, default 1) and `unit` (default Days). The realtime trend line always
 * spans one hour (screens §4).
 */
export function parseTrendlineQuery(search: URLSearchParams, kind: 'realtime' | 'archive'): TrendlineQuery {
  const raw = search
    .getAll('pv')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (raw.length === 0) return { ok: false, problem: { kind: 'noPv' } };
  const invalid = raw.filter((value) => parsePvKey(value) === null);
  if (invalid.length > 0) return { ok: false, problem: { kind: 'invalidPv', values: invalid } };
  const pvs = new Map<string, PvRef>();
  for (const value of raw) {
    const ref = parsePvKey(value);
    if (ref) pvs.set(pvKey(ref), ref);
  }
  if (pvs.size > CHART_SERIES_MAX)
    return { ok: false, problem: { kind: 'tooManyPvs', count: pvs.size, max: CHART_SERIES_MAX } };
  if (kind === 'realtime') return { ok: true, request: { pvs: [...pvs.values()], amount: 1, unit: 'Hours' } };

  const amountText = search.get('amount') ?? '1';
  const amount = /^\d{1,4}$/.test(amountText.trim()) ? Number(amountText.trim()) : NaN;
  if (!Number.isInteger(amount) || amount < 1 || amount > AMOUNT_MAX)
    return { ok: false, problem: { kind: 'invalidAmount', value: amountText } };
  const unitText = search.get('unit') ?? 'Days';
  const unit = RANGE_UNITS.find((u) => u.toLowerCase() === unitText.trim().toLowerCase());
  if (!unit) return { ok: false, problem: { kind: 'invalidUnit', value: unitText } };
  return { ok: true, request: { pvs: [...pvs.values()], amount, unit } };
}
