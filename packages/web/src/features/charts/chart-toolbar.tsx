import { DATA_SOURCE_PRESETS, type DataSourcePreset } from '@leitwarte/core';
import { Button, Collapse, Group, NativeSelect, Stack, Switch } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RangeSelection } from '../../ui/archive/range-selection';
import { TimeRangePicker } from '../../ui/archive/time-range-picker';

export interface ChartToolbarProps {
  range: RangeSelection;
  onRangeChange: (selection: RangeSelection) => void;
  preset: DataSourcePreset;
  onPresetChange: (preset: DataSourcePreset) => void;
  /** Live charts only: whether the view follows now. */
  autoRefresh: boolean | null;
  onAutoRefreshChange: (on: boolean) => void;
  onExport: () => void;
  exporting: boolean;
  /** Null when the user may not add annotations. */
  addMode: boolean | null;
  onAddModeChange: (on: boolean) => void;
  onEdit: (() => void) | null;
}

/**
 * Range, data source, refresh, export, annotation and edit controls above a chart. Memoised: a
 * chart screen renders again for data and annotations, which change nothing here.
 */
export const ChartToolbar = memo(function ChartToolbar(props: ChartToolbarProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [open, { toggle }] = useDisclosure(false);
  const tools = <Tools {...props} />;
  if (!phone) return tools;
  // On a phone the controls would fill the first screen: folded away, the chart comes first.
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        size="xs"
        aria-expanded={open}
        data-testid="chart-tools-toggle"
        onClick={toggle}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? t('charts.screen.toolsHide') : t('charts.screen.toolsShow')}
      </Button>
      <Collapse in={open}>{tools}</Collapse>
    </Stack>
  );
});

function Tools(props: ChartToolbarProps): ReactNode {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="chart-tools">
      <TimeRangePicker value={props.range} onChange={props.onRangeChange} native />
      <NativeSelect
        label={t('charts.screen.source')}
        data-testid="chart-source"
        value={props.preset}
        onChange={(event) => props.onPresetChange(event.currentTarget.value as DataSourcePreset)}
        data={DATA_SOURCE_PRESETS.map((preset) => ({ value: preset, label: t(`charts.source.${preset}`) }))}
      />
      {props.autoRefresh === null ? null : (
        <Switch
          label={t('charts.screen.autoRefresh')}
          checked={props.autoRefresh}
          onChange={(event) => props.onAutoRefreshChange(event.currentTarget.checked)}
          data-testid="chart-auto-refresh"
          mb={8}
        />
      )}
      <Button variant="default" data-testid="chart-export" loading={props.exporting} onClick={props.onExport}>
        {t('charts.screen.export')}
      </Button>
      {props.addMode === null ? null : (
        <Button
          variant={props.addMode ? 'filled' : 'default'}
          data-testid="annotation-add"
          aria-pressed={props.addMode}
          onClick={() => props.onAddModeChange(!props.addMode)}
        >
          {props.addMode ? t('charts.screen.addAnnotationArmed') : t('charts.screen.addAnnotation')}
        </Button>
      )}
      {props.onEdit ? (
        <Button variant="default" data-testid="chart-edit" onClick={props.onEdit}>
          {t('charts.screen.edit')}
        </Button>
      ) : null}
    </Group>
  );
}
