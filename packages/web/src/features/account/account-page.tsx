import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountQuery, rightsQuery } from '../../api/user-management';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { SecondFactorCard } from './second-factor-card';
import { useRoleName } from '../../lib/role-name';

/** The logged-in user's own account: names, roles, how they sign in, and the way to change the password. */
export function AccountPage() {
  const { t } = useTranslation();
  const account = useQuery(accountQuery);
  const rights = useQuery(rightsQuery);
  const roleName = useRoleName();

  if (account.isPending) return <LoadingView />;
  if (account.error) {
    return (
      <ErrorView
        title={t('account.loadError')}
        error={account.error}
        onRetry={() => void account.refetch()}
      />
    );
  }
  const { username, displayName, authSource } = account.data;
  const roles = rights.data?.roles ?? [];

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('account.title')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Table variant="vertical" layout="fixed" withRowBorders={false} data-testid="account-details">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={180}>{t('account.fields.username')}</Table.Th>
              <Table.Td data-testid="account-username">{username}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('account.fields.displayName')}</Table.Th>
              <Table.Td data-testid="account-display-name">{displayName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('account.fields.roles')}</Table.Th>
              <Table.Td data-testid="account-roles">
                {rights.error ? (
                  <Text size="sm" c="red">
                    {t('account.loadError')}
                  </Text>
                ) : roles.length > 0 ? (
                  <Group gap="xs">
                    {roles.map((role) => (
                      <Badge key={role} variant="light">
                        {roleName(role)}
                      </Badge>
                    ))}
                  </Group>
                ) : rights.isPending ? null : (
                  <Text size="sm" c="dimmed">
                    {t('account.noRoles')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('account.fields.authSource')}</Table.Th>
              <Table.Td>{t(`account.authSource.${authSource}`)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('account.passwordSection.title')}
          </Title>
          {authSource === 'domain' ? (
            <Text size="sm">{t('account.password.domainManaged')}</Text>
          ) : (
            <>
              <Text size="sm">{t('account.passwordSection.text')}</Text>
              <Button component={Link} to="/account/password" variant="light">
                {t('account.passwordSection.change')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
      <SecondFactorCard />
    </Stack>
  );
}
