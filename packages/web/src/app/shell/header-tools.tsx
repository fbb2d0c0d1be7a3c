import { Group } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { userInfoQuery } from '../../api/user-management';
import { toggleFavorite } from '../../lib/favorites';
import { SHELL_SHORTCUTS, type ShellShortcutAction } from '../../lib/shell-shortcuts';
import { FullscreenButton, useFullscreen } from '../../ui/fullscreen-button';
import { FavoriteToggle } from './favorite-toggle';
import { QrMenu } from './qr-menu';
import { useCurrentPage } from './use-current-page';
import { useRecordRecent } from './use-record-recent';

/**
 * The page tools of the header (favorite star, QR code, fullscreen) and the shell's keyboard
 * shortcuts; also records each page the user opens in their recently visited list.
 */
export function HeaderTools() {
  const navigate = useNavigate();
  const username = useQuery(userInfoQuery).data?.username ?? null;
  const page = useCurrentPage();
  const fullscreen = useFullscreen();
  const [qrOpen, setQrOpen] = useState(false);
  useRecordRecent(username);

  const actions: Record<ShellShortcutAction, () => void> = {
    overview: () => void navigate('/overview'),
    alerts: () => void navigate('/alerts'),
    favorite: () => username !== null && toggleFavorite(username, page),
    fullscreen: () => void fullscreen.toggle(),
    qr: () => setQrOpen(true),
    help: () => void navigate('/help'),
  };
  useHotkeys(SHELL_SHORTCUTS.map((shortcut) => [shortcut.hotkey, actions[shortcut.action]]));

  return (
    <Group gap={2} wrap="nowrap">
      <FavoriteToggle username={username} />
      <QrMenu createOpened={qrOpen} onCreateChange={setQrOpen} />
      <FullscreenButton control={fullscreen} />
    </Group>
  );
}
