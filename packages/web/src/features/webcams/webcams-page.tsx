import type { WebcamInfo } from '@leitwarte/core';
import { AspectRatio, Card, Center, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getWebcams, webcamImageUrl } from '../../api/webcam';
import { EmptyView, LoadingView } from '../../ui/status-views';
import { CameraStatus } from './camera-status';

/** The list refreshes this often (the fastest real cameras take an image every few seconds). */
const REFRESH_MS = 15_000;

function CameraCard({ camera }: { camera: WebcamInfo }) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component={Link}
      to={`/webcams/${camera.id}`}
      data-camera={camera.id}
    >
      <Card.Section>
        <AspectRatio ratio={16 / 9} bg="dark.7">
          {camera.newestImage ? (
            <Image
              src={webcamImageUrl(camera.id, camera.newestImage.fileName)}
              alt={t('webcams.imageOf', { name: camera.name })}
              fit="contain"
            />
          ) : (
            <Center c="dimmed">{t('webcams.noImage')}</Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{camera.name}</Text>
            <Text size="xs" c="dimmed">
              {camera.stationName}
            </Text>
          </div>
        </Group>
        <CameraStatus camera={camera} />
      </Stack>
    </Card>
  );
}

/** Webcams (screens §2): every camera the user may see with its current image. */
export function WebcamsPage() {
  const { t } = useTranslation();
  // Webcam calls answer nothing when they fail (calls §7): then there is nothing to show.
  const query = useQuery({
    queryKey: ['webcams'],
    queryFn: async ({ signal }) => (await getWebcams(undefined, signal)) ?? null,
    refetchInterval: REFRESH_MS,
  });
  let content;
  if (query.isPending) content = <LoadingView />;
  else if (!query.data || query.data.length === 0) content = <EmptyView message={t('webcams.empty')} />;
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
        {query.data.map((camera) => (
          <CameraCard key={camera.id} camera={camera} />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('webcams.title')}
      </Title>
      {content}
    </Stack>
  );
}
