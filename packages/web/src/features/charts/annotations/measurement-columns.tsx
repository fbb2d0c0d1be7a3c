import { pvKey, type ChartSeriesData, type PvConfig } from '@leitwarte/core';
import type { TFunction } from 'i18next';
import { formatPvValue, type PvFormatLabels } from '../../../lib/format-pv-value';
import type { DataListColumn } from '../../../ui/data-list';
import type { MeasurementRow } from './measurement-rows';
import { pvLabel } from './plant-pvs';

export interface MeasurementFormat {
  locale: string;
  labels: PvFormatLabels;
  formatTime: (ms: number) => string;
}

/** A value as the PV shows it elsewhere (decimals by size, the unit in the column head). */
function valueText(
  value: number,
  series: Pick<ChartSeriesData, 'pv'>,
  config: Pick<PvConfig, 'dimension' | 'digiDisplayConfig'>,
  format: MeasurementFormat,
): string {
  return formatPvValue(
    { type: 'DoubleValue', doubleValue: value, pvRef: series.pv, quality: 'Good', timestamp: 0 },
    config,
    format.locale,
    format.labels,
  ).text;
}

/** The time column and one column per series: "Name (key) [unit]". */
export function measurementColumns(
  t: TFunction,
  series: readonly Pick<ChartSeriesData, 'pv' | 'dimension'>[],
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
      const shape = { dimension: '', digiDisplayConfig: config?.digiDisplayConfig ?? null };
      const name = pvLabel(config, s.pv);
      return {
        id: `pv-${pvKey(s.pv)}-${index}`,
        label: dimension ? `${name} [${dimension}]` : name,
        minWidth: 160,
        align: 'right',
        value: (row) => row.values[index] ?? null,
        render: (row) => {
          const value = row.values[index];
          return value === null || value === undefined ? '' : valueText(value, s, shape, format);
        },
        sortable: true,
      };
    }),
  ];
}
