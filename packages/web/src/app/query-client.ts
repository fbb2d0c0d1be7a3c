import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http';

/**
 * Client errors (4xx) are answers, not glitches, so they are not retried; network and server errors
 * are retried twice. Live data comes over the hubs, so focus changes do not trigger reloads.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
