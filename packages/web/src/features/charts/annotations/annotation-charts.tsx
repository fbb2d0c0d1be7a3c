import { Anchor, List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAnnotationCharts } from '../../../api/charts';
import { ANNOTATIONS_QUERY_KEY } from './use-annotations';

/** The archive charts a saved annotation appears in: those with a series of its PV. */
export function AnnotationCharts({ annotationId }: { annotationId: number }) {
  const { t } = useTranslation();
  const charts = useQuery({
    queryKey: [...ANNOTATIONS_QUERY_KEY, annotationId, 'charts'] as const,
    queryFn: ({ signal }) => getAnnotationCharts(annotationId, signal),
    refetchOnWindowFocus: false,
  });
  let content;
  if (charts.isPending) content = <Loader size="xs" aria-label={t('charts.annotations.charts.loading')} />;
  else if (charts.error)
    content = (
      <Text size="sm" c="red">
        {t('charts.annotations.charts.loadError')}
      </Text>
    );
  else if (charts.data.length === 0)
    content = (
      <Text size="sm" c="dimmed">
        {t('charts.annotations.charts.none')}
      </Text>
    );
  else
    content = (
      <List size="sm" spacing={2}>
        {charts.data.map((chart) => (
          <List.Item key={chart.id}>
            <Anchor component={Link} to={`/charts/archive/${chart.id}`} size="sm">
              {chart.title}
            </Anchor>
          </List.Item>
        ))}
      </List>
    );
  return (
    <div data-testid="annotation-charts">
      <Text size="sm" fw={500} mb={4}>
        {t('charts.annotations.charts.title')}
      </Text>
      {content}
    </div>
  );
}
