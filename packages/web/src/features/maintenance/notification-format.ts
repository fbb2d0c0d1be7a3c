import type { RuntimeDimension } from '@leitwarte/core';
import type { LocaleFormat } from '../../lib/format-locale';

/** Decimals a figure is shown with: whole cycles, hours and days to a tenth, months and years to a hundredth. */
const DECIMALS: Record<RuntimeDimension, number> = { Cycles: 0, Hours: 1, Days: 1, Months: 2, Years: 2 };

/** A runtime figure in its dimension, in the user's language. */
export function formatRuntime(format: LocaleFormat, value: number, dimension: RuntimeDimension): string {
  const digits = DECIMALS[dimension];
  return format.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
