import type {
  AccountInfo,
  EffectiveRights,
  PasswordChange,
  PasswordChangeReply,
  UserInfo,
} from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, networkErrorWithCause, orOnNetworkFailure, setSessionCsrfToken } from './http';

/**
 * GET /api/UserManagement/info: the logged-in user; its CSRF token is kept for later writes.
 * `awaitingLogin`: asked while a login is under way (inside the app), so a 401 is an answer.
 */
export async function getUserInfo(signal?: AbortSignal, awaitingLogin = false): Promise<UserInfo> {
  const info = await apiRequest<UserInfo>('/api/UserManagement/info', {
    signal,
    ...(awaitingLogin ? { redirectOnUnauthorized: false } : {}),
  });
  setSessionCsrfToken(info.csrfToken);
  return info;
}

/** The user of this session; kept until logout clears the query cache. */
export const userInfoQuery = queryOptions({
  queryKey: ['user-management', 'info'] as const,
  queryFn: ({ signal }) => getUserInfo(signal),
  staleTime: Infinity,
});

/** GET /api/UserManagement/rights: what the user may do where, for the screens to mirror (calls §6). */
export function getRights(signal?: AbortSignal): Promise<EffectiveRights> {
  return apiRequest<EffectiveRights>('/api/UserManagement/rights', { signal });
}

/** The user's rights; they change only when an administrator edits roles, so a minute is fresh enough. */
export const rightsQuery = queryOptions({
  queryKey: ['user-management', 'rights'] as const,
  queryFn: ({ signal }) => getRights(signal),
  staleTime: 60_000,
});

/** GET /api/UserManagement/account: the own account, including where the password lives. */
export function getAccount(signal?: AbortSignal): Promise<AccountInfo> {
  return apiRequest<AccountInfo>('/api/UserManagement/account', { signal });
}

/** The own account for the account pages; read again on each visit. */
export const accountQuery = queryOptions({
  queryKey: ['user-management', 'account'] as const,
  queryFn: ({ signal }) => getAccount(signal),
});

/** POST /api/UserManagement/renew-lease: the user is active, the server's idle timeout starts again. */
export function renewLease(): Promise<{ idleTimeoutMs: number }> {
  return apiRequest<{ idleTimeoutMs: number }>('/api/UserManagement/renew-lease', { method: 'POST' });
}

/**
 * POST /api/UserManagement/change-password. A network failure answers 'Netzwerkfehler: ' and the
 * cause (calls §8); another failure answers its error text.
 */
export async function changePassword(change: PasswordChange): Promise<PasswordChangeReply> {
  const failed = (errorMessage: string): PasswordChangeReply => ({
    status: 'Failed',
    errorMessage,
    issues: [],
  });
  try {
    return await orOnNetworkFailure(
      apiRequest<PasswordChangeReply>('/api/UserManagement/change-password', {
        method: 'POST',
        body: change,
      }),
      (error) => failed(networkErrorWithCause(error)),
    );
  } catch (error) {
    if (error instanceof ApiError) return failed(error.message);
    throw error;
  }
}
