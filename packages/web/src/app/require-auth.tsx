import { Center } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { userInfoQuery } from '../api/user-management';
import { ErrorView, LoadingView } from '../ui/status-views';

/**
 * Renders its children only for a logged-in user. Without a session the user-info call answers 401,
 * which the call layer turns into the logout redirect, so this only waits meanwhile.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useQuery(userInfoQuery);
  if (user.data) return children;
  if (user.error && !(user.error instanceof ApiError && user.error.status === 401)) {
    return (
      <Center p="xl">
        <ErrorView title={t('errors.userInfo')} error={user.error} onRetry={() => void user.refetch()} />
      </Center>
    );
  }
  return <LoadingView />;
}
