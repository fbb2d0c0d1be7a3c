import type { ChartType } from '@leitwarte/core';
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getChartDirectories } from '../../api/charts';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { DirectoryTree, holdsCharts } from './directory-tree';

function ChartTypeTree({ type }: { type: ChartType }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['charts', 'directories', type] as const,
    queryFn: ({ signal }) => getChartDirectories(type, signal),
  });
  const heading = type === 'LiveMeasurement' ? t('charts.directory.live') : t('charts.directory.archive');
  let body;
  if (query.isPending) body = <LoadingView />;
  else if (query.error)
    body = (
      <ErrorView
        title={t('charts.directory.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!query.data.some(holdsCharts)) body = <EmptyView message={t('charts.directory.empty')} />;
  else body = <DirectoryTree directories={query.data} label={heading} />;
  return (
    <Paper withBorder p="md" data-testid={`chart-tree-${type}`}>
      <Stack gap="sm">
        <Title order={3}>{heading}</Title>
        {body}
      </Stack>
    </Paper>
  );
}

/** /charts: the directory trees of live and archive charts (screens §2). */
export function ChartDirectoryPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={2}>{t('charts.directory.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartTypeTree type="Measurement" />
        <ChartTypeTree type="LiveMeasurement" />
      </SimpleGrid>
    </Stack>
  );
}
