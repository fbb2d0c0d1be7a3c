import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/error-text';

/** Waiting for data: a spinner with a readable label for screen readers. */
export function LoadingView({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('app.loading');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

/** Loading failed: what failed, why (from the catalogue) and a retry. */
export function ErrorView({
  title,
  error,
  onRetry,
}: {
  title: string;
  error?: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const reason = error === undefined ? null : errorText(error);
  const message = reason
    ? reason.key === 'errors.http'
      ? t(reason.key, { status: reason.status })
      : t(reason.key)
    : null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        {message ? <Text size="sm">{message}</Text> : null}
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Nothing to show: a calm explanation, optionally with an action. */
export function EmptyView({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Text c="dimmed" ta="center">
          {message}
        </Text>
        {action ? <Group>{action}</Group> : null}
      </Stack>
    </Center>
  );
}
