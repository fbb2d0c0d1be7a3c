import {
  REPORT_EXPORT_FORMATS,
  SCHEDULED_EXPORT_KINDS,
  type ReportExportFormat,
  type ScheduledExport,
  type ScheduledExportInput,
} from '@leitwarte/core';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import {
  createScheduledExport,
  deleteScheduledExport,
  getReportConfigs,
  getScheduledExports,
} from '../../api/reports';
import { useLocaleFormat } from '../../lib/format-locale';
import { TimeField } from '../../ui/date-time-field';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';

const LIST_KEY = ['reports', 'scheduled-exports'] as const;
/** The run list is read again this often, so a run that just happened shows its status. */
const REFRESH_MS = 30_000;

const STATUS_COLOR = { Running: 'blue', Success: 'green', Failed: 'red' } as const;

function useErrorMessage() {
  const { t } = useTranslation();
  return (error: unknown) => {
    const reason = errorText(error);
    const fallback = reason.key === 'errors.http' ? t(reason.key, { status: reason.status }) : t(reason.key);
    return error instanceof Error && error.message ? error.message : fallback;
  };
}

function AddForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const message = useErrorMessage();
  const configs = useQuery({
    queryKey: ['reports', 'configs'],
    queryFn: ({ signal }) => getReportConfigs(signal),
  });
  const choices = (configs.data ?? []).filter((c) =>
    (SCHEDULED_EXPORT_KINDS as readonly string[]).includes(c.kind),
  );
  const [configId, setConfigId] = useState<string | null>(null);
  const [format, setFormat] = useState<ReportExportFormat>('xlsx');
  const [timeOfDay, setTimeOfDay] = useState('06:00');
  const [folder, setFolder] = useState('');
  const [recipients, setRecipients] = useState('');
  const create = useMutation({
    mutationFn: createScheduledExport,
    onSuccess: () => {
      setFolder('');
      setRecipients('');
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
  const config = choices.find((c) => String(c.id) === configId);
  const submit = () => {
    if (!config) return;
    create.mutate({
      configId: config.id,
      kind: config.kind as ScheduledExportInput['kind'],
      format,
      timeOfDay,
      folder: folder.trim(),
      recipients: recipients
        .split(',')
        .map((r) => r.trim())
        .filter((r) => r !== ''),
    });
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Select
          label={t('reports.scheduled.report')}
          data={choices.map((c) => ({
            value: String(c.id),
            label: `${c.name} (${t(`reports.scheduled.kinds.${c.kind as ScheduledExportInput['kind']}`)})`,
          }))}
          value={configId}
          onChange={setConfigId}
        />
        <Select
          label={t('reports.scheduled.format')}
          data={REPORT_EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
          value={format}
          onChange={(v) => v && setFormat(v as ReportExportFormat)}
          allowDeselect={false}
        />
        <TimeField label={t('reports.scheduled.time')} value={timeOfDay} onChange={setTimeOfDay} />
        <TextInput
          label={t('reports.scheduled.folder')}
          description={t('reports.scheduled.folderHint')}
          value={folder}
          onChange={(e) => setFolder(e.currentTarget.value)}
        />
        <TextInput
          label={t('reports.scheduled.recipients')}
          description={t('reports.scheduled.recipientsHint')}
          value={recipients}
          onChange={(e) => setRecipients(e.currentTarget.value)}
        />
      </SimpleGrid>
      {create.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('reports.scheduled.saveFailed')}>
          {message(create.error)}
        </Alert>
      ) : null}
      <div>
        <Button onClick={submit} loading={create.isPending} disabled={!config || folder.trim() === ''}>
          {t('reports.scheduled.add')}
        </Button>
      </div>
    </Stack>
  );
}

function ExportRow({ item }: { item: ScheduledExport }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteScheduledExport(item.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
  const last = item.runs[0];
  return (
    <Table.Tr data-scheduled-export={item.id}>
      <Table.Td>
        <Text size="sm">{item.reportName}</Text>
        <Text size="xs" c="dimmed">
          {t(`reports.scheduled.kinds.${item.kind}`)} · {item.timeOfDay} · {item.format.toUpperCase()}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.folder}</Text>
        {item.recipients.length > 0 ? (
          <Text size="xs" c="dimmed">
            {item.recipients.join(', ')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td data-last-run={last?.status ?? 'none'}>
        {last ? (
          <Stack gap={2}>
            <Group gap={6}>
              <Badge color={STATUS_COLOR[last.status]} variant="light">
                {t(`reports.scheduled.status.${last.status}`)}
              </Badge>
              <Text size="xs">
                {t('reports.scheduled.period')} {last.period}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {format.dateTime(last.ranAt)} · {last.message}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('reports.scheduled.never')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          loading={remove.isPending}
          aria-label={t('reports.scheduled.deleteOf', { name: item.reportName })}
          onClick={() => remove.mutate()}
        >
          {t('reports.scheduled.delete')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Scheduled exports (screens §2 export settings): the own list with each one's last run, and a form to add one. */
export function ScheduledExports() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => getScheduledExports(signal),
    refetchInterval: REFRESH_MS,
  });
  let list;
  if (query.isPending) list = <LoadingView />;
  else if (query.isError)
    list = (
      <ErrorView
        title={t('reports.scheduled.title')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.length === 0) list = <EmptyView message={t('reports.scheduled.none')} />;
  else
    list = (
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.scheduled.report')}</Table.Th>
              <Table.Th>{t('reports.scheduled.folder')}</Table.Th>
              <Table.Th>{t('reports.scheduled.lastRun')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((item) => (
              <ExportRow key={item.id} item={item} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('reports.scheduled.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reports.scheduled.hint')}
        </Text>
        {list}
        <AddForm />
      </Stack>
    </Card>
  );
}
