import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CHART_TYPES,
  MAP_TYPES,
  parsePvKey,
  pvKey,
  SINGLE_VALUE_STYLES,
  WEATHER_MODES,
  WIDGET_SIZES,
  type ChartDirectory,
  type DashboardWidgetInput,
  type PvRef,
} from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getChartDirectories } from '../../../api/charts';
import { pvNodesQuery } from '../../../api/pv';
import { allStationsQuery } from '../../../api/station';
import { getWebcams } from '../../../api/webcam';
import { browserUrlProblem } from '../widgets/browser-widget';

/** Every chart of the directory trees, by title, for the chart picker. */
function chartsOf(directories: readonly ChartDirectory[]): { value: string; label: string }[] {
  return directories.flatMap((d) => [
    ...d.configList.map((c) => ({ value: String(c.id), label: c.title })),
    ...chartsOf(d.childDirectoryList),
  ]);
}

/** The PV picker's choices: every readable PV by station and name, searchable. */
function usePvOptions() {
  const nodes = useQuery(pvNodesQuery);
  return useMemo(
    () =>
      (nodes.data ?? []).map((station) => ({
        group: station.stationName,
        items: station.groups.flatMap((g) =>
          g.pvs.map((pv) => ({ value: pvKey(pv.pvRef), label: `${pv.name} (${pv.eks || pvKey(pv.pvRef)})` })),
        ),
      })),
    [nodes.data],
  );
}

/** What a widget still lacks before it can be saved, as a catalogue key; null when complete. */
export function widgetProblem(w: DashboardWidgetInput): string | null {
  switch (w.kind) {
    case 'SingleValue':
      if (w.pv.nr === 0) return 'dashboard.editor.choosePv';
      return w.min !== null && w.max !== null && !(w.min < w.max) ? 'dashboard.editor.minBelowMax' : null;
    case 'HeatMap':
      if (w.pvs.length === 0) return 'dashboard.editor.choosePv';
      return w.min < w.max ? null : 'dashboard.editor.minBelowMax';
    case 'Chart':
      return w.chartId === null ? 'dashboard.editor.chooseChart' : null;
    case 'Webcam':
      return w.webcamId === 0 ? 'dashboard.editor.chooseWebcam' : null;
    case 'Weather':
      if (w.zip.trim() === '') return 'dashboard.editor.enterZip';
      return /^[A-Z]{2}$/.test(w.country) ? null : 'dashboard.editor.countryCode';
    case 'GoogleMaps':
      return w.stations.length === 0 ? 'dashboard.editor.chooseStations' : null;
    case 'Browser': {
      const problem = browserUrlProblem(w.url);
      return problem ? `validation.${problem}` : null;
    }
    default:
      return null;
  }
}

/**
 * The settings of one widget: title and size, and what its kind needs — a PV, chart, station
 * or webcam from pickers, the gauge style and scale, the place of the weather, the web address.
 */
