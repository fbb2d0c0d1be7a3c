import {
  CHART_TIME_SPAN_UNITS,
  DATA_SOURCE_PRESETS,
  LIMIT_LINES,
  MEASUREMENT_TYPES,
  pvKey,
  SERIES_VIEW_TYPES,
  type ChartConfig,
  type LimitLine,
  type PvConfig,
} from '@leitwarte/core';
import {
  Accordion,
  Button,
  ColorInput,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateChartConfig } from '../../api/charts';
import { NETWORK_ERROR } from '../../api/http';
import type { ScreenSeries } from '../../ui/chart-plot/chart-definition';
import { checkConfigForm, formOf, type ConfigForm, type FormIssue } from './config-form';

const numberOf = (value: string | number): number => (typeof value === 'number' ? value : Number.NaN);
const boundOf = (value: string | number): number | null =>
  value === '' ? null : typeof value === 'number' ? value : Number.NaN;

type LimitFlag = 'showLimitBottom' | 'showLimitBottomMiddle' | 'showLimitTopMiddle' | 'showLimitTop';
type LimitText = 'limitTextBottom' | 'limitTextBottomMiddle' | 'limitTextTopMiddle' | 'limitTextTop';
const FLAG: Record<LimitLine, LimitFlag> = {
  Bottom: 'showLimitBottom',
  BottomMiddle: 'showLimitBottomMiddle',
  TopMiddle: 'showLimitTopMiddle',
  Top: 'showLimitTop',
};
const TEXT: Record<LimitLine, LimitText> = {
  Bottom: 'limitTextBottom',
  BottomMiddle: 'limitTextBottomMiddle',
  TopMiddle: 'limitTextTopMiddle',
  Top: 'limitTextTop',
};

