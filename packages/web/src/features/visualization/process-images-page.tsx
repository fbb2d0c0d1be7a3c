import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allStationsQuery } from '../../api/station';
import { useVisualisationText } from '../../lib/visualisation-texts';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { prefetchImage, useProcessImageList } from './use-image-data';

/** Images fetched ahead while the list is idle; further ones when the pointer reaches them. */
const IDLE_PREFETCH = 12;

/** /visualization — the process images the user may see, with their stations. */
export function ProcessImagesPage() {
  const { t } = useTranslation();
  const plantText = useVisualisationText();
  const images = useProcessImageList();
  const stations = useQuery(allStationsQuery);
  const client = useQueryClient();
  const names = images.data?.map((image) => image.name).join('\n') ?? '';
  // Opening an image should only bind it: what it needs is fetched while the list is idle, and
  // again (from the cache) when the pointer or the focus reaches its card.
  useEffect(() => {
    if (names === '') return undefined;
    const handle = window.setTimeout(() => {
      for (const name of names.split('\n').slice(0, IDLE_PREFETCH)) prefetchImage(client, name);
    }, 200);
    return () => window.clearTimeout(handle);
  }, [client, names]);
  const stationName = (nr: number | null) =>
    nr === null ? null : (stations.data?.find((s) => s.stationNumber === nr)?.name ?? String(nr));

  let content;
  if (images.isPending) content = <LoadingView />;
  else if (images.error)
    content = (
      <ErrorView
        title={t('processImages.listFailed')}
        error={images.error}
        onRetry={() => void images.refetch()}
      />
    );
  else if (images.data.length === 0) content = <EmptyView message={t('processImages.empty')} />;
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
        {images.data.map((image) => (
          <Card
            key={image.name}
            withBorder
            radius="md"
            padding="md"
            component={Link}
            to={`/visualization/${image.name}`}
            data-image={image.name}
            onPointerEnter={() => prefetchImage(client, image.name)}
            onFocus={() => prefetchImage(client, image.name)}
          >
            <Text fw={600}>{plantText(image.title)}</Text>
            <Text size="sm" c="dimmed">
              {stationName(image.stationNumber) ?? t('processImages.noStation')}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('processImages.boundPvs', { count: image.pvs.length })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('processImages.title')}
      </Title>
      {content}
    </Stack>
  );
}
