import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { DASHBOARD_LAYOUTS, type Dashboard, type DashboardLayout } from '@leitwarte/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  copyDashboard,
  createDashboard,
  dashboardConfigQuery,
  deleteDashboard,
} from '../../../api/dashboard';
import { errorText } from '../../../api/error-text';

type Dialog = 'new' | 'copy' | 'delete' | null;

/**
 * The editor's buttons beside a dashboard (editDashboards): edit (dashboards made in the editor),
 * copy (any, also the plant's, which stay as the plant defines them), delete, and new.
 */
export function DashboardActions({
  dashboard,
  onEdit,
}: {
  dashboard: Dashboard | undefined;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [name, setName] = useState('');
  const [layout, setLayout] = useState<DashboardLayout>('FlowLayout');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const own = dashboard?.origin === 'user';

  const open = (which: Dialog) => {
    setError(null);
    setName(which === 'copy' && dashboard ? t('dashboard.editor.copyName', { name: dashboard.name }) : '');
    setLayout('FlowLayout');
    setDialog(which);
  };
  const run = async (action: () => Promise<number | null>) => {
    setBusy(true);
    setError(null);
    try {
      const next = await action();
      await queryClient.invalidateQueries({ queryKey: dashboardConfigQuery.queryKey });
      setDialog(null);
      await navigate(next === null ? '/' : `/${next}`, next === null ? undefined : { state: { edit: true } });
    } catch (e) {
      const { key, ...values } = errorText(e);
      setError(t(key, values));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {dashboard && own ? (
          <Button variant="default" onClick={onEdit}>
            {t('dashboard.editor.edit')}
          </Button>
        ) : null}
        {dashboard ? (
          <Button variant="default" onClick={() => open('copy')}>
            {own ? t('dashboard.editor.copy') : t('dashboard.editor.copyToEdit')}
          </Button>
        ) : null}
        <Button variant="default" onClick={() => open('new')}>
          {t('dashboard.editor.new')}
        </Button>
        {dashboard && own ? (
          <Button variant="subtle" color="red" onClick={() => open('delete')}>
            {t('dashboard.editor.delete')}
          </Button>
        ) : null}
      </Group>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog === 'new'
            ? t('dashboard.editor.new')
            : dialog === 'copy'
              ? t('dashboard.editor.copy')
              : t('dashboard.editor.delete')
        }
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (dialog === 'delete' && dashboard) {
              void run(async () => {
                await deleteDashboard(dashboard.id, dashboard.version);
                return null;
              });
            } else if (name.trim() !== '') {
              void run(async () =>
                dialog === 'copy' && dashboard
                  ? (await copyDashboard(dashboard.id, name.trim())).id
                  : (await createDashboard({ name: name.trim(), layout, widgets: [] })).id,
              );
            }
          }}
        >
          <Stack gap="sm">
            {dialog === 'delete' ? (
              <Text>{t('dashboard.editor.deleteConfirm', { name: dashboard?.name ?? '' })}</Text>
            ) : (
              <TextInput
                label={t('dashboard.editor.name')}
                value={name}
                maxLength={200}
                data-autofocus
                onChange={(e) => setName(e.currentTarget.value)}
              />
            )}
            {dialog === 'new' ? (
              <Select
                label={t('dashboard.editor.layout')}
                data={DASHBOARD_LAYOUTS.filter((l) => l !== 'Unspecified').map((l) => ({
                  value: l,
                  label: t(`dashboard.editor.layouts.${l}`),
                }))}
                value={layout}
                onChange={(value) => value && setLayout(value as DashboardLayout)}
                allowDeselect={false}
              />
            ) : null}
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('dashboard.editor.cancel')}
              </Button>
              <Button
                type="submit"
                loading={busy}
                color={dialog === 'delete' ? 'red' : undefined}
                disabled={dialog !== 'delete' && name.trim() === ''}
              >
                {dialog === 'delete'
                  ? t('dashboard.editor.delete')
                  : dialog === 'copy'
                    ? t('dashboard.editor.copy')
                    : t('dashboard.editor.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
