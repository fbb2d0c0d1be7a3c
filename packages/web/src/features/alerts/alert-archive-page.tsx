import type { Alert } from '@leitwarte/core';
import { Box, Button, Stack } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser, countConditions, DataList, FilterBar, type RowKey } from '../../ui/data-list';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { AlertActionBar } from './alert-action-bar';
import { ALERT_FIELD_READERS, alertColumns } from './alert-columns';
import { alertFilterFields } from './alert-fields';
import { downloadCsv } from '../../ui/archive/download-csv';
import { LimitSelect } from '../../ui/archive/limit-select';
import { ListNotices } from '../../ui/archive/list-notices';
import { PhoneSheet } from '../../ui/archive/phone-sheet';
import { ListPager, RowsPerPageSelect, usePagedRows } from '../../ui/archive/rows-per-page';
import { MessageDialog } from './message-dialog';
import {
  defaultSelection,
  fileStamp,
  resolveSelection,
  type RangeSelection,
} from '../../ui/archive/range-selection';
import { ArchiveHeader } from '../../ui/archive/archive-header';
import { TimeRangePicker } from '../../ui/archive/time-range-picker';
import { useAlertActions } from './use-alert-actions';
import { useAlertArchive } from './use-alert-archive';
import { useAlertLookups } from './use-alert-lookups';
import { useListView } from '../../ui/archive/use-list-view';
import { useMediaQuery } from '@mantine/hooks';
import { useLocaleFormat } from '../../lib/format-locale';
import { useStableCallback } from '../../lib/use-stable-callback';
import { ALERT_CARD_HEIGHT, alertCardColumn } from './alert-card';
import './alerts.css';

const alertKey = (alert: Alert) => alert.id;
// Module level: a new function on every render would render every row in view again.
const alertRowClass = (alert: Alert) => (alert.pending ? 'alert-row-pending' : undefined);
const nothingSelected: readonly Alert[] = [];

