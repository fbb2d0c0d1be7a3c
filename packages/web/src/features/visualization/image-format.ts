import type { ProcessValue, PvConfig } from '@leitwarte/core';
import { numberFormat } from '../../lib/format-locale';
import { formatPvValue, type PvFormatLabels } from '../../lib/format-pv-value';

/**
 * The formatter of an image's values: the image's `data-decimals` for measurements and
 * counters, otherwise the app's value formatting (state texts, failure states, runtimes).
 */
export function imageFormatter(locale: string, labels: PvFormatLabels) {
  // One formatter per decimals, looked up by index: thousands of values are formatted per frame.
  const byDecimals: Intl.NumberFormat[] = [];
  const fixed = (d: number) =>
    (byDecimals[d] ??= numberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }));
  return (value: ProcessValue, config: PvConfig | undefined, decimals: number | null): string => {
    const n =
      value.type === 'DoubleValue'
        ? value.doubleValue
        : value.type === 'CounterValue'
          ? value.counterValue.value
          : null;
    if (n !== null && decimals !== null) {
      if (!Number.isFinite(n)) return labels.invalid;
      const d = Math.min(6, Math.max(0, Math.round(decimals)));
      return fixed(d).format(n);
    }
    return formatPvValue(value, config ?? { dimension: '', digiDisplayConfig: null }, locale, labels).text;
  };
}
