import type { Role, RoleInput } from '@leitwarte/core';
import { apiRequest } from './http';

/** A user as the user administration lists it. */
export interface AdminUser {
  id: number;
  username: string;
  displayName: string;
  disabled: boolean;
  /** The user logs in with a second factor. */
  secondFactor: boolean;
  roleIds: number[];
  /** Locked out after failed logins until then (ms since the epoch); null when not locked. */
  lockedUntil: number | null;
}

/** GET /api/admin/roles: every role and the names of all rights (administrators). */
export function getRoles(signal?: AbortSignal): Promise<{ roles: Role[]; rightNames: string[] }> {
  return apiRequest('/api/admin/roles', { signal });
}

/** POST /api/admin/roles. */
export function createRole(input: RoleInput): Promise<Role> {
  return apiRequest<Role>('/api/admin/roles', { method: 'POST', body: input });
}

/** PATCH /api/admin/roles/{id}. */
export function updateRole(id: number, input: RoleInput): Promise<Role> {
  return apiRequest<Role>(`/api/admin/roles/${id}`, { method: 'PATCH', body: input });
}

/** DELETE /api/admin/roles/{id}. */
export async function deleteRole(id: number): Promise<void> {
  await apiRequest<unknown>(`/api/admin/roles/${id}`, { method: 'DELETE' });
}

/** GET /api/admin/users: all users with their roles. */
export function getUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return apiRequest<AdminUser[]>('/api/admin/users', { signal });
}

/** PUT /api/admin/users/{id}/roles. */
export async function setUserRoles(userId: number, roleIds: number[]): Promise<void> {
  await apiRequest<unknown>(`/api/admin/users/${userId}/roles`, { method: 'PUT', body: { roleIds } });
}
