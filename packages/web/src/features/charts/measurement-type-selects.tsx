import { MEASUREMENT_TYPES, type MeasurementType } from '@leitwarte/core';
import { Group, NativeSelect } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlotSeries } from '../../ui/chart-plot/plot-types';
import type { DataSeries } from '../../ui/chart-plot/use-chart-data';

export interface MeasurementTypeSelectsProps {
  series: readonly DataSeries[];
  /** The drawn series in the same order, for their texts. */
  plotSeries: readonly PlotSeries[];
  onChange: (key: string, type: MeasurementType) => void;
}

/**
 * The measurement type of each series (Aktuell, Mittelwert, Minwert, Maxwert). Memoised: the
 * chart screen renders again for every zoom and data reply, which change nothing here.
 */
export const MeasurementTypeSelects = memo(function MeasurementTypeSelects({
  series,
  plotSeries,
  onChange,
}: MeasurementTypeSelectsProps) {
  const { t } = useTranslation();
  const types = MEASUREMENT_TYPES.map((type) => ({ value: type, label: t(`charts.measurement.${type}`) }));
  return (
    <Group gap="sm" wrap="wrap">
      {series.map((s, i) => (
        <NativeSelect
          key={s.key}
          size="xs"
          label={t('charts.screen.measurementOf', { series: plotSeries[i]?.label ?? s.key })}
          data-testid="chart-measurement"
          data-series-key={s.key}
          value={s.measurementType}
          onChange={(event) => onChange(s.key, event.currentTarget.value as MeasurementType)}
          data={types}
        />
      ))}
    </Group>
  );
});
