import type {
  AdminUserDetail,
  CreateUserInput,
  LicenseUse,
  ScopePvGroup,
  UpdateUserInput,
  UserPasswordReply,
} from '@leitwarte/core';
import { apiRequest } from './http';

/** GET /api/admin/users/{id}: one user with profile, state, second factor and roles. */
export function getUser(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return apiRequest<AdminUserDetail>(`/api/admin/users/${id}`, { signal });
}

/** POST /api/admin/users: the reply carries a generated password once (null when one was given). */
export function createUser(input: CreateUserInput): Promise<UserPasswordReply> {
  return apiRequest<UserPasswordReply>('/api/admin/users', { method: 'POST', body: input });
}

/** PATCH /api/admin/users/{id}: display name and language. */
export function updateUser(id: number, input: UpdateUserInput): Promise<AdminUserDetail> {
  return apiRequest<AdminUserDetail>(`/api/admin/users/${id}`, { method: 'PATCH', body: input });
}

/** POST /api/admin/users/{id}/disable: the user's sessions and live connections end at once. */
export function disableUser(id: number): Promise<AdminUserDetail> {
  return apiRequest<AdminUserDetail>(`/api/admin/users/${id}/disable`, { method: 'POST' });
}

/** POST /api/admin/users/{id}/enable. */
export function enableUser(id: number): Promise<AdminUserDetail> {
  return apiRequest<AdminUserDetail>(`/api/admin/users/${id}/enable`, { method: 'POST' });
}

/** POST /api/admin/users/{id}/unlock: ends a lockout after failed logins early. */
export function unlockUser(id: number): Promise<AdminUserDetail> {
  return apiRequest<AdminUserDetail>(`/api/admin/users/${id}/unlock`, { method: 'POST' });
}

/** POST /api/admin/users/{id}/reset-password: random (returned once) or given; ends the user's sessions. */
export function resetUserPassword(id: number, password?: string): Promise<UserPasswordReply> {
  return apiRequest<UserPasswordReply>(`/api/admin/users/${id}/reset-password`, {
    method: 'POST',
    body: password === undefined ? {} : { password },
  });
}

/** POST /api/admin/users/{id}/reset-second-factor: the user enrols again at the next login. */
export async function resetSecondFactor(id: number): Promise<void> {
  await apiRequest<unknown>(`/api/admin/users/${id}/reset-second-factor`, { method: 'POST' });
}

/** GET /api/admin/pv-groups: the PV groups (areas) a role can be scoped to. */
export function getScopePvGroups(signal?: AbortSignal): Promise<ScopePvGroup[]> {
  return apiRequest<ScopePvGroup[]>('/api/admin/pv-groups', { signal });
}

/** GET /api/admin/license-use: current use against the licence limits. */
export function getLicenseUse(signal?: AbortSignal): Promise<LicenseUse> {
  return apiRequest<LicenseUse>('/api/admin/license-use', { signal });
}
