import {
  ALL_STATIONS,
  decodePvNr,
  isValidTimeOfDay,
  pvKey,
  timeOfDayToNumber,
  type PvAllItem,
  type TimeOfDayValue,
  WEEKDAYS,
  type SwitchingPoint,
  type SwitchingProgram,
  type Weekday,
} from '@leitwarte/core';
import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAllPvs, setPvValues } from '../../api/pv';
import { getSwitchingPrograms } from '../../api/maintenance';
import { allStationsQuery } from '../../api/station';
import { intlLocale } from '../../i18n/languages';
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

/**
 * Writing one switching time through the set-values flow (screens §4): the domain limits first,
 * compared as hour*256+minutes, then the server, which checks again and audits the write.
 */
function useTimeWrite(item: PvAllItem) {
  const { t } = useTranslation();
  const ref = item.config.pvRef;
  const live = usePvValue(pvKey(ref));
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
  return { item, current, canWrite, draft, setDraft, saving, problem, save };
}

/** The time field with its set button, and the set-values dialogs' message when a write is refused. */
function TimeEditor({ write, label }: { write: ReturnType<typeof useTimeWrite>; label: string }) {
  const { t } = useTranslation();
  const { item, current, draft, setDraft, saving, problem, save } = write;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          type="time"
          aria-label={label}
          value={draft ?? current}
          onChange={(e) => setDraft(e.currentTarget.value)}
          w={120}
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
  );
}

/** One switching time: its live value and, with the right, the field that writes it. */
function TimeRow({ item, stationName }: { item: PvAllItem; stationName: string }) {
  const { t } = useTranslation();
  const key = pvKey(item.config.pvRef);
  const write = useTimeWrite(item);
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
        {write.current}
      </Table.Td>
      <Table.Td>
        {write.canWrite ? (
          <TimeEditor
            write={write}
            label={t('maintenance.timeControl.newTime', { name: item.config.name })}
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** Monday to Sunday in the user's language (1 January 2024 was a Monday). */
function useWeekdayNames(): Record<Weekday, string> {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale(i18n.language), { weekday: 'long', timeZone: 'UTC' });
    return Object.fromEntries(
      WEEKDAYS.map((day, i) => [day, format.format(new Date(Date.UTC(2024, 0, 1 + i)))]),
    ) as Record<Weekday, string>;
  }, [i18n.language]);
}

/** A switching point of a program: on or off, its live time and, with the right, its editor. */
function PointCell({
  point,
  item,
  day,
  machine,
}: {
  point: SwitchingPoint;
  item: PvAllItem;
  day: string;
  machine: string;
}) {
  const { t } = useTranslation();
  const write = useTimeWrite(item);
  const switchText = t(point.switch === 'on' ? 'maintenance.timeControl.on' : 'maintenance.timeControl.off');
  return (
    <Stack gap={2} data-pv={pvKey(point.pvRef)} data-switch={point.switch} className="time-program-point">
      <Text size="xs" c="dimmed">
        {switchText}
      </Text>
      {write.canWrite ? (
        <TimeEditor
          write={write}
          label={t('maintenance.timeControl.pointTime', { day, switch: switchText, name: machine })}
        />
      ) : (
        <Text size="sm" data-cell="time">
          {write.current}
        </Text>
      )}
    </Stack>
  );
}

