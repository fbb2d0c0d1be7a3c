import type { WebcamInfo } from '@leitwarte/core';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePlantTime } from './webcam-time';

/** Online or offline (since when, why) and when the last image came. */
export function CameraStatus({ camera }: { camera: WebcamInfo }) {
  const { t } = useTranslation();
  const time = usePlantTime();
  const color = camera.status === 'offline' ? 'red' : camera.status === 'online' ? 'green' : 'gray';
  return (
    <>
      <Badge color={color} variant="light" data-camera-status={camera.status}>
        {t(`webcams.status.${camera.status}`)}
      </Badge>
      {camera.status === 'offline' && camera.offlineSince !== null ? (
        <Text size="xs" c="red" data-offline-since>
          {t('webcams.offlineSince', { time: time(camera.offlineSince) })}
          {camera.lastError ? ` (${camera.lastError})` : ''}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" data-last-image>
        {camera.newestImage
          ? t('webcams.lastImage', { time: time(camera.newestImage.timestamp) })
          : t('webcams.noImage')}
      </Text>
    </>
  );
}
