import { CloseButton, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyView, ErrorView } from '../../ui/status-views';
import { filterGroups } from './group-pvs';
import { LiveStatusAlert } from './live-status-alert';
import { PvFormatProvider } from './pv-format-context';
import { StationCard } from './station-card';
import { useLivePvs } from './use-live-pvs';
import { useOverviewData } from './use-overview-data';
import './overview.css';

function LoadingCards() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} role="status" aria-label={t('app.loading')}>
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} height={180} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** Every station with its PVs and live readings (screens §2 Overview). */
export function OverviewPage() {
  const { t } = useTranslation();
  const { groups, pvs, isPending, error, refetch } = useOverviewData();
  const [query, setQuery] = useState('');
  // Typing stays responsive with many PVs: the list filters at lower priority.
  const deferredQuery = useDeferredValue(query);
  const visible = useMemo(() => filterGroups(groups, deferredQuery), [groups, deferredQuery]);
  useLivePvs(pvs, refetch);

  const stationCount = groups.filter((group) => group.station).length;

  let content;
  if (isPending) content = <LoadingCards />;
  else if (error) content = <ErrorView title={t('overview.loadError')} error={error} onRetry={refetch} />;
  else if (groups.length === 0) content = <EmptyView message={t('overview.empty')} />;
  else if (visible.length === 0)
    content = <EmptyView message={t('overview.noMatch', { query: deferredQuery })} />;
  else
    content = (
      <PvFormatProvider>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {visible.map((group) => (
            <StationCard key={group.key} group={group} />
          ))}
        </SimpleGrid>
      </PvFormatProvider>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {t('overview.title')}
          </Title>
          {!isPending && !error ? (
            <Text size="sm" c="dimmed">
              {t('overview.summary', { stations: stationCount, pvs: pvs.length })}
            </Text>
          ) : null}
        </div>
        <TextInput
          w={{ base: '100%', sm: 320 }}
          type="search"
          aria-label={t('overview.filterLabel')}
          placeholder={t('overview.filterPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          rightSection={
            query ? (
              <CloseButton size="sm" aria-label={t('overview.clearFilter')} onClick={() => setQuery('')} />
            ) : null
          }
        />
      </Group>
      <LiveStatusAlert />
      {content}
    </Stack>
  );
}
