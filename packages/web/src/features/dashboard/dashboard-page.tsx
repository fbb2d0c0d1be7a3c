import { Button, Group, Select, Skeleton, Stack, Title } from '@mantine/core';
import { hasRight } from '@leitwarte/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { dashboardConfigQuery } from '../../api/dashboard';
import { rightsQuery, userInfoQuery } from '../../api/user-management';
import { intlLocale } from '../../i18n/languages';
import { chooseDashboard, setStartDashboard, useStartDashboard } from '../../lib/start-dashboard';
import { dashboardHub } from '../../live/dashboard-hub';
import { EmptyView, ErrorView } from '../../ui/status-views';
import { DashboardWidgets } from './dashboard-layout';
import { DashboardActions } from './editor/dashboard-actions';
import { DashboardEditor } from './editor/dashboard-editor';
import type { WidgetContext } from './widget-frame';
import './dashboard.css';

function LoadingWidgets() {
  const { t } = useTranslation();
  return (
    <div className="dash-layout dash-layout--flow" role="status" aria-label={t('app.loading')}>
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} height={180} radius="md" className="dash-widget dash-widget--small" />
      ))}
    </div>
  );
}

/**
 * A dashboard (screens §2): `/` shows the user's start dashboard (the plant's default until the
 * user picks another), `/{id}` any dashboard; a switcher lists every dashboard. States of
 * screens §4: loading, error, and "selection not complete" when there is nothing to show.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const requested = params.dashboardId === undefined ? null : Number(params.dashboardId);
  const config = useQuery(dashboardConfigQuery);
  const user = useQuery(userInfoQuery);
  const rights = useQuery(rightsQuery);
  const username = user.data?.username ?? null;
  const start = useStartDashboard(username);
  const id = config.data ? chooseDashboard(requested, start, config.data) : null;
  const dashboard = config.data?.dashboards.find((d) => d.id === id);
  const context = useMemo<WidgetContext>(
    () => ({
      canEdit: rights.data !== undefined && hasRight(rights.data, 'editDashboards'),
      locale: intlLocale(i18n.resolvedLanguage ?? i18n.language),
    }),
    [rights.data, i18n.resolvedLanguage, i18n.language],
  );

  const shownId = dashboard?.id;
  useEffect(() => (shownId === undefined ? undefined : dashboardHub.watch(shownId)), [shownId]);

  // Dashboards made, saved or deleted anywhere show here at once (the list and this dashboard).
  const queryClient = useQueryClient();
  useEffect(
    () =>
      dashboardHub.onChange(() => {
        void queryClient.invalidateQueries({ queryKey: dashboardConfigQuery.queryKey });
      }),
    [queryClient],
  );

  // A dashboard just made or copied opens in the editor (the navigation's state says so).
  const location = useLocation();
  const [editingId, setEditingId] = useState<number | null>(null);
  const arrivedToEdit = (location.state as { edit?: boolean } | null)?.edit === true;
  const canEdit = config.data?.currentUserCanEdit === true;
  const editing =
    canEdit &&
    dashboard !== undefined &&
    dashboard.origin === 'user' &&
    (dashboard.id === editingId || (arrivedToEdit && dashboard.id === requested));
  const closeEditor = () => {
    setEditingId(null);
    // Without the state, a reload shows the dashboard instead of opening the editor again.
    if (arrivedToEdit) void navigate(location.pathname, { replace: true, state: null });
  };

  const options = (config.data?.dashboards ?? []).map((d) => ({ value: String(d.id), label: d.name }));
  const isStart = dashboard !== undefined && dashboard.id === (start ?? config.data?.defaultDashboardId);

  let content;
  if (config.isPending) content = <LoadingWidgets />;
  else if (config.error)
    content = (
      <ErrorView
        title={t('dashboard.loadError')}
        error={config.error}
        onRetry={() => void config.refetch()}
      />
    );
  else if (!dashboard)
    content = (
      <EmptyView
        message={
          requested === null
            ? t('dashboard.selectionNotComplete')
            : t('dashboard.notFound', { id: requested })
        }
      />
    );
  else if (editing)
    content = <DashboardEditor key={dashboard.id} dashboard={dashboard} onClose={closeEditor} />;
  else if (dashboard.widgets.length === 0) content = <EmptyView message={t('dashboard.noWidgets')} />;
  else content = <DashboardWidgets dashboard={dashboard} context={context} />;

  return (
    <Stack gap="md" data-dashboard={dashboard?.id} data-layout={dashboard?.layout}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {dashboard?.name ?? t('dashboard.title')}
        </Title>
        {options.length > 0 ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              aria-label={t('dashboard.choose')}
              data={options}
              value={dashboard ? String(dashboard.id) : null}
              onChange={(value) => value && void navigate(`/${value}`)}
              allowDeselect={false}
              w={260}
              maw="100%"
            />
            {dashboard && username ? (
              <Button
                variant="default"
                disabled={isStart}
                onClick={() => setStartDashboard(username, dashboard.id)}
              >
                {isStart ? t('dashboard.isStart') : t('dashboard.makeStart')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {canEdit && !editing ? (
        <DashboardActions dashboard={dashboard} onEdit={() => dashboard && setEditingId(dashboard.id)} />
      ) : null}
      {content}
    </Stack>
  );
}
