import { hasRight } from '@leitwarte/core';
import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rightsQuery } from '../../api/user-management';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { RolesTab } from './roles-tab';
import { useAdminData } from './use-admin-data';
import { UsersTab } from './users-tab';

/** User administration: users and roles. Only for users who may manage users. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const rights = useQuery(rightsQuery);
  if (rights.isPending) return <LoadingView />;
  if (rights.error)
    return <ErrorView title={t('admin.loadError')} error={rights.error} onRetry={rights.refetch} />;
  if (!hasRight(rights.data, 'manageUsers')) {
    return (
      <Alert color="orange" role="alert" title={t('admin.title')}>
        {t('rights.accessDenied')}
      </Alert>
    );
  }
  return <AdminScreen />;
}

function AdminScreen() {
  const { t } = useTranslation();
  const { users, roles, stations, pvGroups } = useAdminData();
  const failed = users.error ?? roles.error ?? stations.error ?? pvGroups.error;
  let content;
  if (failed) {
    const retry = () =>
      void Promise.all([users.refetch(), roles.refetch(), stations.refetch(), pvGroups.refetch()]);
    content = <ErrorView title={t('admin.loadError')} error={failed} onRetry={retry} />;
  } else if (!users.data || !roles.data || !stations.data || !pvGroups.data) {
    content = <LoadingView />;
  } else {
    content = (
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">{t('admin.tabs.users')}</Tabs.Tab>
          <Tabs.Tab value="roles">{t('admin.tabs.roles')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab users={users.data} roles={roles.data.roles} />
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <RolesTab roles={roles.data.roles} stations={stations.data} pvGroups={pvGroups.data} />
        </Tabs.Panel>
      </Tabs>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('admin.title')}
      </Title>
      {content}
    </Stack>
  );
}
