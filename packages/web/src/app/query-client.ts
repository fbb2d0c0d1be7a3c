import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http';

/** Retries of a load the server answered with 503: a takeover of the plant's owner lasts up to 10 s. */
const UNAVAILABLE_RETRIES = 6;
const OTHER_RETRIES = 2;
const MAX_RETRY_DELAY_MS = 5_000;

/** Whether a failed load is tried again (`failureCount` failures so far). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return failureCount < OTHER_RETRIES;
  if (error.status === 503) return failureCount < UNAVAILABLE_RETRIES;
  return error.status >= 500 && failureCount < OTHER_RETRIES;
}

/** 1 s, 2 s, 4 s, then every 5 s: six tries on a 503 span 22 s, the longest owner takeover twice over. */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

/**
 * Client errors (4xx) are answers, not glitches, so they are not retried; network and server errors
 * are retried twice, and "service unavailable" (no owner of the plant yet) for longer. Live data
 * comes over the hubs, so focus changes do not trigger reloads.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
