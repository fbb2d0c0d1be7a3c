import { Alert, Anchor, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getPasswordPolicy } from '../../api/system-config';
import { accountQuery } from '../../api/user-management';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { PasswordForm } from './password-form';

/** Change password (screens §2, §5): the policy of the system config, checked as the user types. */
export function PasswordPage() {
  const { t } = useTranslation();
  const account = useQuery(accountQuery);
  const policy = useQuery({
    queryKey: ['system-config', 'password-policy'] as const,
    queryFn: ({ signal }) => getPasswordPolicy(signal),
  });

  let content;
  if (account.isPending || policy.isPending) content = <LoadingView />;
  else if (account.error)
    content = (
      <ErrorView
        title={t('account.loadError')}
        error={account.error}
        onRetry={() => void account.refetch()}
      />
    );
  else if (policy.error)
    content = (
      <ErrorView
        title={t('account.password.policyLoadError')}
        error={policy.error}
        onRetry={() => void policy.refetch()}
      />
    );
  else if (account.data.authSource === 'domain')
    content = (
      <Alert color="yellow" variant="light" role="alert">
        {t('account.password.domainManaged')}
      </Alert>
    );
  else content = <PasswordForm policy={policy.data} username={account.data.username} />;

  return (
    <Stack gap="md" maw={520}>
      <Anchor component={Link} to="/account" size="sm">
        {t('account.password.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('account.password.title')}
      </Title>
      <Paper withBorder p="md" radius="md">
        {content}
      </Paper>
    </Stack>
  );
}
