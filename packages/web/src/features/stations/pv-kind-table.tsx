import { ActionIcon, Badge, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { pvKey, type Alert, type LimitType, type PvConfig } from '@leitwarte/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVisualisationText } from '../../lib/visualisation-texts';
import { PvTimestamp } from '../../ui/pv/pv-timestamp';
import { PvValueCell } from '../../ui/pv/pv-value-cell';
import type { PvKind } from './pv-kinds';

const LIMIT_STATE_KEYS = {
  Bottom: 'operate.limits.states.bottom',
  BottomMiddle: 'operate.limits.states.bottomMiddle',
  TopMiddle: 'operate.limits.states.topMiddle',
  Top: 'operate.limits.states.top',
} as const satisfies Record<LimitType, string>;

/** The limit state of a PV from its active alerts: the violated limit, or the alert for inputs. */
function LimitState({ alerts }: { alerts: readonly Alert[] | undefined }) {
  const { t } = useTranslation();
  const first = alerts?.find((a) => a.active);
  if (!first) return null;
  return (
    <Badge size="sm" color="red" variant="light" data-limit-state={first.limitType ?? 'alert'}>
      {first.limitType ? t(LIMIT_STATE_KEYS[first.limitType]) : t('operate.alerts.active')}
    </Badge>
  );
}

/** The PVs of one kind: live value (with quality), time, limit state; a row opens the PV's detail. */
export const PvKindTable = memo(function PvKindTable({
  kind,
  pvs,
  alertsByPv,
  onOpen,
}: {
  kind: PvKind;
  pvs: readonly PvConfig[];
  alertsByPv: ReadonlyMap<string, Alert[]>;
  onOpen: (key: string) => void;
}) {
  const { t } = useTranslation();
  const plantText = useVisualisationText();
  const headingId = `kind-${kind}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-pv-kind={kind}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t(`operate.kinds.${kind}`)}{' '}
        <Text span c="dimmed" size="sm">
          ({pvs.length})
        </Text>
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table highlightOnHover verticalSpacing={4} className="pv-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overview.columns.name')}</Table.Th>
              <Table.Th w={150}>{t('overview.columns.eks')}</Table.Th>
              <Table.Th w={190} ta="right">
                {t('overview.columns.value')}
              </Table.Th>
              <Table.Th w={150}>{t('operate.columns.time')}</Table.Th>
              <Table.Th w={130}>{t('operate.columns.limitState')}</Table.Th>
              <Table.Th w={44}>
                <VisuallyHidden>{t('operate.columns.trend')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pvs.map((pv) => {
              const key = pvKey(pv.pvRef);
              return (
                <Table.Tr
                  key={key}
                  data-pv-row={key}
                  style={{ cursor: 'pointer' }}
                  onClick={() => onOpen(key)}
                >
                  <Table.Td>
                    <button
                      type="button"
                      className="pv-row__open pv-row__name"
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(key);
                      }}
                    >
                      {pv.name}
                    </button>
                    {pv.subtype ? <span className="pv-row__subtype">{plantText(pv.subtype)}</span> : null}
                  </Table.Td>
                  <Table.Td c="dimmed">
                    <span className="pv-row__eks">{pv.eksNr}</span>
                  </Table.Td>
                  <Table.Td ta="right">
                    <PvValueCell config={pv} />
                  </Table.Td>
                  <Table.Td>
                    <PvTimestamp pvRef={pv.pvRef} />
                  </Table.Td>
                  <Table.Td>
                    <LimitState alerts={alertsByPv.get(key)} />
                  </Table.Td>
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <ActionIcon
                      component={Link}
                      to={`/charts/realtime-trendline?pv=${key}`}
                      variant="subtle"
                      size="sm"
                      aria-label={t('operate.station.trendOf', { pv: pv.name })}
                      title={t('operate.station.trend')}
                    >
                      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                        <polyline
                          points="1,12 5,7 9,9 15,3"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="1.8"
                        />
                      </svg>
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
});
