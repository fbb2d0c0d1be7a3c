import {
  hasRight,
  parsePvKey,
  pvKey,
  savedDraft,
  type Annotation,
  type AnnotationDraft,
} from '@leitwarte/core';
import { Box, Button, Group, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rightsQuery } from '../../../api/user-management';
import { defaultSelection, resolveSelection, type RangeSelection } from '../../../ui/archive/range-selection';
import { ArchiveHeader } from '../../../ui/archive/archive-header';
import { TimeRangePicker } from '../../../ui/archive/time-range-picker';
import { DataList, type DataListSort, type RowKey } from '../../../ui/data-list';
import { EmptyView, ErrorView, LoadingView } from '../../../ui/status-views';
import { annotationColumns, matchesSearch } from './annotation-columns';
import { AnnotationDialog } from './annotation-dialog';
import { annotationDraftAt } from './annotation-drafts';
import { ConfirmDialog, FailureDialog, type ConfirmRequest } from './message-dialogs';
import { plantPvsQuery, pvConfigMap, pvLabel, pvOptionsOf } from './plant-pvs';
import { useAnnotations } from './use-annotations';

const annotationKey = (a: Annotation) => a.id;
const noRows: readonly Annotation[] = [];

/**
 * The annotation overview (screens §2): the annotations of a time range (default the last 7 days,
 * like the other archives) with PV, text, visibility and report flags; search, edit, delete.
 */
export function AnnotationsPage() {
  const { t, i18n } = useTranslation();
  const [selection, setSelection] = useState<RangeSelection>(() => defaultSelection());
  const [resolvedAt, setResolvedAt] = useState(() => Date.now());
  const window = useMemo(() => resolveSelection(selection, resolvedAt), [selection, resolvedAt]);
  // A rolling range asks without an end, so an annotation made just now is in the list too.
  const list = useAnnotations({ start: window.start, end: window.followsNow ? undefined : window.end });
  const { writes } = list;
  const plantPvs = useQuery(plantPvsQuery);
  const rights = useQuery(rightsQuery);
  const canEdit = rights.data !== undefined && hasRight(rights.data, 'editAnnotations');
  const pvConfigs = useMemo(() => pvConfigMap(plantPvs.data), [plantPvs.data]);
  const pvOptions = useMemo(() => pvOptionsOf([...pvConfigs.values()]), [pvConfigs]);

  const formatTime = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
    return (ms: number) => format.format(ms);
  }, [i18n.language]);
  const columns = useMemo(() => annotationColumns(t, formatTime, pvConfigs), [t, formatTime, pvConfigs]);
  const [search, setSearch] = useState('');
  // Newest first: the overview is mostly opened to find what was noted lately.
  const [sort, setSort] = useState<DataListSort>({ columnId: 'timestamp', direction: 'desc' });
  const shown = useMemo(
    () =>
      search.trim() === ''
        ? list.annotations
        : list.annotations.filter((a) =>
            matchesSearch(search, [a.text, pvLabel(pvConfigs.get(pvKey(a.pv)), a.pv)]),
          ),
    [list.annotations, search, pvConfigs],
  );
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<RowKey>>(() => new Set());
  const selected = useMemo(
    () => (selectedKeys.size === 0 ? noRows : shown.filter((a) => selectedKeys.has(a.id))),
    [shown, selectedKeys],
  );
  const [draft, setDraft] = useState<AnnotationDraft | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const change = (next: RangeSelection) => {
    setSelection(next);
    setResolvedAt(Date.now());
    setSelectedKeys(new Set());
  };
  const refresh = () => {
    const now = Date.now();
    const next = resolveSelection(selection, now);
    // A fixed window (yesterday, custom) keeps its query: it is loaded again as it is.
    if (next.start === window.start && next.end === window.end) list.refetch();
    else setResolvedAt(now);
  };
  const edit = (annotation: Annotation) => setDraft(savedDraft(annotation));
  const create = () => {
    const first = pvOptions[0] ? parsePvKey(pvOptions[0].value) : null;
    if (first) setDraft(annotationDraftAt(Date.now(), first));
  };
  const askDelete = () => {
    const ids = selected.map((a) => a.id);
    setConfirm({
      title: t('charts.annotations.delete.confirmTitle'),
      message: t('charts.annotations.delete.confirmMany', { count: ids.length }),
      confirmLabel: t('charts.annotations.delete.action'),
      onConfirm: () =>
        void writes.remove(ids).then((deleted) => {
          if (deleted) setSelectedKeys(new Set());
        }),
    });
  };

  let content;
  if (list.isPending) content = <LoadingView />;
  else if (list.error)
    content = (
      <ErrorView title={t('charts.annotations.loadError')} error={list.error} onRetry={list.refetch} />
    );
  else if (list.annotations.length === 0) content = <EmptyView message={t('charts.annotations.empty')} />;
  else
    content = (
      <Box style={{ height: 'max(320px, calc(100vh - 300px))' }}>
        <DataList
          rows={shown}
          columns={columns}
          rowKey={annotationKey}
          ariaLabel={t('charts.annotations.listLabel')}
          height="fill"
          sort={sort}
          onSortChange={setSort}
          selectedKeys={selectedKeys}
          onSelectedKeysChange={setSelectedKeys}
          onRowActivate={edit}
          emptyState={<EmptyView message={t('charts.annotations.noMatch')} />}
        />
      </Box>
    );

  return (
    <Stack gap="sm">
      <ArchiveHeader
        title={t('charts.annotations.title')}
        summary={
          !list.isPending && !list.error
            ? t('charts.annotations.summary', { shown: shown.length, loaded: list.annotations.length })
            : null
        }
        summaryTestId="annotations-summary"
      >
        <TimeRangePicker value={selection} onChange={change} />
        <TextInput
          label={t('charts.annotations.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={220}
        />
        <Button variant="default" loading={list.isFetching} onClick={refresh}>
          {t('charts.annotations.refresh')}
        </Button>
      </ArchiveHeader>
      <Group gap="xs">
        {canEdit ? (
          <Button disabled={writes.busy || pvOptions.length === 0} onClick={create}>
            {t('charts.annotations.new')}
          </Button>
        ) : null}
        <Button
          variant="default"
          disabled={selected.length !== 1}
          onClick={() => selected[0] && edit(selected[0])}
        >
          {canEdit ? t('charts.annotations.edit') : t('charts.annotations.open')}
        </Button>
        {canEdit ? (
          <Button
            variant="default"
            color="red"
            disabled={writes.busy || selected.length === 0}
            onClick={askDelete}
          >
            {t('charts.annotations.delete.selected', { count: selected.length })}
          </Button>
        ) : null}
      </Group>
      {content}
      <AnnotationDialog
        opened={draft !== null}
        draft={draft}
        pvOptions={pvOptions}
        canEdit={canEdit}
        writes={writes}
        onClose={() => setDraft(null)}
        onDeleted={(id) => setSelectedKeys((keys) => new Set([...keys].filter((key) => key !== id)))}
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      <FailureDialog failure={writes.failure} onClose={writes.clearFailure} />
    </Stack>
  );
}
