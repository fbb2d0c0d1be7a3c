import { hasRight, type SourceStatusView } from '@leitwarte/core';
import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSources } from '../../api/admin-sources';
import { rightsQuery } from '../../api/user-management';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { BrowseDialog } from './browse-dialog';
import { RestartDialog } from './restart-dialog';
import { SourceCard } from './source-card';

/** Counters and states change while the screen is open; 2 s is the spec's refresh tick. */
const REFRESH_MS = 2000;

type Dialog = { kind: 'restart' | 'browse'; source: SourceStatusView };

/** The data sources of the plant: state, last error, counters; restart; OPC UA browsing. */
export function AdminSourcesPage() {
  const { t } = useTranslation();
  const rights = useQuery(rightsQuery);
  if (rights.isPending) return <LoadingView />;
  if (rights.error)
    return <ErrorView title={t('admin.sources.loadError')} error={rights.error} onRetry={rights.refetch} />;
  if (!hasRight(rights.data, 'manageUsers')) {
    return (
      <Alert color="orange" role="alert" title={t('admin.sources.title')}>
        {t('rights.accessDenied')}
      </Alert>
    );
  }
  return <SourcesScreen />;
}

function SourcesScreen() {
  const { t } = useTranslation();
  const sources = useQuery({
    queryKey: ['admin', 'sources'],
    queryFn: ({ signal }) => getSources(signal),
    refetchInterval: REFRESH_MS,
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  let content;
  if (sources.error && !sources.data) {
    content = (
      <ErrorView
        title={t('admin.sources.loadError')}
        error={sources.error}
        onRetry={() => void sources.refetch()}
      />
    );
  } else if (!sources.data) {
    content = <LoadingView />;
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {sources.data.sources.map((source) => (
          <SourceCard
            key={source.id}
            source={source}
            onRestart={() => setDialog({ kind: 'restart', source })}
            onBrowse={() => setDialog({ kind: 'browse', source })}
          />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('admin.sources.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('admin.sources.intro')}
      </Text>
      {content}
      {dialog?.kind === 'restart' ? (
        <RestartDialog
          source={dialog.source}
          onClose={() => setDialog(null)}
          onDone={() => void sources.refetch()}
        />
      ) : null}
      {dialog?.kind === 'browse' ? (
        <BrowseDialog source={dialog.source} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}