/** The alert message archive (screens §2): a time range, live updates, filters, acknowledging, export. */
export function AlertArchivePage() {
  const { t, i18n } = useTranslation();
  const [selection, setSelection] = useState<RangeSelection>(() => defaultSelection());
  // Resolved when the selection changes or the user refreshes, so rolling ranges move forward then.
  const [resolvedAt, setResolvedAt] = useState(() => Date.now());
  const window = useMemo(() => resolveSelection(selection, resolvedAt), [selection, resolvedAt]);
  const [limit, setLimit] = useState<number | undefined>(undefined);
  const archive = useAlertArchive(window, limit);
  const { priorities, stationNames, pvLabels, rights } = useAlertLookups();
  const actions = useAlertActions(rights, archive.apply);

  const count = useMemo(() => new Intl.NumberFormat(i18n.language).format, [i18n.language]);
  const formatTime = useLocaleFormat().dateTime;
  // A phone shows each alert as a card in one column; the table's columns need 1,100 px.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const acknowledgeOne = useStableCallback((alert: Alert) => actions.acknowledge([alert]));
  const onAcknowledge = actions.mayAcknowledge ? acknowledgeOne : null;
  const tableColumns = useMemo(
    () => alertColumns({ t, formatTime, priorities, stationNames, pvLabels }),
    [t, formatTime, priorities, stationNames, pvLabels],
  );
  const cardColumns = useMemo(
    () => [
      alertCardColumn({
        t,
        formatTime,
        priorities,
        stationNames,
        pvLabels,
        onAcknowledge,
        busy: actions.busy,
      }),
    ],
    [t, formatTime, priorities, stationNames, pvLabels, onAcknowledge, actions.busy],
  );
  const columns = phone ? cardColumns : tableColumns;
  // Boxes to pick rows only for who can act on the picked rows (acknowledge or delete them).
  const selectable = actions.mayAcknowledge || actions.mayDelete;
  const fields = useMemo(() => alertFilterFields(t), [t]);
  // No sort means the store's order: newest first, which live alerts keep without re-sorting.
  const view = useListView(archive.rows, tableColumns, ALERT_FIELD_READERS, null);
  const paged = usePagedRows(view.shown);
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<RowKey>>(() => new Set());
  const selected = useMemo(
    () =>
      selectedKeys.size === 0 ? nothingSelected : archive.rows.filter((alert) => selectedKeys.has(alert.id)),
    [archive.rows, selectedKeys],
  );

  const exportCsv = () =>
    downloadCsv(
      t('alerts.exportFileName', { from: fileStamp(window.start), to: fileStamp(window.end) }),
      view.toCsv(),
    );
  const change = useCallback((next: RangeSelection) => {
    setSelection(next);
    setResolvedAt(Date.now());
    setSelectedKeys(new Set());
  }, []);
  // The controls that do not show rows are the same elements while live changes arrive, so a
  // burst of alerts renders the list and its summary, not the range and limit pickers.
  const rangePicker = useMemo(
    () => <TimeRangePicker value={selection} onChange={change} />,
    [selection, change],
  );
  const limitSelect = useMemo(
    () => (
      <LimitSelect
        label={t('list.limit.label')}
        defaultLabel={t('list.limit.default')}
        value={limit}
        onChange={setLimit}
      />
    ),
    [t, limit],
  );
  const refresh = () => {
    const now = Date.now();
    const next = resolveSelection(selection, now);
    // A fixed window (yesterday, custom) keeps its query: it is loaded again as it is.
    if (next.start === window.start && next.end === window.end) archive.refetch();
    else setResolvedAt(now);
  };

  let content;
  if (archive.isPending) content = <LoadingView />;
  else if (archive.error)
    content = <ErrorView title={t('alerts.loadError')} error={archive.error} onRetry={archive.refetch} />;
  else if (archive.rows.length === 0) content = <EmptyView message={t('alerts.empty')} />;
  else
    content = (
      <Box className="alerts-list-frame">
        <DataList
          rows={paged.shown}
          columns={columns}
          rowKey={alertKey}
          ariaLabel={t('alerts.listLabel')}
          height="fill"
          sort={view.sort}
          onSortChange={view.setSort}
          visibleColumnIds={phone ? undefined : view.visibleIds}
          onVisibleColumnIdsChange={view.setVisibleIds}
          rowHeight={phone ? ALERT_CARD_HEIGHT : undefined}
          selectable={selectable}
          selectedKeys={selectedKeys}
          onSelectedKeysChange={setSelectedKeys}
          rowClassName={alertRowClass}
          emptyState={<EmptyView message={t('alerts.noMatch')} />}
        />
      </Box>
    );
  const filterCount = countConditions(view.filter);
  const controls = (
    <>
      {rangePicker}
      {limitSelect}
      <RowsPerPageSelect value={paged.pageSize} onChange={paged.setPageSize} />
      <Button variant="default" loading={archive.isFetching} onClick={refresh}>
        {t('alerts.refresh')}
      </Button>
      {phone ? null : (
        <ColumnChooser
          columns={tableColumns}
          visibleColumnIds={view.visibleIds}
          onChange={view.setVisibleIds}
        />
      )}
      <Button variant="default" disabled={view.shown.length === 0} onClick={exportCsv}>
        {t('alerts.export')}
      </Button>
    </>
  );
  const filterBar = <FilterBar fields={fields} value={view.filter} onChange={view.setFilter} />;

  return (
    <Stack gap="sm" className="alerts-page">
      <ArchiveHeader
        title={t('alerts.title')}
        summary={
          !archive.isPending && !archive.error
            ? t('alerts.summary', {
                shown: count(view.shown.length),
                loaded: count(archive.rows.length),
                count: archive.rows.length,
              })
            : null
        }
        summaryTestId="alerts-summary"
      >
        {phone ? (
          <PhoneSheet
            label={
              filterCount > 0 ? t('list.sheet.buttonActive', { count: filterCount }) : t('list.sheet.button')
            }
            title={t('list.sheet.title')}
            testId="alerts-filter"
          >
            {controls}
            {filterBar}
          </PhoneSheet>
        ) : (
          controls
        )}
      </ArchiveHeader>
      <ListNotices
        remaining={archive.remaining}
        loaded={archive.rows.length}
        limitNotice={t('alerts.limitNotice', {
          limit: count(archive.loaded),
          remaining: count(archive.remaining),
          count: archive.remaining,
        })}
        limitAdvice={t('alerts.limitAdvice')}
        largeListHint={t('alerts.largeListHint')}
      />
      {phone ? null : filterBar}
      <AlertActionBar actions={actions} selected={selected} />
      {content}
      <ListPager paged={paged} />
      <MessageDialog dialog={actions.dialog} onClose={actions.closeDialog} />
    </Stack>
  );
}
