import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { pvKey } from '@leitwarte/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStationPrefetch } from '../../lib/station-page-data';
import { useVisualisationText } from '../../lib/visualisation-texts';
import { DialStateBadge } from '../../ui/pv/dial-state-badge';
import type { StationGroup } from './group-pvs';
import { PvValueCell } from '../../ui/pv/pv-value-cell';

/**
 * A station (or the group of PVs without one) with its PV table. Memoised: live values bypass it.
 * `fixed`: header and rows at the fixed heights of a windowed list (one line each, cut with an
 * ellipsis), so its height is known before it is drawn.
 */
export const StationCard = memo(function StationCard({
  group,
  fixed = false,
}: {
  group: StationGroup;
  fixed?: boolean;
}) {
  const { t } = useTranslation();
  const plantText = useVisualisationText();
  const { station, pvs } = group;
  const title = station ? station.name : t('overview.otherValues');
  const headingId = `overview-${group.key}`;
  const prefetch = useStationPrefetch(station?.stationNumber ?? -1);

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      className={fixed ? 'station-card station-card--fixed' : 'station-card'}
      data-station={station?.stationNumber}
      data-station-name={station?.name}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" className="station-card__head">
          <div>
            <Title order={2} size="h4" id={headingId}>
              {station ? (
                <Anchor
                  component={Link}
                  to={`/stations/${station.stationNumber}`}
                  c="inherit"
                  inherit
                  {...prefetch}
                >
                  {title}
                </Anchor>
              ) : (
                title
              )}
            </Title>
            {station ? (
              <Text size="sm" c="dimmed">
                {plantText(station.kind)} · {t('overview.stationNumber', { number: station.stationNumber })}
              </Text>
            ) : null}
          </div>
          <Group gap="sm" wrap="nowrap">
            {station?.processImage ? (
              <Anchor component={Link} to={`/visualization/${station.processImage}`} size="sm">
                {t('overview.processImage')}
              </Anchor>
            ) : null}
            {station ? <DialStateBadge state={station.dialState} /> : null}
          </Group>
        </Group>
        {pvs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('overview.noPvs')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped highlightOnHover verticalSpacing={6} className="pv-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('overview.columns.name')}</Table.Th>
                  <Table.Th w={140}>{t('overview.columns.eks')}</Table.Th>
                  <Table.Th w={200} ta="right">
                    {t('overview.columns.value')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pvs.map((pv) => (
                  <Table.Tr key={pvKey(pv.pvRef)}>
                    <Table.Td>
                      <span title={pv.name}>{pv.name}</span>
                      {pv.subtype ? (
                        <Text span size="xs" c="dimmed" ml={6} data-subtype={pv.subtype}>
                          {plantText(pv.subtype)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td c="dimmed">{pv.eksNr}</Table.Td>
                    <Table.Td ta="right">
                      <PvValueCell config={pv} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
});
