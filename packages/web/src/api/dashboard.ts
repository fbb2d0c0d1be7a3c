import type {
  Dashboard,
  DashboardConfig,
  DashboardCreate,
  DashboardSave,
  DashboardNotePatch,
  DashboardNoteUpdate,
  WeatherReply,
} from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';

/** GET /api/dashboard/config: every dashboard (as far as the user may see it) and the default one. */
export function getDashboardConfig(signal?: AbortSignal): Promise<DashboardConfig> {
  return apiRequest<DashboardConfig>('/api/dashboard/config', { signal });
}

/** GET /api/dashboard/config/{id}: one dashboard with its widgets. */
export function getDashboard(id: number, signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest<Dashboard>(`/api/dashboard/config/${id}`, { signal });
}

/** PATCH /api/dashboard/note: saves a note widget's text; the saved note comes back. */
export function updateDashboardNote(patch: DashboardNotePatch): Promise<DashboardNoteUpdate> {
  return apiRequest<DashboardNoteUpdate>('/api/dashboard/note', { method: 'PATCH', body: patch });
}

export const dashboardConfigQuery = queryOptions({
  queryKey: ['dashboard', 'config'] as const,
  queryFn: ({ signal }) => getDashboardConfig(signal),
});

/** GET /api/dashboard/weather/{widgetId}: the weather of a weather widget, fetched and cached by the server. */
export function getWidgetWeather(widgetId: number, signal?: AbortSignal): Promise<WeatherReply> {
  return apiRequest<WeatherReply>(`/api/dashboard/weather/${widgetId}`, { signal });
}

/** POST /api/dashboard: a new dashboard of the editor (editDashboards). */
export function createDashboard(body: DashboardCreate): Promise<Dashboard> {
  return apiRequest<Dashboard>('/api/dashboard', { method: 'POST', body });
}

/** POST /api/dashboard/{id}/copy: a copy under a new name, which the user may then change. */
export function copyDashboard(id: number, name: string): Promise<Dashboard> {
  return apiRequest<Dashboard>(`/api/dashboard/${id}/copy`, { method: 'POST', body: { name } });
}

/** PUT /api/dashboard/{id}: saves the editor's draft; 409 (code `stale`) when someone saved in between. */
export function saveDashboard(id: number, body: DashboardSave): Promise<Dashboard> {
  return apiRequest<Dashboard>(`/api/dashboard/${id}`, { method: 'PUT', body });
}

/** DELETE /api/dashboard/{id}?version=: deletes a user dashboard at the version shown. */
export async function deleteDashboard(id: number, version: number): Promise<void> {
  await apiRequest<unknown>(`/api/dashboard/${id}?version=${version}`, { method: 'DELETE' });
}
