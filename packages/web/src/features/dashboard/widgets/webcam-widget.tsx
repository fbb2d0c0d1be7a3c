import { Text } from '@mantine/core';
import type { DashboardWidget } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getCurrentWebcamImage, webcamImageUrl } from '../../../api/webcam';

type Webcam = Extract<DashboardWidget, { kind: 'Webcam' }>;

/** How often the current image is asked for; cameras deliver every few seconds at most. */
const REFRESH_MS = 5_000;

/** The camera's current image, refreshed; a click opens the camera's page. */
export function WebcamWidget({ widget }: { widget: Webcam }) {
  const { t } = useTranslation();
  const current = useQuery({
    queryKey: ['webcam', widget.webcamId, 'current'] as const,
    queryFn: ({ signal }) => getCurrentWebcamImage(widget.webcamId, undefined, signal),
    refetchInterval: REFRESH_MS,
  });
  const image = current.data;
  return (
    <Link
      to={`/webcams/${widget.webcamId}`}
      className="webcam-widget"
      aria-label={t('dashboard.webcam.open')}
    >
      {image ? (
        <img
          src={webcamImageUrl(widget.webcamId, image.fileName)}
          alt={widget.title}
          data-file={image.fileName}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {current.isPending ? t('app.loading') : t('dashboard.webcam.noImage')}
        </Text>
      )}
    </Link>
  );
}
