import { ApiError, NetworkError } from './http';

/** Catalogue key (and values) describing a failed call, so no raw server text reaches the screen. */
export function errorText(
  error: unknown,
): { key: 'errors.network' | 'errors.unknown' } | { key: 'errors.http'; status: number } {
  if (error instanceof NetworkError) return { key: 'errors.network' };
  if (error instanceof ApiError) return { key: 'errors.http', status: error.status };
  return { key: 'errors.unknown' };
}
