import type { ConfirmationInfo, ConfirmationReply } from '@leitwarte/core';
import { Alert, Button, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmAlarm, getConfirmation } from '../../api/remote-alert';
import { LanguageSwitch } from '../../ui/language-switch';
import { LoadingView } from '../../ui/status-views';

const TOKEN = /^[A-Za-z0-9._-]{1,512}$/;

function when(at: number, info: ConfirmationInfo, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: info.timeZone,
  }).format(at);
}

/** What the page says for a state other than open. */
function StateNotice({ info, reply }: { info: ConfirmationInfo; reply: ConfirmationReply | undefined }) {
  const { t, i18n } = useTranslation();
  if (reply?.status === 'Success')
    return (
      <Alert color="green" role="status" data-confirmation="done" title={t('remoteAlarm.confirm.done')}>
        {t('remoteAlarm.confirm.doneText', { count: reply.confirmedMessages })}
      </Alert>
    );
  const state = reply?.state ?? info.state;
  if (state === 'confirmed')
    return (
      <Alert color="blue" role="status" data-confirmation="confirmed">
        {info.confirmedAt
          ? t('remoteAlarm.confirm.alreadyAt', { time: when(info.confirmedAt, info, i18n.language) })
          : t('remoteAlarm.confirm.already')}
      </Alert>
    );
  if (state === 'expired')
    return (
      <Alert color="orange" role="alert" data-confirmation="expired">
        {t('remoteAlarm.confirm.expired')}
      </Alert>
    );
  if (state === 'invalid')
    return (
      <Alert color="red" role="alert" data-confirmation="invalid">
        {t('remoteAlarm.confirm.invalid')}
      </Alert>
    );
  return null;
}

/**
 * The page behind an alarm's link (no login: the signed, single-use token is the authority). It
 * shows what the notification carried and confirms only on a click, so a mail program that opens
 * links ahead of the reader confirms nothing.
 */
export function ConfirmPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = TOKEN.test(token);
  const query = useQuery({
    queryKey: ['remoteAlarm', 'confirmation', token],
    queryFn: ({ signal }) => getConfirmation(token, signal),
    enabled: valid,
    retry: 1,
  });
  const confirm = useMutation({ mutationFn: () => confirmAlarm(token) });
  const info = query.data;

  let body;
  if (!valid) body = <StateNotice info={{ state: 'invalid' } as ConfirmationInfo} reply={undefined} />;
  else if (query.isPending) body = <LoadingView />;
  else if (!info)
    body = (
      <Alert color="red" role="alert">
        {t('errors.network')}
      </Alert>
    );
  else
    body = (
      <Stack gap="md">
        {info.state === 'invalid' ? null : (
          <div>
            <Text fw={600}>{info.planname}</Text>
            <Text size="sm" c="dimmed">
              {info.stationName} · {t('remoteAlarm.confirm.for', { name: info.recipientName })}
            </Text>
          </div>
        )}
        {info.messages.length > 0 ? (
          <List size="sm" spacing={4}>
            {info.messages.map((m, i) => (
              <List.Item key={i}>
                {when(m.at, info, i18n.language)} ·{' '}
                {t('remoteAlarm.confirm.priority', { priority: m.priority })} ·{' '}
                {m.text || t('remoteAlarm.confirm.alarm')}
              </List.Item>
            ))}
          </List>
        ) : null}
        <StateNotice info={info} reply={confirm.data} />
        {confirm.error ? (
          <Alert color="red" role="alert">
            {t('errors.network')}
          </Alert>
        ) : null}
        {info.state === 'open' && confirm.data === undefined ? (
          <>
            {info.expiresAt ? (
              <Text size="xs" c="dimmed">
                {t('remoteAlarm.confirm.validUntil', { time: when(info.expiresAt, info, i18n.language) })}
              </Text>
            ) : null}
            <Button size="lg" color="red" loading={confirm.isPending} onClick={() => confirm.mutate()}>
              {t('remoteAlarm.confirm.button')}
            </Button>
          </>
        ) : null}
      </Stack>
    );

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="lg" radius="md" w="100%" maw={520}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h3">
              {t('remoteAlarm.confirm.title')}
            </Title>
            <LanguageSwitch />
          </Stack>
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}
