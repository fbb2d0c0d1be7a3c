import {
  CloseButton,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { pvKey, type PvConfig, type PvRef } from '@leitwarte/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStationAlertsChannel } from '../../live/station-alerts';
import { useWatchStations } from '../../lib/use-live-station';
import { usePriorities } from '../../lib/use-priorities';
import { usePvSubscription } from '../../lib/use-pv-subscription';
import { PvFormatProvider } from '../../ui/pv/pv-format-context';
import { EmptyView, ErrorView } from '../../ui/status-views';
import { AllValuesList } from './all-values-list';
import { filterGroups, type StationGroup } from './group-pvs';
import { LiveStatusAlert } from './live-status-alert';
import { TileWall } from './tile-wall';
import { useLiveChannel } from './use-live-pvs';
import { useOverviewData } from './use-overview-data';
import './overview.css';

const NO_PVS: PvRef[] = [];

function LoadingCards() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} role="status" aria-label={t('app.loading')}>
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} height={180} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** The key values of a station as its definition names them, in that order, where readable. */
function keyValuesOf(group: StationGroup): PvConfig[] {
  if (!group.station) return [];
  const byKey = new Map(group.pvs.map((pv) => [pvKey(pv.pvRef), pv]));
  return group.station.keyValues.flatMap((ref) => byKey.get(pvKey(ref)) ?? []);
}

type OverviewView = 'tiles' | 'values';

/**
 * The control-room overview (screens §2): one tile per station with dial state, open alerts, key
 * values and last data; or every PV of every station ("all values"), as `?view=values`.
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: OverviewView = params.get('view') === 'values' ? 'values' : 'tiles';
  const { groups, pvs, isPending, keyValuesPending, error, refetch } = useOverviewData(view === 'values');
  const [query, setQuery] = useState('');
  // Typing stays responsive with many PVs: the list filters at lower priority.
  const deferredQuery = useDeferredValue(query);
  const visible = useMemo(() => filterGroups(groups, deferredQuery), [groups, deferredQuery]);
  const tiles = useMemo(
    () => visible.flatMap((group) => (group.station ? [{ key: group.key, station: group.station }] : [])),
    [visible],
  );
  const tileValueRefs = useMemo(
    () => groups.flatMap((group) => keyValuesOf(group).map((pv) => pv.pvRef)),
    [groups],
  );
  // Tiles need only their key values live; the list of all values subscribes the cards it renders.
  useLiveChannel(refetch);
  usePvSubscription(view === 'tiles' ? tileValueRefs : NO_PVS);
  const stationNumbers = useMemo(
    () => groups.flatMap((group) => (group.station ? [group.station.stationNumber] : [])),
    [groups],
  );
  useWatchStations(stationNumbers);
  useStationAlertsChannel();
  const priorities = usePriorities();
  const stationCount = stationNumbers.length;

  const fullKeyValues = useMemo(() => new Map(groups.map((g) => [g.key, keyValuesOf(g)])), [groups]);

  let content;
  if (isPending) content = <LoadingCards />;
  else if (error) content = <ErrorView title={t('overview.loadError')} error={error} onRetry={refetch} />;
  else if (groups.length === 0) content = <EmptyView message={t('overview.empty')} />;
  else if (visible.length === 0 || (view === 'tiles' && tiles.length === 0))
    content = <EmptyView message={t('overview.noMatch', { query: deferredQuery })} />;
  else if (view === 'tiles')
    content = (
      <PvFormatProvider>
        <TileWall
          tiles={tiles}
          keyValues={fullKeyValues}
          keyValuesPending={keyValuesPending}
          priorities={priorities}
        />
      </PvFormatProvider>
    );
  else
    content = (
      <PvFormatProvider>
        <AllValuesList groups={visible} />
      </PvFormatProvider>
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('overview.title')}
          </Title>
          {!isPending && !error ? (
            <Text size="sm" c="dimmed">
              {view === 'values'
                ? t('overview.summary', { stations: stationCount, pvs: pvs.length })
                : t('overview.summaryStations', { stations: stationCount })}
            </Text>
          ) : null}
        </div>
        <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          <SegmentedControl
            size="sm"
            aria-label={t('operate.overview.view')}
            value={view}
            onChange={(next) =>
              setParams(
                (current) => {
                  const copy = new URLSearchParams(current);
                  if (next === 'values') copy.set('view', 'values');
                  else copy.delete('view');
                  return copy;
                },
                { replace: true },
              )
            }
            data={[
              { value: 'tiles', label: t('operate.overview.tiles') },
              { value: 'values', label: t('operate.overview.allValues') },
            ]}
          />
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
      </Group>
      <LiveStatusAlert />
      {content}
    </Stack>
  );
}