export function WidgetForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: DashboardWidgetInput;
  submitLabel: string;
  onSubmit: (widget: DashboardWidgetInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [w, setW] = useState<DashboardWidgetInput>(initial);
  const [tried, setTried] = useState(false);
  const pvOptions = usePvOptions();
  const needsCharts = w.kind === 'Chart';
  const charts = useQuery({
    queryKey: ['charts', 'directories', 'all'] as const,
    queryFn: async ({ signal }) =>
      (await Promise.all(CHART_TYPES.map((type) => getChartDirectories(type, signal)))).flat(),
    enabled: needsCharts,
  });
  const stations = useQuery({ ...allStationsQuery, enabled: w.kind === 'GoogleMaps' });
  const webcams = useQuery({
    queryKey: ['webcam', 'list'] as const,
    queryFn: ({ signal }) => getWebcams(undefined, signal),
    enabled: w.kind === 'Webcam',
  });
  const problem = widgetProblem(w);
  const set = (patch: Partial<DashboardWidgetInput>) =>
    setW((old) => ({ ...old, ...patch }) as DashboardWidgetInput);
  const pvSelect = (value: PvRef | null, onPick: (ref: PvRef) => void) => (
    <Select
      label={t('dashboard.editor.pv')}
      placeholder={t('dashboard.editor.searchPv')}
      data={pvOptions}
      value={value && value.nr !== 0 ? pvKey(value) : null}
      onChange={(key) => {
        const ref = key ? parsePvKey(key) : null;
        if (ref) onPick(ref);
      }}
      searchable
      limit={200}
      nothingFoundMessage={t('dashboard.editor.nothingFound')}
      comboboxProps={{ withinPortal: true }}
      data-testid="widget-pv"
    />
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (problem === null) onSubmit({ ...w, title: w.title.trim() } as DashboardWidgetInput);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('dashboard.editor.widgetTitle')}
          value={w.title}
          maxLength={200}
          onChange={(e) => set({ title: e.currentTarget.value })}
        />
        <div>
          <SegmentedControl
            aria-label={t('dashboard.editor.size')}
            fullWidth
            value={w.size}
            onChange={(size) => set({ size: size as DashboardWidgetInput['size'] })}
            data={WIDGET_SIZES.map((s) => ({ value: s, label: t(`dashboard.editor.sizes.${s}`) }))}
          />
        </div>
        {w.kind === 'SingleValue' ? (
          <>
            {pvSelect(w.pv, (pv) => set({ pv }))}
            <Select
              label={t('dashboard.editor.style')}
              data={SINGLE_VALUE_STYLES.map((s) => ({ value: s, label: t(`dashboard.editor.styles.${s}`) }))}
              value={w.style}
              onChange={(style) => style && set({ style: style as typeof w.style })}
              allowDeselect={false}
            />
            <Group grow>
              <NumberInput
                label={t('dashboard.editor.min')}
                placeholder={t('dashboard.editor.fromPv')}
                value={w.min ?? ''}
                onChange={(v) => set({ min: typeof v === 'number' ? v : null })}
              />
              <NumberInput
                label={t('dashboard.editor.max')}
                placeholder={t('dashboard.editor.fromPv')}
                value={w.max ?? ''}
                onChange={(v) => set({ max: typeof v === 'number' ? v : null })}
              />
            </Group>
          </>
        ) : null}
        {w.kind === 'HeatMap' ? (
          <>
            {pvSelect(w.pvs[0] ?? null, (pv) => set({ pvs: [pv] }))}
            <Group grow>
              <NumberInput
                label={t('dashboard.editor.min')}
                value={w.min}
                onChange={(v) => set({ min: typeof v === 'number' ? v : 0 })}
              />
              <NumberInput
                label={t('dashboard.editor.max')}
                value={w.max}
                onChange={(v) => set({ max: typeof v === 'number' ? v : 0 })}
              />
            </Group>
          </>
        ) : null}
        {w.kind === 'Chart' ? (
          <Select
            label={t('dashboard.editor.chart')}
            data={chartsOf(charts.data ?? [])}
            value={w.chartId === null ? null : String(w.chartId)}
            onChange={(id) => set({ chartId: id === null ? null : Number(id) })}
            searchable
            nothingFoundMessage={t('dashboard.editor.nothingFound')}
            data-testid="widget-chart"
          />
        ) : null}
        {w.kind === 'Webcam' ? (
          <Select
            label={t('dashboard.editor.webcam')}
            data={(webcams.data ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.stationName} · ${c.name}`,
            }))}
            value={w.webcamId === 0 ? null : String(w.webcamId)}
            onChange={(id) => id && set({ webcamId: Number(id) })}
          />
        ) : null}
        {w.kind === 'GoogleMaps' ? (
          <>
            <MultiSelect
              label={t('dashboard.editor.stations')}
              data={(stations.data ?? []).map((s) => ({
                value: String(s.stationNumber),
                label: s.name,
                disabled: s.location === null,
              }))}
              value={w.stations.map(String)}
              onChange={(values) => {
                const chosen = values.map(Number);
                // The map is centred on the chosen stations; zoom and type stay as set.
                const located = (stations.data ?? []).flatMap((s) =>
                  chosen.includes(s.stationNumber) && s.location !== null ? [s.location] : [],
                );
                const mean = (f: (l: { latitude: number; longitude: number }) => number) =>
                  located.reduce((sum, l) => sum + f(l), 0) / Math.max(1, located.length);
                set({
                  stations: chosen,
                  ...(located.length > 0
                    ? { latitude: mean((l) => l.latitude), longitude: mean((l) => l.longitude) }
                    : {}),
                });
              }}
              searchable
            />
            <Group grow>
              <Select
                label={t('dashboard.editor.mapType')}
                data={MAP_TYPES.map((m) => ({ value: m, label: t(`dashboard.editor.mapTypes.${m}`) }))}
                value={w.mapType}
                onChange={(mapType) => mapType && set({ mapType: mapType as typeof w.mapType })}
                allowDeselect={false}
              />
              <NumberInput
                label={t('dashboard.editor.zoom')}
                min={1}
                max={20}
                value={w.zoom}
                onChange={(v) => set({ zoom: typeof v === 'number' ? Math.round(v) : 11 })}
              />
            </Group>
          </>
        ) : null}
        {w.kind === 'Weather' ? (
          <>
            <Select
              label={t('dashboard.editor.weatherMode')}
              data={WEATHER_MODES.map((m) => ({ value: m, label: t(`dashboard.editor.weatherModes.${m}`) }))}
              value={w.mode}
              onChange={(mode) => mode && set({ mode: mode as typeof w.mode })}
              allowDeselect={false}
            />
            <Group grow>
              <TextInput
                label={t('dashboard.editor.zip')}
                value={w.zip}
                maxLength={16}
                onChange={(e) => set({ zip: e.currentTarget.value })}
              />
              <TextInput
                label={t('dashboard.editor.country')}
                value={w.country}
                maxLength={2}
                onChange={(e) => set({ country: e.currentTarget.value.toUpperCase() })}
              />
            </Group>
          </>
        ) : null}
        {w.kind === 'Browser' ? (
          <TextInput
            label={t('dashboard.editor.url')}
            placeholder="https://"
            value={w.url}
            maxLength={2000}
            onChange={(e) => set({ url: e.currentTarget.value })}
            error={tried && problem ? t(problem as 'validation.enterUrl') : undefined}
          />
        ) : null}
        {w.kind === 'Note' && initial.id === undefined ? (
          <Textarea
            label={t('dashboard.note.label')}
            value={w.note}
            autosize
            minRows={3}
            maxLength={4000}
            onChange={(e) => set({ note: e.currentTarget.value })}
          />
        ) : null}
        {tried && problem && w.kind !== 'Browser' ? (
          <div role="alert" className="dash-editor__problem">
            {t(problem as 'dashboard.editor.choosePv')}
          </div>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('dashboard.editor.cancel')}
          </Button>
          <Button type="submit" data-testid="widget-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
