import {
  ALL_STATIONS,
  decodePvNr,
  isValidTimeOfDay,
  pvKey,
  timeOfDayToNumber,
  type PvAllItem,
  type TimeOfDayValue,
} from '@leitwarte/core';
import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAllPvs, setPvValues } from '../../api/pv';
import { allStationsQuery } from '../../api/station';
import { usePvValue } from '../../live/use-pv-value';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { StationSelect } from './station-select';
import { useLiveRuntimes } from './use-live-runtimes';
import { useMachineRight } from './use-machine-right';
import './maintenance.css';

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (t: TimeOfDayValue) => `${pad(t.hour)}:${pad(t.minutes)}`;
const parseHhmm = (text: string): TimeOfDayValue | null => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const value = { hour: Number(match[1]), minutes: Number(match[2]) };
  return isValidTimeOfDay(value) ? value : null;
};
/** A domain bound of a time of day, itself hour*256+minutes, as a clock time. */
const boundText = (n: number) => hhmm({ hour: Math.floor(n / 256), minutes: n % 256 });

type Problem =
  { key: 'outside'; range: string } | { key: 'notSaved'; message: string } | { key: 'invalid' } | null;

/** One switching time: its live value and, with the right, the field that writes it. */
function TimeRow({ item, stationName }: { item: PvAllItem; stationName: string }) {
  const { t } = useTranslation();
  const ref = item.config.pvRef;
  const key = pvKey(ref);
  const live = usePvValue(key);
  const value = live ?? item.value;
  const current = value?.type === 'TimeOfDayValue' ? hhmm(value.timeOfDayValue) : '';
  const canWrite = useMachineRight(ref, 'writeValues');
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  const save = async () => {
    setProblem(null);
    const next = parseHhmm(draft ?? current);
    if (!next) return setProblem({ key: 'invalid' });
    // The set-values flow (screens §4): the domain limits first, compared as hour*256+minutes.
    const min = item.config.domainConfig?.min ?? null;
    const max = item.config.domainConfig?.max ?? null;
    const n = timeOfDayToNumber(next);
    if ((min !== null && n < min) || (max !== null && n > max)) {
      const range =
        min !== null && max !== null
          ? t('validation.validRange', { min: boundText(min), max: boundText(max) })
          : min !== null
            ? t('dialogs.valuesOutsideLimits.minOnly', { min: boundText(min) })
            : t('dialogs.valuesOutsideLimits.maxOnly', { max: boundText(max ?? 0) });
      return setProblem({ key: 'outside', range });
    }
    setSaving(true);
    const reply = await setPvValues([{ pvRef: ref, type: 'TimeOfDayValue', timeOfDayValue: next }]);
    setSaving(false);
    if (reply.status === 'Success' && reply.missingPvs.length === 0) setDraft(null);
    else
      setProblem({
        key: 'notSaved',
        message: [reply.errorMessage, ...reply.missingPvs.map(pvKey), ...reply.unauthorizedPvs.map(pvKey)]
          .filter(Boolean)
          .join(' '),
      });
  };

  return (
    <Table.Tr data-pv={key}>
      <Table.Td>{stationName}</Table.Td>
      <Table.Td>
        <Text size="sm">{item.config.name}</Text>
        <Text size="xs" c="dimmed">
          {item.config.eksNr} · {key}
        </Text>
      </Table.Td>
      <Table.Td className="maintenance-nowrap" data-cell="time">
        {current}
      </Table.Td>
      <Table.Td>
        {canWrite ? (
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                type="time"
                aria-label={t('maintenance.timeControl.newTime', { name: item.config.name })}
                value={draft ?? current}
                onChange={(e) => setDraft(e.currentTarget.value)}
                w={130}
                data-field="time"
              />
              <Button
                size="sm"
                onClick={() => void save()}
                loading={saving}
                disabled={draft === null || draft === current}
              >
                {t('maintenance.timeControl.set')}
              </Button>
            </Group>
            {problem ? (
              <Alert color="red" role="alert" p="xs">
                {problem.key === 'outside'
                  ? `${t('dialogs.valuesOutsideLimits.title')}: ${t('dialogs.valuesOutsideLimits.text', {
                      value: draft,
                      pv: item.config.name,
                      range: problem.range,
                    })}`
                  : problem.key === 'invalid'
                    ? t('validation.enterValue')
                    : `${t('dialogs.valuesNotSaved.title')}: ${problem.message}`}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Time control table (screens §2): every switching time (time-of-day outputs of pumps, aerators,
 * filter backwash) of the selected station, live, edited in place and written through the
 * set-values flow; the server checks and audits every write.
 */
export function TimeControlPage() {
  const { t } = useTranslation();
  const [stationNr, setStationNr] = useState(ALL_STATIONS);
  const query = useQuery({ queryKey: ['pv', 'all'], queryFn: ({ signal }) => getAllPvs(signal) });
  const stations = useQuery(allStationsQuery);
  const names = new Map((stations.data ?? []).map((s) => [s.stationNumber, s.name]));
  const items = useMemo(
    () =>
      (query.data ?? []).filter(
        (item) =>
          item.config.valueType === 'TimeOfDayValue' &&
          item.config.pvRef.type === 'AnaOut' &&
          (stationNr === ALL_STATIONS || decodePvNr(item.config.pvRef).station === stationNr),
      ),
    [query.data, stationNr],
  );
  const refs = useMemo(() => items.map((item) => item.config.pvRef), [items]);
  useLiveRuntimes(refs, () => void query.refetch());

  let content;
  if (query.isPending) content = <LoadingView />;
  else if (query.isError)
    content = (
      <ErrorView
        title={t('maintenance.timeControl.loadFailed')}
        error={query.error}
        onRetry={query.refetch}
      />
    );
  else if (items.length === 0) content = <EmptyView message={t('maintenance.timeControl.empty')} />;
  else
    content = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped aria-label={t('maintenance.timeControl.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('maintenance.columns.station')}</Table.Th>
              <Table.Th>{t('maintenance.timeControl.pv')}</Table.Th>
              <Table.Th>{t('maintenance.timeControl.time')}</Table.Th>
              <Table.Th>{t('maintenance.timeControl.change')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <TimeRow
                key={pvKey(item.config.pvRef)}
                item={item}
                stationName={names.get(decodePvNr(item.config.pvRef).station ?? -1) ?? ''}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('maintenance.timeControl.title')}
      </Title>
      <StationSelect value={stationNr} onChange={setStationNr} />
      {content}
    </Stack>
  );
}
