import { pvKey, type ChartSeriesData, type PvConfig } from '@leitwarte/core';
import type { TFunction } from 'i18next';
import { numberFormat } from '../../../lib/format-locale';
import type { PvFormatLabels } from '../../../lib/format-pv-value';
import type { DataListColumn } from '../../../ui/data-list';
import type { MeasurementRow } from './measurement-rows';
import { pvLabel } from './plant-pvs';

export interface MeasurementFormat {
  locale: string;
  labels: PvFormatLabels;
  formatTime: (ms: number) => string;
}

/**
 * The decimals of one PV's column: as the PV shows elsewhere (two; three significant digits for
 * small readings such as chlorine in mg/l), taken from the column's largest value and kept for
 * every row, so the decimal points line up (1,50 above 1,25, not 1,5).
 */
export function columnDecimals(values: Iterable<number | null | undefined>): number {
  let largest = 0;
  for (const value of values) {
    if (value !== null && value !== undefined && Number.isFinite(value))
      largest = Math.max(largest, Math.abs(value));
  }
  if (largest === 0 || largest >= 1) return 2;
  // Three significant digits of the largest value; never more than six decimals.
  return Math.min(6, 2 - Math.floor(Math.log10(largest)));
}

/** Room for a column's head: about a character's width per letter, the sort mark and the padding. */
function headWidth(label: string): number {
  return Math.max(160, Math.ceil(label.length * 8) + 48);
}

/** The time column and one column per series: "Name (key) [unit]". */
export function measurementColumns(
  t: TFunction,
  series: readonly Pick<ChartSeriesData, 'pv' | 'dimension' | 'dataPoints'>[],
  pvConfigs: ReadonlyMap<string, PvConfig>,
  format: MeasurementFormat,
): DataListColumn<MeasurementRow>[] {
  const time: DataListColumn<MeasurementRow> = {
    id: 'time',
    label: t('charts.measurements.time'),
    width: 190,
    value: (row) => row.t,
    render: (row) => format.formatTime(row.t),
    exportValue: (row) => format.formatTime(row.t),
    sortable: true,
  };
  return [
    time,
    ...series.map((s, index): DataListColumn<MeasurementRow> => {
      const config = pvConfigs.get(pvKey(s.pv));
      const dimension = (s.dimension || config?.dimension || '').trim();
      const name = pvLabel(config, s.pv);
      const label = dimension ? `${name} [${dimension}]` : name;
      const decimals = columnDecimals(s.dataPoints.map((point) => point.value));
      const number = numberFormat(format.locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      const text = (value: number) => (Number.isFinite(value) ? number.format(value) : format.labels.invalid);
      return {
        id: `pv-${pvKey(s.pv)}-${index}`,
        label,
        minWidth: headWidth(label),
        align: 'right',
        value: (row) => row.values[index] ?? null,
        render: (row) => {
          const value = row.values[index];
          return value === null || value === undefined ? '' : text(value);
        },
        sortable: true,
      };
    }),
  ];
}