function SeriesEditor({
  series,
  index,
  issues,
  onChange,
}: {
  series: ScreenSeries;
  index: number;
  issues: readonly FormIssue[];
  onChange: (patch: Partial<ScreenSeries>) => void;
}) {
  const { t } = useTranslation();
  const error = (field: string) => {
    const issue = issues.find((i) => i.field === `series[${index}].${field}`);
    return issue ? t(issue.key) : undefined;
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label={t('charts.config.viewType')}
          value={series.seriesViewType}
          data={SERIES_VIEW_TYPES.map((v) => ({ value: v, label: t(`charts.viewType.${v}`) }))}
          onChange={(e) =>
            onChange({ seriesViewType: e.currentTarget.value as ScreenSeries['seriesViewType'] })
          }
        />
        <NativeSelect
          label={t('charts.config.measurementType')}
          value={series.measurementType}
          data={MEASUREMENT_TYPES.map((v) => ({ value: v, label: t(`charts.measurement.${v}`) }))}
          onChange={(e) =>
            onChange({ measurementType: e.currentTarget.value as ScreenSeries['measurementType'] })
          }
        />
        <ColorInput
          label={t('charts.config.color')}
          placeholder={t('charts.config.paletteColor')}
          format="hexa"
          value={series.color ?? ''}
          error={error('color')}
          onChange={(value) => onChange({ color: value.trim() === '' ? null : value })}
        />
        <TextInput
          label={t('charts.config.legendText')}
          value={series.legendText ?? ''}
          onChange={(e) =>
            onChange({ legendText: e.currentTarget.value === '' ? null : e.currentTarget.value })
          }
        />
        <TextInput
          label={t('charts.config.dimension')}
          value={series.dimension ?? ''}
          onChange={(e) =>
            onChange({ dimension: e.currentTarget.value === '' ? null : e.currentTarget.value })
          }
        />
        <Switch
          mt="lg"
          label={t('charts.config.showEks')}
          checked={series.showEksInLegend}
          onChange={(e) => onChange({ showEksInLegend: e.currentTarget.checked })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['min', 'max'] as const).map((end) => {
          const caseField = end === 'min' ? 'yminOrNoneCase' : 'ymaxOrNoneCase';
          const valueField = end === 'min' ? 'axisYMin' : 'axisYMax';
          const set = series[caseField] === 'Set';
          return (
            <Group key={end} align="flex-end" gap="xs" wrap="nowrap">
              <Switch
                mb={8}
                label={t(end === 'min' ? 'charts.config.fixMin' : 'charts.config.fixMax')}
                checked={set}
                onChange={(e) => onChange({ [caseField]: e.currentTarget.checked ? 'Set' : 'None' })}
              />
              <NumberInput
                aria-label={t(end === 'min' ? 'charts.config.axisMin' : 'charts.config.axisMax')}
                disabled={!set}
                value={series[valueField] ?? ''}
                error={error(valueField)}
                decimalSeparator=","
                onChange={(value) => onChange({ [valueField]: boundOf(value) })}
              />
            </Group>
          );
        })}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Switch
            mb={8}
            label={t('charts.config.logarithmic')}
            checked={series.axisYIsLogarithmic}
            onChange={(e) => onChange({ axisYIsLogarithmic: e.currentTarget.checked })}
          />
          <NumberInput
            aria-label={t('charts.config.logBase')}
            label={t('charts.config.logBase')}
            disabled={!series.axisYIsLogarithmic}
            value={series.axisYLogarithmicBase}
            error={error('axisYLogarithmicBase')}
            decimalSeparator=","
            onChange={(value) => onChange({ axisYLogarithmicBase: numberOf(value) })}
          />
        </Group>
        <Switch
          mt="lg"
          label={t('charts.config.reverse')}
          checked={series.axisYReverse}
          onChange={(e) => onChange({ axisYReverse: e.currentTarget.checked })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LIMIT_LINES.map((kind) => (
          <Group key={kind} align="flex-end" gap="xs" wrap="nowrap">
            <Switch
              mb={8}
              label={t(`charts.limit.${kind}`)}
              checked={series[FLAG[kind]]}
              onChange={(e) => onChange({ [FLAG[kind]]: e.currentTarget.checked })}
            />
            <TextInput
              aria-label={t('charts.config.limitText', { limit: t(`charts.limit.${kind}`) })}
              placeholder={t('charts.config.limitText', { limit: t(`charts.limit.${kind}`) })}
              value={series[TEXT[kind]]}
              onChange={(e) => onChange({ [TEXT[kind]]: e.currentTarget.value })}
            />
          </Group>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Edits a chart's config and series where the user may (currentUserCanEdit): title, default time
 * span, data source preset, archive maxima, and per series how it is drawn. The server decides;
 * its refusal is shown in a dialog.
 */
export function ConfigDialog({
  config,
  series,
  pvConfigs,
  onClose,
  onSaved,
}: {
  config: ChartConfig;
  series: readonly ScreenSeries[];
  pvConfigs: ReadonlyMap<string, PvConfig>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ConfigForm>(() => formOf(config, series));
  const [issues, setIssues] = useState<FormIssue[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const error = (field: string) => {
    const issue = issues.find((i) => i.field === field);
    return issue ? t(issue.key) : undefined;
  };
  const change = (patch: Partial<ConfigForm>) => setForm((f) => ({ ...f, ...patch }));
  const changeSeries = (index: number, patch: Partial<ScreenSeries>) =>
    setForm((f) => ({ ...f, series: f.series.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));

  const save = async () => {
    const checked = checkConfigForm(form, config.type);
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    setIssues([]);
    setSaving(true);
    const result = await updateChartConfig(config.id, checked.body);
    setSaving(false);
    if (result.status === 'Success') onSaved();
    else setFailure(result.errorMessage);
  };

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={t('charts.config.title')}
        size="xl"
        data-testid="chart-config-dialog"
      >
        <Stack gap="sm">
          <TextInput
            label={t('charts.config.chartTitle')}
            value={form.title}
            error={error('title')}
            onChange={(e) => change({ title: e.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t('charts.config.timeSpanFactor')}
              min={1}
              max={1000}
              allowDecimal={false}
              value={form.timeSpanFactor}
              error={error('timeSpanFactor')}
              onChange={(value) => change({ timeSpanFactor: numberOf(value) })}
            />
            <NativeSelect
              label={t('charts.config.timeSpanUnit')}
              value={form.timeSpanUnit}
              data={CHART_TIME_SPAN_UNITS.map((u) => ({ value: u, label: t(`charts.unit.${u}`) }))}
              onChange={(e) => change({ timeSpanUnit: e.currentTarget.value as ConfigForm['timeSpanUnit'] })}
            />
            <NativeSelect
              label={t('charts.config.dataSourcePreset')}
              value={form.dataSourcePreset}
              data={DATA_SOURCE_PRESETS.map((p) => ({ value: p, label: t(`charts.source.${p}`) }))}
              onChange={(e) =>
                change({ dataSourcePreset: e.currentTarget.value as ConfigForm['dataSourcePreset'] })
              }
            />
            {(
              [
                ['maxDaysForArchiveValues', 'charts.config.maxDays'],
                ['maxMonthsForQuarterHourValues', 'charts.config.maxMonths'],
                ['maxYearsForDayValues', 'charts.config.maxYears'],
              ] as const
            ).map(([field, label]) => (
              <NumberInput
                key={field}
                label={t(label)}
                min={1}
                max={1000}
                allowDecimal={false}
                value={form[field]}
                error={error(field)}
                onChange={(value) => change({ [field]: numberOf(value) })}
              />
            ))}
          </SimpleGrid>
          <Text fw={500}>{t('charts.config.series')}</Text>
          <Accordion variant="separated" multiple>
            {form.series.map((s, i) => {
              const key = pvKey(s.pv);
              const name = pvConfigs.get(key)?.name;
              return (
                <Accordion.Item key={`${key}/${i}`} value={`${key}/${i}`}>
                  <Accordion.Control>{name ? `${name} (${key})` : key}</Accordion.Control>
                  <Accordion.Panel>
                    <SeriesEditor
                      series={s}
                      index={i}
                      issues={issues}
                      onChange={(patch) => changeSeries(i, patch)}
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
          {issues.length > 0 ? (
            <Text size="sm" c="red" role="alert">
              {t('charts.config.fixErrors')}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('charts.config.cancel')}
            </Button>
            <Button loading={saving} onClick={() => void save()} data-testid="chart-config-save">
              {t('charts.config.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={failure !== null}
        onClose={() => setFailure(null)}
        title={t('charts.config.saveFailed')}
        centered
        zIndex={400}
      >
        <Stack gap="md">
          <Text size="sm" data-testid="chart-config-failure">
            {failure === NETWORK_ERROR ? t('errors.network') : t('charts.config.saveRefused')}
          </Text>
          {failure !== null && failure !== NETWORK_ERROR ? (
            <Text size="sm" c="dimmed">
              {failure}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={() => setFailure(null)}>{t('dialogs.ok')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
