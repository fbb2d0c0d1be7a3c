import { Alert, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An SVG QR code of a text as a data URL; the encoder is loaded only when a code is made. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The QR code of a text (an address) as an image, with the text below it. */
export function QrCodeImage({ value, size = 240 }: { value: string; size?: number }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ value: string; src: string } | null>(null);
  // Which address could not be encoded; a new address starts clean.
  const [failedFor, setFailedFor] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    qrCodeDataUrl(value).then(
      (src) => current && setImage({ value, src }),
      () => current && setFailedFor(value),
    );
    return () => {
      current = false;
    };
  }, [value]);

  if (failedFor === value) return <Alert color="red">{t('shell.qr.createFailed')}</Alert>;
  return (
    <Stack align="center" gap="xs">
      {image?.value === value ? (
        <Image src={image.src} alt={t('shell.qr.imageAlt', { url: value })} w={size} h={size} fit="contain" />
      ) : (
        <Center w={size} h={size}>
          <Loader />
        </Center>
      )}
      <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** Dialog with the QR code of an address, e.g. of the current page for a phone to open. */
export function QrCodeDialog({
  opened,
  onClose,
  url,
}: {
  opened: boolean;
  onClose: () => void;
  url: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shell.qr.createTitle')} centered>
      {opened && <QrCodeImage value={url} />}
    </Modal>
  );
}
