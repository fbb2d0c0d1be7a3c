import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Station } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocaleFormat } from '../../lib/format-locale';
import { useLiveStation } from '../../lib/use-live-station';
import { useVisualisationText } from '../../lib/visualisation-texts';
import { openPvAction } from '../../ui/pv-actions';
import { DialStateBadge } from '../../ui/pv/dial-state-badge';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The station's head: name, kind, live dial state (newDialState, newTimestamp, newDialCounter),
 * last connection, dial counters, the dial buttons the user may use and the station's links.
 */
export function StationHeader({
  station: snapshot,
  mayDial,
  mayAckPriorityOutputs,
}: {
  station: Station;
  mayDial: boolean;
  mayAckPriorityOutputs: boolean;
}) {
  const { t } = useTranslation();
  const plantText = useVisualisationText();
  const { dateTime, integer } = useLocaleFormat();
  const station = useLiveStation(snapshot);
  const nr = station.stationNumber;
  const counters = station.dialCounters;
  const dial = (command: 'connect' | 'disconnect' | 'status') =>
    openPvAction({ kind: 'dial', stationNrs: [nr], command });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Title order={1} size="h2">
              {station.name}
            </Title>
            <Text size="sm" c="dimmed">
              {plantText(station.kind)} · {t('overview.stationNumber', { number: nr })}
            </Text>
          </div>
          <Group gap="xs" data-testid="station-dial-state">
            <DialStateBadge state={station.dialState} local={station.localDial} />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
          <Fact label={t('operate.station.lastData')} value={dateTime(station.timestamp)} />
          <Fact
            label={t('operate.station.lastConnection')}
            value={station.lastConnection === null ? '–' : dateTime(station.lastConnection)}
          />
          <Fact label={t('operate.station.network')} value={counters.mobileNetworkStandard || '–'} />
          <Fact label={t('operate.station.dialsDay')} value={integer(counters.dayCounter)} />
          <Fact label={t('operate.station.dialsMonth')} value={integer(counters.monthCounter)} />
          <Fact label={t('operate.station.dialsYear')} value={integer(counters.yearCounter)} />
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="wrap">
            {mayDial ? (
              <>
                <Button size="xs" onClick={() => dial('connect')}>
                  {t('operate.dial.connect')}
                </Button>
                <Button size="xs" variant="default" onClick={() => dial('disconnect')}>
                  {t('operate.dial.disconnect')}
                </Button>
                <Button size="xs" variant="default" onClick={() => dial('status')}>
                  {t('operate.dial.status')}
                </Button>
              </>
            ) : null}
            {mayAckPriorityOutputs ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => openPvAction({ kind: 'acknowledgePriorityOutputs', stationNr: nr })}
              >
                {t('operate.priorityOutputs.title')}
              </Button>
            ) : null}
          </Group>
          <Group gap="md" wrap="wrap">
            {station.processImage ? (
              <Anchor component={Link} to={`/visualization/${station.processImage}`} size="sm">
                {t('operate.station.processImage')}
              </Anchor>
            ) : null}
            <Anchor component={Link} to={`/maintenance/report?station=${nr}`} size="sm">
              {t('operate.station.maintenance')}
            </Anchor>
            <Anchor component={Link} to={`/alerts`} size="sm">
              {t('operate.station.alertArchive')}
            </Anchor>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
