import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { secondFactorStatusQuery } from '../../api/second-factor';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { SecondFactorDisableForm } from './second-factor-disable';
import { SecondFactorEnrolmentSteps } from './second-factor-enrolment';

/** The own second factor (authenticator app): whether it is on, switching it on or off. */
export function SecondFactorCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(secondFactorStatusQuery);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery.queryKey });

  return (
    <Paper withBorder p="md" radius="md" data-testid="second-factor-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('secondFactor.card.title')}
          </Title>
          {status.data ? (
            <Badge color={status.data.enabled ? 'green' : 'gray'} data-testid="second-factor-status">
              {status.data.enabled ? t('secondFactor.card.statusOn') : t('secondFactor.card.statusOff')}
            </Badge>
          ) : null}
        </Group>
        {status.isPending ? <LoadingView /> : null}
        {status.error ? (
          <ErrorView title={t('secondFactor.card.errors.load')} error={status.error} onRetry={refresh} />
        ) : null}
        {status.data?.enabled === false ? <SecondFactorEnrolmentSteps onDone={refresh} /> : null}
        {status.data?.enabled ? (
          <>
            <Text size="sm">
              {t('secondFactor.card.recoveryLeft', { count: status.data.recoveryCodesLeft })}
            </Text>
            <SecondFactorDisableForm onDone={refresh} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
