import type { WebcamImageRef } from '@leitwarte/core';
import {
  ActionIcon,
  AspectRatio,
  Button,
  Center,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { webcamImageUrl } from '../../api/webcam';
import { EmptyView, LoadingView } from '../../ui/status-views';
import { CameraStatus } from './camera-status';
import {
  ARCHIVE_RANGES,
  PLAYBACK_SPEEDS,
  frameDelayMs,
  nextPlaying,
  preloadIndexes,
  stepIndex,
  type ArchiveRangeKey,
  type PlaybackSpeed,
} from './playback';
import { useWebcam, useWebcamArchive } from './use-webcam-archive';
import { usePlantTime } from './webcam-time';

/** Plays the archive: one image after the other at the chosen speed, stopping at the end. */
function usePlayer(images: readonly WebcamImageRef[], cameraId: number) {
  const [index, setIndex] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(5);
  const count = images.length;
  const reset = useCallback(() => {
    setIndex(null);
    setPlaying(false);
  }, []);
  // Until the user picks an image, the newest is shown (and stays shown as newer ones come).
  const shown = index === null ? count - 1 : Math.min(index, count - 1);
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => {
      const next = nextPlaying(shown, count);
      if (next === null) setPlaying(false);
      else setIndex(next);
    }, frameDelayMs(speed));
    return () => clearTimeout(timer);
  }, [playing, shown, count, speed]);
  // The next images are fetched ahead, so a frame is on screen in time.
  useEffect(() => {
    for (const i of preloadIndexes(shown, count, speed)) {
      const image = images[i];
      if (image) new Image().src = webcamImageUrl(cameraId, image.fileName);
    }
  }, [shown, count, speed, images, cameraId]);
  return {
    shown,
    playing,
    speed,
    setSpeed,
    go: (i: number) => setIndex(stepIndex(i, 0, count)),
    step: (by: number) => {
      setPlaying(false);
      setIndex(stepIndex(shown, by, count));
    },
    toggle: () => {
      // Play from the start when at the end.
      if (!playing && shown >= count - 1) setIndex(0);
      setPlaying(!playing);
    },
    reset,
  };
}

/** A camera's page (screens §2 webcams): the current image and the archive of a range, played. */
export function WebcamPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const time = usePlantTime();
  const camera = useWebcam(id);
  const [range, setRange] = useState<ArchiveRangeKey>('hour');
  const [now] = useState(() => Date.now());
  const span = ARCHIVE_RANGES.find((r) => r.key === range)?.ms ?? 3_600_000;
  const archive = useWebcamArchive(id, now - span, now, true);
  const images = useMemo(() => archive.data ?? [], [archive.data]);
  const player = usePlayer(images, id);
  const { reset } = player;
  const stage = useRef<HTMLDivElement>(null);
  useEffect(() => reset(), [range, reset]);
  const image = images[player.shown];

  if (camera.isPending) return <LoadingView />;
  if (!camera.data)
    return (
      <EmptyView
        message={t('webcams.notFound')}
        action={
          <Button component={Link} to="/webcams" variant="light">
            {t('webcams.back')}
          </Button>
        }
      />
    );
  const cam = camera.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {cam.name}
          </Title>
          <Text size="sm" c="dimmed">
            {cam.stationName}
          </Text>
        </div>
        <Stack gap={2} align="flex-end">
          <CameraStatus camera={cam} />
        </Stack>
      </Group>
      {/* The whole player fits the window's height: image, time, slider and controls. */}
      <Paper withBorder radius="md" p="sm" w="100%" maw="calc(58vh * 16 / 9)" mx="auto">
        <Stack gap="sm">
          <SegmentedControl
            value={range}
            onChange={(value) => setRange(value as ArchiveRangeKey)}
            data={ARCHIVE_RANGES.map((r) => ({ value: r.key, label: t(`webcams.ranges.${r.key}`) }))}
            aria-label={t('webcams.range')}
            fullWidth
          />
          <div
            ref={stage}
            tabIndex={0}
            onKeyDown={(e) => {
              if (e.key === 'ArrowLeft') player.step(-1);
              if (e.key === 'ArrowRight') player.step(1);
              if (e.key === ' ') {
                e.preventDefault();
                player.toggle();
              }
            }}
            aria-label={t('webcams.stage')}
          >
            <AspectRatio ratio={16 / 9} bg="dark.7">
              {image ? (
                <img
                  src={webcamImageUrl(id, image.fileName)}
                  alt={t('webcams.imageAt', { name: cam.name, time: time(image.timestamp) })}
                  style={{ objectFit: 'contain', width: '100%', height: '100%' }}
                  data-image={image.fileName}
                />
              ) : (
                <Center c="dimmed">
                  {archive.isPending ? t('app.loading') : t('webcams.noImagesInRange')}
                </Center>
              )}
            </AspectRatio>
          </div>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600} data-image-time>
              {image ? time(image.timestamp) : '–'}
            </Text>
            <Text size="sm" c="dimmed" data-image-position>
              {images.length > 0
                ? t('webcams.position', { position: player.shown + 1, count: images.length })
                : t('webcams.noImagesInRange')}
            </Text>
          </Group>
          <Slider
            min={0}
            max={Math.max(0, images.length - 1)}
            value={Math.max(0, player.shown)}
            onChange={player.go}
            disabled={images.length < 2}
            label={(i) => {
              const at = images[i]?.timestamp;
              return at === undefined ? '' : time(at, false);
            }}
            aria-label={t('webcams.slider')}
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap={4}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => player.go(0)}
                disabled={images.length === 0}
                aria-label={t('webcams.first')}
              >
                |◀
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => player.step(-1)}
                disabled={player.shown <= 0}
                aria-label={t('webcams.previous')}
              >
                ◀
              </ActionIcon>
              <Button size="sm" onClick={player.toggle} disabled={images.length < 2} miw={96}>
                {player.playing ? t('webcams.pause') : t('webcams.play')}
              </Button>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => player.step(1)}
                disabled={player.shown >= images.length - 1}
                aria-label={t('webcams.next')}
              >
                ▶
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={player.reset}
                disabled={images.length === 0}
                aria-label={t('webcams.newest')}
              >
                ▶|
              </ActionIcon>
            </Group>
            <NativeSelect
              size="sm"
              aria-label={t('webcams.speed')}
              value={String(player.speed)}
              onChange={(e) => player.setSpeed(Number(e.currentTarget.value) as PlaybackSpeed)}
              data={PLAYBACK_SPEEDS.map((s) => ({
                value: String(s),
                label: t('webcams.speedValue', { speed: s }),
              }))}
            />
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
