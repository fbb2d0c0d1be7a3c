import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCalendarToken, issueCalendarToken, revokeCalendarToken } from '../../api/maintenance';
import { useLocaleFormat } from '../../lib/format-locale';

/**
 * The calendar subscription of the forecast due dates: a personal feed address with a token a
 * calendar program can use without logging in. The address is shown once, when it is made; a
 * new one or a revocation ends the old one.
 */
export function CalendarFeed() {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const client = useQueryClient();
  const [address, setAddress] = useState<string | null>(null);
  const state = useQuery({
    queryKey: ['maintenance', 'calendar-token'],
    queryFn: ({ signal }) => getCalendarToken(signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['maintenance', 'calendar-token'] });
  const issue = useMutation({
    mutationFn: issueCalendarToken,
    onSuccess: (url) => {
      setAddress(url);
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeCalendarToken,
    onSuccess: () => {
      setAddress(null);
      void refresh();
    },
  });
  const active = state.data?.active ?? false;
  const error = issue.error ?? revoke.error;

  return (
    <Paper withBorder p="md" className="maintenance-no-print">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('maintenance.calendar.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('maintenance.calendar.hint')}
        </Text>
        {state.data ? (
          <Text size="sm" data-testid="calendar-state">
            {active && state.data.createdAt !== null
              ? t('maintenance.calendar.active', {
                  created: format.dateTime(state.data.createdAt),
                  used:
                    state.data.lastUsedAt === null
                      ? t('maintenance.calendar.neverUsed')
                      : format.dateTime(state.data.lastUsedAt),
                })
              : t('maintenance.calendar.none')}
          </Text>
        ) : null}
        {address ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('maintenance.calendar.address')}
              description={t('maintenance.calendar.shownOnce')}
              value={address}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('maintenance.calendar.copied') : t('maintenance.calendar.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : null}
        <Group gap="xs">
          <Button variant="default" loading={issue.isPending} onClick={() => issue.mutate()}>
            {active ? t('maintenance.calendar.renew') : t('maintenance.calendar.create')}
          </Button>
          {active ? (
            <Button variant="default" color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
              {t('maintenance.calendar.revoke')}
            </Button>
          ) : null}
        </Group>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error.message}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