/** A machine's week: weekday rows, its switching points in order, each edited in place. */
function ProgramTable({
  program,
  items,
  stationName,
}: {
  program: SwitchingProgram;
  items: ReadonlyMap<string, PvAllItem>;
  stationName: string;
}) {
  const { t } = useTranslation();
  const days = useWeekdayNames();
  const machine = items.get(pvKey(program.machine));
  return (
    <Stack gap="xs" data-program={program.id}>
      <div>
        <Title order={3} size="h4">
          {program.name}
        </Title>
        <Text size="xs" c="dimmed">
          {stationName} · {machine?.config.name ?? ''} · {pvKey(program.machine)}
        </Text>
      </div>
      <Table aria-label={program.name} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={130}>{t('maintenance.timeControl.weekday')}</Table.Th>
            <Table.Th>{t('maintenance.timeControl.points')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {program.days.map(({ day, points }) => (
            <Table.Tr key={day} data-day={day}>
              <Table.Td>{days[day]}</Table.Td>
              <Table.Td>
                {points.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('maintenance.timeControl.noPoints')}
                  </Text>
                ) : (
                  <Group gap="md" align="flex-start">
                    {points.map((point) => {
                      const item = items.get(pvKey(point.pvRef));
                      return item ? (
                        <PointCell
                          key={pvKey(point.pvRef)}
                          point={point}
                          item={item}
                          day={days[day]}
                          machine={program.name}
                        />
                      ) : null;
                    })}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * Time control table (screens §2): the weekly switching programs of the station's machines and
 * every further switching time (time-of-day outputs of pumps, aerators, valves, filter backwash)
 * of the selected station, live, edited in place and written through the set-values flow; the
 * server checks and audits every write.
 */
export function TimeControlPage() {
  const { t } = useTranslation();
  const [stationNr, setStationNr] = useState(ALL_STATIONS);
  const query = useQuery({ queryKey: ['pv', 'all'], queryFn: ({ signal }) => getAllPvs(signal) });
  const programs = useQuery({
    queryKey: ['maintenance', 'switching-programs', stationNr],
    queryFn: ({ signal }) => getSwitchingPrograms(stationNr, signal),
  });
  const stations = useQuery(allStationsQuery);
  const names = new Map((stations.data ?? []).map((s) => [s.stationNumber, s.name]));
  const byKey = useMemo(
    () => new Map((query.data ?? []).map((item) => [pvKey(item.config.pvRef), item])),
    [query.data],
  );
  /** Switching PVs of a program are shown in its week, not again in the list below. */
  const inPrograms = useMemo(
    () =>
      new Set(
        (programs.data ?? []).flatMap((p) =>
          p.days.flatMap((d) => d.points.map((point) => pvKey(point.pvRef))),
        ),
      ),
    [programs.data],
  );
  const items = useMemo(
    () =>
      (query.data ?? []).filter(
        (item) =>
          item.config.valueType === 'TimeOfDayValue' &&
          item.config.pvRef.type === 'AnaOut' &&
          !inPrograms.has(pvKey(item.config.pvRef)) &&
          (stationNr === ALL_STATIONS || decodePvNr(item.config.pvRef).station === stationNr),
      ),
    [query.data, stationNr, inPrograms],
  );
  const refs = useMemo(() => items.map((item) => item.config.pvRef), [items]);
  useLiveRuntimes(refs, () => void query.refetch());

  let content;
  if (query.isPending || programs.isPending) content = <LoadingView />;
  else if (query.isError || programs.isError)
    content = (
      <ErrorView
        title={t('maintenance.timeControl.loadFailed')}
        error={query.error ?? programs.error}
        onRetry={() => {
          void query.refetch();
          void programs.refetch();
        }}
      />
    );
  else if (items.length === 0 && programs.data.length === 0)
    content = <EmptyView message={t('maintenance.timeControl.empty')} />;
  else
    content = (
      <Stack gap="lg">
        {programs.data.length > 0 ? (
          <Stack gap="md" data-section="programs">
            <Title order={2} size="h3">
              {t('maintenance.timeControl.programs')}
            </Title>
            {programs.data.map((program) => (
              <ProgramTable
                key={program.id}
                program={program}
                items={byKey}
                stationName={names.get(program.stationNr) ?? ''}
              />
            ))}
          </Stack>
        ) : null}
        {items.length > 0 ? (
          <Stack gap="md" data-section="times">
            {programs.data.length > 0 ? (
              <Title order={2} size="h3">
                {t('maintenance.timeControl.otherTimes')}
              </Title>
            ) : null}
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
          </Stack>
        ) : null}
      </Stack>
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
