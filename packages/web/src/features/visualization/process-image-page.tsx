import { ActionIcon, Anchor, Group, Stack, Title, Tooltip } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAutoLogout } from '../../lib/auto-logout/use-auto-logout';
import { PvActionHost } from '../../ui/pv-actions';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { useVisualisationText } from '../../lib/visualisation-texts';
import { textMessageHub } from '../../live/text-message-hub';
import { ActionDialogs, type ActionDialog } from './action-dialogs';
import { imageWindowPath, type VisuAction } from './actions';
import { ImageView } from './image-view';
import { launchWriteAction } from './launch-write-action';
import { useImageData, useProcessImageList } from './use-image-data';
import '@mantine/notifications/styles.css';
import './visualization.css';

// Embedded in the native app, window.open opens in place (native bridge); in a browser a new tab.
const openWindow = (url: string) => void window.open(url, '_blank', 'noopener');

/** The image fills the window by itself; the shell's pieces it needs come along. */
function WindowFrame() {
  useAutoLogout();
  return <PvActionHost />;
}

/** A window with an arrow out of it, drawn here: no symbol font has it everywhere. */
function WindowIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d="M7 2.5H3.5a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1V9" />
      <path d="M9.5 2.5h4v4M13.5 2.5 7.5 8.5" />
    </svg>
  );
}

/**
 * /visualization/:name — a process image with live values and its actions (screens §2); alone in
 * a window (`standalone`, /window/visualization/:name) without the shell around it.
 */
export function ProcessImagePage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const plantText = useVisualisationText();
  const { name = '' } = useParams();
  const navigate = useNavigate();
  const data = useImageData(name);
  const list = useProcessImageList();
  const [dialog, setDialog] = useState<ActionDialog | null>(null);
  const title = list.data?.find((image) => image.name === name)?.title ?? name;

  const run = useCallback(
    (action: VisuAction) => {
      switch (action.kind) {
        case 'navigate':
          void navigate(action.to);
          return;
        case 'window':
        case 'applicationStart':
          openWindow(action.url);
          return;
        case 'invalidPath':
          setDialog({ kind: 'invalidPath' });
          return;
        case 'unsupported':
          setDialog({ kind: 'unsupported', name: action.name });
          return;
        case 'write':
          launchWriteAction(action.action);
          return;
        case 'plans':
          setDialog({ kind: 'plans', entries: action.entries });
          return;
        case 'text':
          setDialog({
            kind: 'text',
            textId: action.textId,
            message: textMessageHub.messages.get(String(action.textId))?.message ?? '',
          });
          return;
      }
    },
    [navigate],
  );

  let content;
  if (data.isPending) content = <LoadingView />;
  else if (data.error || data.markup === undefined)
    content = (
      <ErrorView
        title={t('errors.processImageUnavailable')}
        error={data.error ?? undefined}
        onRetry={data.refetch}
      />
    );
  else
    content = (
      <ImageView
        name={name}
        markup={data.markup}
        configs={data.configs}
        canEditTexts={data.canEditTexts}
        onAction={run}
        onResync={data.refetchValues}
      />
    );

  return (
    <Stack gap="sm" className={standalone ? 'process-image-page process-image-window' : 'process-image-page'}>
      <Group gap="xs" wrap="nowrap" align="center">
        {standalone ? null : (
          <Anchor component={Link} to="/visualization" size="sm" className="process-image-back">
            {t('processImages.title')}
          </Anchor>
        )}
        <Title order={1} size="h4" className="process-image-title">
          {plantText(title)}
        </Title>
        {standalone ? null : (
          // An icon, so the title keeps the room on a phone; the tooltip and label name it.
          <Tooltip label={t('processImages.openWindow')}>
            <ActionIcon
              variant="default"
              ml="auto"
              className="process-image-open-window"
              aria-label={t('processImages.openWindow')}
              onClick={() => openWindow(imageWindowPath(name))}
            >
              <WindowIcon />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {content}
      <ActionDialogs dialog={dialog} onChange={setDialog} />
      {standalone ? <WindowFrame /> : null}
    </Stack>
  );
}
