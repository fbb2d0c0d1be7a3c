import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AutoLogoutReason } from '../../lib/auto-logout/activity-tracker';
import { loginUrlWith, safeReturnUrl } from '../../lib/return-url';

/** Seconds until the login page follows an automatic logout. */
export const LOGIN_COUNTDOWN_SECONDS = 10;

/**
 * After an automatic logout: why, a countdown in seconds to the login page, and a button to log in
 * again at once; both keep the return address.
 */
export function LoggedOutView({ reason, returnUrl }: { reason: AutoLogoutReason; returnUrl: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(LOGIN_COUNTDOWN_SECONDS);
  const loginUrl = loginUrlWith(returnUrl);

  useEffect(() => {
    const timer = setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (seconds === 0) void navigate(loginUrl, { replace: true });
  }, [seconds, navigate, loginUrl]);

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={460} w="100%">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('account.logout.title')}
          </Title>
          <Text data-testid="logout-reason">
            {reason === 'inactivity' ? t('account.logout.inactivity') : t('account.logout.elsewhere')}
          </Text>
          {returnUrl ? (
            <Text size="sm" c="dimmed">
              {t('account.logout.returnTo', { address: safeReturnUrl(returnUrl) })}
            </Text>
          ) : null}
          <Text role="timer" data-testid="logout-countdown">
            {t('account.logout.countdown', { seconds })}
          </Text>
          <Button component={Link} to={loginUrl} replace>
            {t('account.logout.loginAgain')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
