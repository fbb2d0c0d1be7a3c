import { summariseOverflows, type RuebConfig, type RuebEvent } from '@leitwarte/core';
import { ActionIcon, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { plantInfoQuery } from '../../api/plant-info';
import { ALL_RUEB_STATIONS, getRuebConfigs, getRuebEvents } from '../../api/protocols';
import { useLocaleFormat } from '../../lib/format-locale';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { plantToday } from './report-period';
import './reports.css';

/** The three views: every basin's year, one year month by month, one month's events. */
export type OverflowMode = 'all' | 'year' | 'month';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Seconds as h:mm, as the authorities' forms ask for overflow durations. */
export const hoursMinutes = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
};

function EventsTable({
  events,
  basins,
  timeZone,
}: {
  events: RuebEvent[];
  basins: RuebConfig[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const format = useLocaleFormat();
  const when = new Intl.DateTimeFormat(i18n.language, { timeZone, dateStyle: 'short', timeStyle: 'short' });
  const totals = summariseOverflows(events);
  const name = (id: string) => basins.find((b) => b.id === id)?.name ?? id;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder className="report-table" data-events={events.length}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.overflow.basin')}</Table.Th>
            <Table.Th>{t('reports.overflow.start')}</Table.Th>
            <Table.Th>{t('reports.overflow.end')}</Table.Th>
            <Table.Th className="report-head">{t('reports.overflow.duration')} [h:mm]</Table.Th>
            <Table.Th className="report-head">{t('reports.overflow.volume')} [m³]</Table.Th>
            <Table.Th className="report-head">{t('reports.overflow.maxLevel')} [m]</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id} data-event={e.id}>
              <Table.Td>{name(e.basinId)}</Table.Td>
              <Table.Td>{when.format(e.start)}</Table.Td>
              <Table.Td>{e.end === null ? t('reports.overflow.running') : when.format(e.end)}</Table.Td>
              <Table.Td className="report-cell">{hoursMinutes(e.duration)}</Table.Td>
              <Table.Td className="report-cell">
                {format.number(e.overflowVolume, { maximumFractionDigits: 0 })}
              </Table.Td>
              <Table.Td className="report-cell">
                {format.number(e.maxLevel, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr className="report-footer" data-footer="total">
            <Table.Th>{t('reports.overflow.total')}</Table.Th>
            <Table.Td colSpan={2}>
              {totals.count} {t('reports.overflow.count')}
            </Table.Td>
            <Table.Td className="report-cell">{hoursMinutes(totals.duration)}</Table.Td>
            <Table.Td className="report-cell" data-total-volume={totals.volume}>
              {format.number(totals.volume, { maximumFractionDigits: 0 })}
            </Table.Td>
            <Table.Td className="report-cell">
              {totals.maxLevel === null
                ? ''
                : format.number(totals.maxLevel, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Totals per row (a basin or a month) with the year's total, as the annual overflow report lists them. */
function TotalsTable({
  rows,
  labelHead,
}: {
  rows: { key: string; label: string; events: RuebEvent[] }[];
  labelHead: string;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const all = summariseOverflows(rows.flatMap((r) => r.events));
  const line = (label: string, s: ReturnType<typeof summariseOverflows>, key: string, footer = false) => (
    <Table.Tr key={key} className={footer ? 'report-footer' : undefined} data-summary={key}>
      <Table.Td>{label}</Table.Td>
      <Table.Td className="report-cell">{s.count}</Table.Td>
      <Table.Td className="report-cell">{hoursMinutes(s.duration)}</Table.Td>
      <Table.Td className="report-cell">{format.number(s.volume, { maximumFractionDigits: 0 })}</Table.Td>
      <Table.Td className="report-cell">
        {s.maxLevel === null
          ? ''
          : format.number(s.maxLevel, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder className="report-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{labelHead}</Table.Th>
            <Table.Th className="report-head">{t('reports.overflow.count')}</Table.Th>
            <Table.Th className="report-head">{t('reports.overflow.duration')} [h:mm]</Table.Th>
            <Table.Th className="report-head">{t('reports.overflow.volume')} [m³]</Table.Th>
            <Table.Th className="report-head">{t('reports.overflow.maxLevel')} [m]</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows.map((r) => line(r.label, summariseOverflows(r.events), r.key))}</Table.Tbody>
        <Table.Tfoot>{line(t('reports.overflow.total'), all, 'total', true)}</Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Stormwater overflow basin (RÜB) reports (screens §2): the overflow events of each basin with
 * start, end, duration, volume and maximum level, and their totals per basin, month and year —
 * what the annual overflow report to the water authority lists. All basins or one; the year and
 * month are in the address (`?basin=…&year=2026&month=3`).
 */
export function OverflowPage({ mode }: { mode: OverflowMode }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const plant = useQuery(plantInfoQuery);
  const timeZone = plant.data?.timeZone ?? 'UTC';
  const today = plantToday(timeZone);
  const year = Number(params.get('year')) || today.year;
  const askedMonth = Number(params.get('month'));
  const month = askedMonth >= 1 && askedMonth <= 12 ? askedMonth : today.month;
  const basinId = params.get('basin') ?? 'all';

  const configs = useQuery({
    queryKey: ['rueb', 'configs'],
    queryFn: async ({ signal }) => {
      const reply = await getRuebConfigs(signal);
      if (reply.status === 'Failed') throw new Error(reply.errorMessage);
      return reply.data;
    },
  });
  const basin = configs.data?.find((b) => b.id === basinId);
  const station = basin ? basin.stationNr : ALL_RUEB_STATIONS;
  const wantedMonth = mode === 'month' ? month : 0;
  const events = useQuery({
    queryKey: ['rueb', 'events', station, year, wantedMonth],
    queryFn: async ({ signal }) => {
      const reply = await getRuebEvents(station, year, wantedMonth, signal);
      if (reply.status === 'Failed') throw new Error(reply.errorMessage);
      return reply.data;
    },
    enabled: configs.isSuccess,
  });

  const set = (key: string, value: string) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      out.set(key, value);
      return out;
    });
  const monthName = (m: number) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2001, m - 1, 15),
    );
  const title =
    mode === 'all'
      ? t('reports.overflow.title')
      : mode === 'year'
        ? t('reports.overflow.titleYear')
        : t('reports.overflow.titleMonth');

  let content;
  if (configs.isPending || plant.isPending) content = <LoadingView />;
  else if (configs.isError)
    content = <ErrorView title={t('reports.overflow.loadFailed')} onRetry={() => void configs.refetch()} />;
  else if (configs.data.length === 0) content = <EmptyView message={t('reports.overflow.noBasins')} />;
  else if (events.isError)
    content = <ErrorView title={t('reports.overflow.loadFailed')} onRetry={() => void events.refetch()} />;
  else if (!events.data) content = <LoadingView />;
  else {
    const shown = events.data.filter((e) => !basin || e.basinId === basin.id);
    const basins = basin ? [basin] : configs.data;
    content = (
      <Stack gap="md" className="report-print-area">
        <div className="report-print-title">
          <Title order={2} size="h4">
            {title} — {basin?.name ?? t('reports.overflow.allBasins')} —{' '}
            {mode === 'month' ? `${monthName(month)} ` : ''}
            {year}
          </Title>
        </div>
        {mode === 'all' ? (
          <TotalsTable
            labelHead={t('reports.overflow.basin')}
            rows={basins.map((b) => ({
              key: b.id,
              label: t('reports.overflow.basinInfo', {
                name: b.name,
                station: b.stationNr,
                volume: b.volume,
              }),
              events: shown.filter((e) => e.basinId === b.id),
            }))}
          />
        ) : null}
        {mode === 'year' ? (
          <>
            <Title order={2} size="h5">
              {t('reports.overflow.byMonth')}
            </Title>
            <TotalsTable
              labelHead={t('reports.overflow.month')}
              rows={MONTHS.map((m) => ({
                key: String(m),
                label: monthName(m),
                events: shown.filter((e) => plantToday(timeZone, e.start).month === m),
              }))}
            />
          </>
        ) : null}
        <Title order={2} size="h5">
          {t('reports.overflow.events')}
        </Title>
        {shown.length === 0 ? (
          <EmptyView message={t('reports.overflow.none')} />
        ) : (
          <EventsTable events={shown} basins={configs.data} timeZone={timeZone} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2" className="report-no-print">
        {title}
      </Title>
      <Group gap="sm" align="flex-end" className="report-no-print">
        <Select
          label={t('reports.overflow.basin')}
          data={[
            { value: 'all', label: t('reports.overflow.allBasins') },
            ...(configs.data ?? []).map((b) => ({ value: b.id, label: b.name })),
          ]}
          value={basin ? basin.id : 'all'}
          onChange={(v) => v && set('basin', v)}
          allowDeselect={false}
          w={{ base: '100%', sm: 300 }}
        />
        <Group gap={4} align="flex-end" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('reports.previous')}
            onClick={() => set('year', String(year - 1))}
          >
            ‹
          </ActionIcon>
          <Select
            label={t('reports.overflow.year')}
            data={Array.from({ length: 11 }, (_, i) => String(today.year - i))}
            value={String(year)}
            onChange={(v) => v && set('year', v)}
            allowDeselect={false}
            w={110}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('reports.next')}
            onClick={() => set('year', String(year + 1))}
          >
            ›
          </ActionIcon>
        </Group>
        {mode === 'month' ? (
          <Select
            label={t('reports.overflow.month')}
            data={MONTHS.map((m) => ({ value: String(m), label: monthName(m) }))}
            value={String(month)}
            onChange={(v) => v && set('month', v)}
            allowDeselect={false}
            w={160}
          />
        ) : null}
        <Text size="xs" c="dimmed">
          {t('reports.plantTime', { zone: timeZone })}
        </Text>
      </Group>
      {content}
    </Stack>
  );
}
