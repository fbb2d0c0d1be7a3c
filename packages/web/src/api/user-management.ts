import type { UserInfo } from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, setSessionCsrfToken } from './http';

/** GET /api/UserManagement/info: the logged-in user; its CSRF token is kept for later writes. */
export async function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const info = await apiRequest<UserInfo>('/api/UserManagement/info', { signal });
  setSessionCsrfToken(info.csrfToken);
  return info;
}

/** The user of this session; kept until logout clears the query cache. */
export const userInfoQuery = queryOptions({
  queryKey: ['user-management', 'info'] as const,
  queryFn: ({ signal }) => getUserInfo(signal),
  staleTime: Infinity,
});
