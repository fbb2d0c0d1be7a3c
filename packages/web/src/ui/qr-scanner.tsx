import { Alert, Box, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Phase = 'starting' | 'scanning' | 'refused';

/** Frames are decoded a few times a second: enough to feel instant, light on a phone's CPU. */
const SCAN_INTERVAL_MS = 200;

/**
 * Camera view that decodes QR codes (getUserMedia + jsQR) and reports the first text found.
 * The camera runs only while the scanner is shown; a refused or missing camera says so.
 */
export function QrScanner({ onResult }: { onResult: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>('starting');
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  }, [onResult]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;
    const canvas = document.createElement('canvas');

    async function start() {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        const [media, { default: jsQR }] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          import('jsqr'),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        setPhase('scanning');
        timer = setInterval(() => {
          const element = video.current;
          const context = canvas.getContext('2d', { willReadFrequently: true });
          if (!element || !context || element.videoWidth === 0) return;
          canvas.width = element.videoWidth;
          canvas.height = element.videoHeight;
          context.drawImage(element, 0, 0);
          const frame = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
          if (code && code.data && !stopped) {
            stopped = true;
            report.current(code.data);
          }
        }, SCAN_INTERVAL_MS);
      } catch {
        if (!stopped) setPhase('refused');
      }
    }

    void start();
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (phase === 'refused') {
    return (
      <Alert color="red" role="alert" data-testid="camera-refused">
        {t('shell.qr.cameraRefused')}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">{phase === 'starting' ? t('shell.qr.cameraStarting') : t('shell.qr.scanHint')}</Text>
      <Box bg="dark.9" style={{ borderRadius: 4, overflow: 'hidden' }}>
        <video ref={video} muted playsInline style={{ width: '100%', display: 'block' }} />
      </Box>
    </Stack>
  );
}
