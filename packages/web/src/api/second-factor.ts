import type {
  RecoveryCodes,
  SecondFactorDisable,
  SecondFactorEnrolment,
  SecondFactorStatus,
} from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';

/** GET /api/account/second-factor: whether the own second factor is on. */
export function getSecondFactorStatus(signal?: AbortSignal): Promise<SecondFactorStatus> {
  return apiRequest<SecondFactorStatus>('/api/account/second-factor', { signal });
}

export const secondFactorStatusQuery = queryOptions({
  queryKey: ['account', 'second-factor'] as const,
  queryFn: ({ signal }) => getSecondFactorStatus(signal),
});

/** POST /api/account/second-factor/enrolment: a new secret for the authenticator app. */
export function startSecondFactorEnrolment(): Promise<SecondFactorEnrolment> {
  return apiRequest<SecondFactorEnrolment>('/api/account/second-factor/enrolment', { method: 'POST' });
}

/** POST /api/account/second-factor/enrolment/confirm: on with the first code; the recovery codes, once. */
export function confirmSecondFactor(code: string): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>('/api/account/second-factor/enrolment/confirm', {
    method: 'POST',
    body: { code },
  });
}

/** POST /api/account/second-factor/disable with a current code or the password. */
export async function disableSecondFactor(proof: SecondFactorDisable): Promise<void> {
  await apiRequest<unknown>('/api/account/second-factor/disable', { method: 'POST', body: proof });
}

/** POST /api/admin/users/{id}/reset-second-factor: an administrator switches a user's second factor off. */
export async function resetSecondFactor(userId: number): Promise<void> {
  await apiRequest<unknown>(`/api/admin/users/${userId}/reset-second-factor`, { method: 'POST' });
}
