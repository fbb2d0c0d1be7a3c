import { ActionIcon, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NATIVE_FEATURES, nativeErrorText, useNativeApp } from '../../lib/native-bridge';
import { QrCodeDialog } from '../../ui/qr-code';
import { QrScanner } from '../../ui/qr-scanner';
import { appPathFromScan } from './scanned-url';

/**
 * QR code in the header: show the current page's address as a code (for a phone to open it), or
 * scan one with the camera and open it when it is an address of this app.
 */
export function QrMenu({
  createOpened,
  onCreateChange,
}: {
  createOpened: boolean;
  onCreateChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  const [invalidPath, setInvalidPath] = useState<string | null>(null);
  const [appNotice, setAppNotice] = useState<string | null>(null);
  const { bridge, features } = useNativeApp();
  // Inside an app with its own scanner: its camera view instead of the page's (web views often
  // give pages no camera at all).
  const appScanner = bridge !== null && features.includes(NATIVE_FEATURES.scanQrCode) ? bridge : null;

  const scan = () => {
    if (appScanner === null) return setScanning(true);
    appScanner.scanQrCode().then(
      (text) => (text === null ? setAppNotice(t('native.errors.scanCancelled')) : onScanned(text)),
      (error: unknown) => setAppNotice(nativeErrorText(t, error)),
    );
  };

  const onScanned = (text: string) => {
    setScanning(false);
    const path = appPathFromScan(text, window.location.origin);
    if (path === null) setInvalidPath(text);
    else void navigate(path);
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={t('shell.qr.menu')} title={t('shell.qr.menu')}>
            <span aria-hidden style={{ fontSize: 18 }}>
              ▦
            </span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onCreateChange(true)}>{t('shell.qr.create')}</Menu.Item>
          <Menu.Item onClick={scan}>{t('shell.qr.scan')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <QrCodeDialog opened={createOpened} onClose={() => onCreateChange(false)} url={window.location.href} />
      <Modal opened={scanning} onClose={() => setScanning(false)} title={t('shell.qr.scanTitle')} centered>
        {scanning && <QrScanner onResult={onScanned} />}
      </Modal>
      <Modal
        opened={invalidPath !== null}
        onClose={() => setInvalidPath(null)}
        title={t('shell.qr.invalidPathTitle')}
        centered
      >
        <Text role="alert" style={{ wordBreak: 'break-word' }}>
          {t('shell.qr.invalidPathText', { path: invalidPath ?? '' })}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setInvalidPath(null)}>{t('shell.qr.ok')}</Button>
        </Group>
      </Modal>
      <Modal
        opened={appNotice !== null}
        onClose={() => setAppNotice(null)}
        title={t('shell.qr.scanTitle')}
        centered
      >
        <Text role="status" data-testid="qr-app-notice">
          {appNotice}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setAppNotice(null)}>{t('shell.qr.ok')}</Button>
        </Group>
      </Modal>
    </>
  );
}
