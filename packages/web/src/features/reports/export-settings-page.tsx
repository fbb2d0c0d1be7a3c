import { REPORT_EXPORT_FORMATS, type ExportSettings } from '@leitwarte/core';
import { Alert, Button, Card, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getExportSettings, saveExportSettings } from '../../api/reports';
import { errorText } from '../../api/error-text';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { ScheduledExports } from './scheduled-exports';

const SETTINGS_KEY = ['reports', 'export-settings'] as const;

/**
 * Export settings (screens §2): the own defaults of every report export — the format offered
 * first, CSV separator and decimal mark, PDF paper size and orientation. Saved on the server per
 * user (audited), so a file made anywhere follows them.
 */
export function ExportSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => getExportSettings(signal) });
  // The form edits a copy; until the user changes something it shows what the server holds.
  const [edited, setDraft] = useState<ExportSettings | null>(null);
  const draft = edited ?? query.data ?? null;
  const save = useMutation({
    mutationFn: saveExportSettings,
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });

  let content;
  if (query.isPending || !draft) content = query.isError ? null : <LoadingView />;
  if (query.isError)
    content = (
      <ErrorView
        title={t('reports.settings.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (draft) {
    const field = <K extends keyof ExportSettings>(key: K) => ({
      value: draft[key],
      onChange: (v: string | null) => {
        if (v !== null) setDraft({ ...draft, [key]: v as ExportSettings[K] });
        save.reset();
      },
      allowDeselect: false,
    });
    const reason = save.error ? errorText(save.error) : null;
    content = (
      <Card withBorder radius="md" padding="md" maw={720}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('reports.settings.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('reports.settings.format')}
              data={REPORT_EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
              {...field('format')}
            />
            <Select
              label={t('reports.settings.csvSeparator')}
              data={[
                { value: ';', label: t('reports.settings.separators.semicolon') },
                { value: ',', label: t('reports.settings.separators.comma') },
                { value: 'tab', label: t('reports.settings.separators.tab') },
              ]}
              {...field('csvSeparator')}
            />
            <Select
              label={t('reports.settings.decimalMark')}
              data={[
                { value: ',', label: t('reports.settings.decimals.comma') },
                { value: '.', label: t('reports.settings.decimals.point') },
              ]}
              {...field('decimalMark')}
            />
            <Select
              label={t('reports.settings.paperSize')}
              data={[
                { value: 'A4', label: 'A4' },
                { value: 'A3', label: 'A3' },
                { value: 'LETTER', label: 'Letter' },
              ]}
              {...field('paperSize')}
            />
            <Select
              label={t('reports.settings.orientation')}
              data={[
                { value: 'portrait', label: t('reports.settings.orientations.portrait') },
                { value: 'landscape', label: t('reports.settings.orientations.landscape') },
              ]}
              {...field('orientation')}
            />
          </SimpleGrid>
          {save.isSuccess ? (
            <Alert color="green" variant="light" role="status">
              {t('reports.settings.saved')}
            </Alert>
          ) : null}
          {reason ? (
            <Alert color="red" variant="light" role="alert" title={t('errors.saveFailed')}>
              {reason.key === 'errors.http' ? t(reason.key, { status: reason.status }) : t(reason.key)}
            </Alert>
          ) : null}
          <div>
            <Button loading={save.isPending} onClick={() => save.mutate(draft)}>
              {t('reports.settings.save')}
            </Button>
          </div>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('reports.settings.title')}
      </Title>
      {content}
      <ScheduledExports />
    </Stack>
  );
}
