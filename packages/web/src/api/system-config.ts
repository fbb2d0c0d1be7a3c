import type {
  LicenseOptions,
  PasswordPolicy,
  Priority,
  SystemConfig,
  SystemConfigPatch,
  SystemConfigUpdateReply,
  SystemSettings,
} from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';

/** GET /api/SystemConfig: priorities, system settings, licence options and password policy. */
export function getSystemConfig(signal?: AbortSignal): Promise<SystemConfig> {
  return apiRequest<SystemConfig>('/api/SystemConfig', { signal });
}

/** GET /api/SystemConfig/priorities: priorities 0–9 with name and ARGB colour. */
export function getPriorities(signal?: AbortSignal): Promise<Priority[]> {
  return apiRequest<Priority[]>('/api/SystemConfig/priorities', { signal });
}

/** GET /api/SystemConfig/settings. */
export function getSystemSettings(signal?: AbortSignal): Promise<SystemSettings> {
  return apiRequest<SystemSettings>('/api/SystemConfig/settings', { signal });
}

/** GET /api/SystemConfig/license-options. */
export function getLicenseOptions(signal?: AbortSignal): Promise<LicenseOptions> {
  return apiRequest<LicenseOptions>('/api/SystemConfig/license-options', { signal });
}

/** GET /api/SystemConfig/password-policy. */
export function getPasswordPolicy(signal?: AbortSignal): Promise<PasswordPolicy> {
  return apiRequest<PasswordPolicy>('/api/SystemConfig/password-policy', { signal });
}

/**
 * PATCH /api/SystemConfig: replaces the given parts (administrators). Failures come back as
 * status Failed with the error text (the server names the refused field).
 */
export async function updateSystemConfig(patch: SystemConfigPatch): Promise<SystemConfigUpdateReply> {
  try {
    return await apiRequest<SystemConfigUpdateReply>('/api/SystemConfig', { method: 'PATCH', body: patch });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { status: 'Failed', errorMessage: error instanceof Error ? error.message : String(error) };
  }
}

/** The system configuration; it changes rarely, so it is kept for the session. */
export const systemConfigQuery = queryOptions({
  queryKey: ['system-config'] as const,
  queryFn: ({ signal }) => getSystemConfig(signal),
  staleTime: 5 * 60_000,
});
