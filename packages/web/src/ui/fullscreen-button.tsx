import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Fullscreen state of the document, its toggle, and whether the browser just refused it. */
export function useFullscreen() {
  const [active, setActive] = useState(() => document.fullscreenElement !== null);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) {
        await document.exitFullscreen();
        return;
      }
      // Embedded web views and some browsers do not allow it at all.
      if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') {
        setRefused(true);
        return;
      }
      await document.documentElement.requestFullscreen();
    } catch {
      setRefused(true);
    }
  }, []);

  return { active, refused, toggle, dismissRefusal: () => setRefused(false) };
}

export type FullscreenControl = ReturnType<typeof useFullscreen>;

/** Header button for fullscreen; says so in a dialog when the browser refuses (screens §8). */
export function FullscreenButton({ control }: { control: FullscreenControl }) {
  const { t } = useTranslation();
  const label = control.active ? t('shell.fullscreen.exit') : t('shell.fullscreen.enter');
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={() => void control.toggle()}
        aria-label={label}
        title={label}
        aria-pressed={control.active}
      >
        <span aria-hidden style={{ fontSize: 18 }}>
          {control.active ? '⤡' : '⤢'}
        </span>
      </ActionIcon>
      <Modal
        opened={control.refused}
        onClose={control.dismissRefusal}
        title={t('shell.fullscreen.enter')}
        centered
      >
        <Text role="alert">{t('shell.fullscreen.notPossible')}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={control.dismissRefusal}>{t('shell.qr.ok')}</Button>
        </Group>
      </Modal>
    </>
  );
}
