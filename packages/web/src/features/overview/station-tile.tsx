import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { pvKey, type PvConfig, type Station } from '@leitwarte/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStationAlertSummary } from '../../live/station-alerts';
import { useLocaleFormat } from '../../lib/format-locale';
import { useStationPrefetch } from '../../lib/station-page-data';
import { useLiveStation } from '../../lib/use-live-station';
import type { PriorityLook } from '../../lib/use-priorities';
import { useVisualisationText } from '../../lib/visualisation-texts';
import { AlertSummaryBadge } from '../../ui/pv/alert-summary-badge';
import { DialStateBadge } from '../../ui/pv/dial-state-badge';
import { PvValueCell } from '../../ui/pv/pv-value-cell';

const isToday = (ms: number) => new Date(ms).toDateString() === new Date().toDateString();

/**
 * One station at a glance: kind, live dial state, its open alerts in the colour of the most
 * urgent priority, its key values and the time of its last data. A station with an alert whose
 * condition is still present is framed in that colour, so it stands out on a full wall.
 */
export const StationTile = memo(function StationTile({
  station: snapshot,
  keyValues,
  priorities,
  keyValuesPending = false,
  fixed = false,
}: {
  station: Station;
  keyValues: readonly PvConfig[];
  /** The key values' configs are still loading: a placeholder line for each. */
  keyValuesPending?: boolean;
  priorities: ReadonlyMap<number, PriorityLook>;
  /** Every part at a fixed height (one line each), for the windowed wall of a big plant. */
  fixed?: boolean;
}) {
  const { t } = useTranslation();
  const plantText = useVisualisationText();
  const { dateTime, time } = useLocaleFormat();
  const station = useLiveStation(snapshot);
  const alerts = useStationAlertSummary(station.stationNumber);
  const priority = alerts.topPriority === null ? undefined : priorities.get(alerts.topPriority);
  const alarm = alerts.active > 0;
  const headingId = `tile-${station.stationNumber}`;
  const prefetch = useStationPrefetch(station.stationNumber);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="sm"
      className={`station-tile${alarm ? ' station-tile--alarm' : ''}${fixed ? ' station-tile--fixed' : ''}`}
      style={alarm && priority ? { ['--tile-alarm' as string]: priority.color } : undefined}
      aria-labelledby={headingId}
      data-station-tile={station.stationNumber}
      data-station-name={station.name}
      data-alarm={alarm ? 'true' : 'false'}
    >
      <Stack gap={6}>
        <div style={{ minWidth: 0 }} className="station-tile__head">
          <Anchor
            component={Link}
            to={`/stations/${station.stationNumber}`}
            fw={700}
            size="sm"
            c="inherit"
            id={headingId}
            className="station-tile__name"
            title={station.name}
            {...prefetch}
          >
            {station.name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            {plantText(station.kind)} · {t('overview.stationNumber', { number: station.stationNumber })}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap" className="station-tile__badges">
          <DialStateBadge state={station.dialState} local={station.localDial} size="sm" />
          <AlertSummaryBadge summary={alerts} priority={priority} />
        </Group>
        <Stack gap={2} className="station-tile__values">
          {keyValues.length === 0 && keyValuesPending ? (
            station.keyValues.map((ref) => (
              <Skeleton key={pvKey(ref)} height={14} my={3} radius="sm" data-key-value-pending />
            ))
          ) : keyValues.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('operate.overview.noKeyValues')}
            </Text>
          ) : (
            keyValues.map((pv) => (
              <div key={pvKey(pv.pvRef)} className="station-tile__value">
                <Text size="xs" truncate title={pv.name}>
                  {pv.name}
                </Text>
                <PvValueCell config={pv} />
              </div>
            ))
          )}
        </Stack>
        <Text size="xs" c="dimmed" data-last-data>
          {t('operate.overview.lastData', {
            // Today's time alone keeps the line short; older data says its day.
            time: isToday(station.timestamp) ? time(station.timestamp) : dateTime(station.timestamp),
          })}
        </Text>
      </Stack>
    </Paper>
  );
});
