import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ChartScreen } from './chart-screen';
import { parseTrendlineQuery, type TrendlineProblem } from './trendline-query';
import { ChartNotFound } from './chart-not-found';

function useChartId(): number | null {
  const { id } = useParams();
  return id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
}

/** /charts/live/:id — a saved chart following now (screens §4). */
export function LiveChartPage() {
  const id = useChartId();
  if (id === null) return <ChartNotFound />;
  return <ChartScreen origin={{ kind: 'config', id }} live />;
}

/** /charts/archive/:id — a saved chart over a past range (`?start=`, `from`/`to`). */
export function ArchiveChartPage() {
  const id = useChartId();
  if (id === null) return <ChartNotFound />;
  return <ChartScreen origin={{ kind: 'config', id }} live={false} />;
}

function TrendlineProblemView({ problem, live }: { problem: TrendlineProblem; live: boolean }) {
  const { t } = useTranslation();
  let message: string;
  switch (problem.kind) {
    case 'noPv':
      message = t('charts.trendline.noPv');
      break;
    case 'invalidPv':
      message = t('charts.trendline.invalidPv', { values: problem.values.join(', ') });
      break;
    case 'tooManyPvs':
      message = t('charts.trendline.tooManyPvs', { count: problem.count, max: problem.max });
      break;
    case 'invalidAmount':
      message = t('charts.trendline.invalidAmount', { value: problem.value });
      break;
    default:
      message = t('charts.trendline.invalidUnit', { value: problem.value });
  }
  return (
    <Stack gap="sm" data-testid="trendline-problem">
      <Title order={2}>
        {t(live ? 'charts.screen.realtimeTrendline' : 'charts.screen.archiveTrendline')}
      </Title>
      <Alert color="red" variant="light" role="alert" title={t('charts.trendline.invalidTitle')}>
        {message}
      </Alert>
    </Stack>
  );
}

/** /charts/realtime-trendline?pv=… — the PVs live over the last hour. */
export function RealtimeTrendlinePage() {
  const [search] = useSearchParams();
  const query = parseTrendlineQuery(search, 'realtime');
  if (!query.ok) return <TrendlineProblemView problem={query.problem} live />;
  const { pvs, amount, unit } = query.request;
  return (
    <ChartScreen
      origin={{ kind: 'pvs', pvs, type: 'LiveMeasurement', span: { factor: amount, unit } }}
      live
    />
  );
}

/** /charts/archive-trendline?pv=…&amount=7&unit=Days — the PVs over the last amount × unit. */
export function ArchiveTrendlinePage() {
  const [search] = useSearchParams();
  const query = parseTrendlineQuery(search, 'archive');
  if (!query.ok) return <TrendlineProblemView problem={query.problem} live={false} />;
  const { pvs, amount, unit } = query.request;
  return (
    <ChartScreen
      origin={{ kind: 'pvs', pvs, type: 'Measurement', span: { factor: amount, unit } }}
      live={false}
    />
  );
}
