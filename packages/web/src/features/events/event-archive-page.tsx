import type { ControlEvent } from '@leitwarte/core';
import { Box, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser, DataList, FilterBar } from '../../ui/data-list';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { downloadCsv } from '../../ui/archive/download-csv';
import { eventColumns, eventFieldReaders, eventFilterFields } from './event-columns';
import { LimitSelect } from '../../ui/archive/limit-select';
import { ListNotices } from '../../ui/archive/list-notices';
import { ListPager, RowsPerPageSelect, usePagedRows } from '../../ui/archive/rows-per-page';
import {
  defaultSelection,
  fileStamp,
  resolveSelection,
  type RangeSelection,
} from '../../ui/archive/range-selection';
import { ArchiveHeader } from '../../ui/archive/archive-header';
import { TimeRangePicker } from '../../ui/archive/time-range-picker';
import { useEventArchive } from './use-event-archive';
import { useListView } from '../../ui/archive/use-list-view';
import { allStationsQuery } from '../../api/station';
import { useLocaleFormat } from '../../lib/format-locale';
import { usePvLabels } from '../../lib/use-pv-labels';
import './events.css';

const eventKey = (event: ControlEvent) => event.id;

/** The system event archive (screens §2): operator actions and system events of a time range. */
export function EventArchivePage() {
  const { t, i18n } = useTranslation();
  const [selection, setSelection] = useState<RangeSelection>(() => defaultSelection());
  const [resolvedAt, setResolvedAt] = useState(() => Date.now());
  const window = useMemo(() => resolveSelection(selection, resolvedAt), [selection, resolvedAt]);
  const [limit, setLimit] = useState<number | undefined>(undefined);
  const archive = useEventArchive(window, limit);

  const count = useMemo(() => new Intl.NumberFormat(i18n.language).format, [i18n.language]);
  const formatTime = useLocaleFormat().dateTime;
  const stations = useQuery(allStationsQuery);
  const pvLabels = usePvLabels();
  const lookups = useMemo(
    () => ({
      stationNames: new Map((stations.data ?? []).map((s) => [s.stationNumber, s.name])),
      pvLabels,
    }),
    [stations.data, pvLabels],
  );
  const columns = useMemo(() => eventColumns(t, formatTime, lookups), [t, formatTime, lookups]);
  const readers = useMemo(() => eventFieldReaders(t, lookups), [t, lookups]);
  const fields = useMemo(() => eventFilterFields(t), [t]);
  const view = useListView(archive.events, columns, readers, null);
  const paged = usePagedRows(view.shown);

  const refresh = () => {
    const now = Date.now();
    const next = resolveSelection(selection, now);
    if (next.start === window.start && next.end === window.end) archive.refetch();
    else setResolvedAt(now);
  };
  const exportCsv = () =>
    downloadCsv(
      t('events.exportFileName', { from: fileStamp(window.start), to: fileStamp(window.end) }),
      view.toCsv(),
    );

  let content;
  if (archive.isPending) content = <LoadingView />;
  else if (archive.error)
    content = <ErrorView title={t('events.loadError')} error={archive.error} onRetry={archive.refetch} />;
  else if (archive.events.length === 0) content = <EmptyView message={t('events.empty')} />;
  else
    content = (
      <Box className="events-list-frame">
        <DataList
          rows={paged.shown}
          columns={columns}
          rowKey={eventKey}
          ariaLabel={t('events.listLabel')}
          height="fill"
          sort={view.sort}
          onSortChange={view.setSort}
          visibleColumnIds={view.visibleIds}
          onVisibleColumnIdsChange={view.setVisibleIds}
          emptyState={<EmptyView message={t('events.noMatch')} />}
        />
      </Box>
    );

  return (
    <Stack gap="sm">
      <ArchiveHeader
        title={t('events.title')}
        summary={
          !archive.isPending && !archive.error
            ? t('events.summary', {
                shown: count(view.shown.length),
                loaded: count(archive.events.length),
                count: archive.events.length,
              })
            : null
        }
        summaryTestId="events-summary"
      >
        <TimeRangePicker
          value={selection}
          onChange={(next) => {
            setSelection(next);
            setResolvedAt(Date.now());
          }}
        />
        <LimitSelect
          label={t('list.limit.label')}
          defaultLabel={t('list.limit.default')}
          value={limit}
          onChange={setLimit}
        />
        <RowsPerPageSelect value={paged.pageSize} onChange={paged.setPageSize} />
        <Button variant="default" loading={archive.isFetching} onClick={refresh}>
          {t('events.refresh')}
        </Button>
        <ColumnChooser columns={columns} visibleColumnIds={view.visibleIds} onChange={view.setVisibleIds} />
        <Button variant="default" disabled={view.shown.length === 0} onClick={exportCsv}>
          {t('events.export')}
        </Button>
      </ArchiveHeader>
      <ListNotices
        remaining={archive.remaining}
        loaded={archive.events.length}
        limitNotice={t('events.limitNotice', {
          limit: count(archive.events.length),
          remaining: count(archive.remaining),
          count: archive.remaining,
        })}
        limitAdvice={t('events.limitAdvice')}
        largeListHint={t('events.largeListHint')}
      />
      <FilterBar fields={fields} value={view.filter} onChange={view.setFilter} />
      {content}
      <ListPager paged={paged} />
    </Stack>
  );
}
