import type { BrowseReply, SourceList, SourceStatusView } from '@leitwarte/core';
import { apiRequest } from './http';

/** GET /api/admin/sources: every data source with state, last error and counters (manageUsers). */
export function getSources(signal?: AbortSignal): Promise<SourceList> {
  return apiRequest<SourceList>('/api/admin/sources', { signal });
}

/** POST /api/admin/sources/{id}/restart: closes the source's connection and opens it again. */
export function restartSource(id: string): Promise<SourceStatusView> {
  return apiRequest<SourceStatusView>(`/api/admin/sources/${encodeURIComponent(id)}/restart`, {
    method: 'POST',
  });
}

/** GET /api/admin/sources/{id}/browse: the children of a node of an OPC UA source (the Objects folder without nodeId). */
export function browseSource(id: string, nodeId: string | null, signal?: AbortSignal): Promise<BrowseReply> {
  const query = nodeId === null ? '' : `?nodeId=${encodeURIComponent(nodeId)}`;
  return apiRequest<BrowseReply>(`/api/admin/sources/${encodeURIComponent(id)}/browse${query}`, { signal });
}
