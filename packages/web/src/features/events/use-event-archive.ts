import { remainingCount } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { getControlEvents } from '../../api/control-events';
import type { ListWindow } from '../../ui/archive/range-selection';

/**
 * The control events of a window (newest first, at most `limit`, else the plant's event request
 * limit), with how many of the window were not loaded (screens §8).
 */
export function useEventArchive(window: ListWindow, limit: number | undefined) {
  const { start, end, followsNow } = window;
  const query = useQuery({
    queryKey: ['controlevent', 'events', start, end, limit] as const,
    queryFn: ({ signal }) => getControlEvents({ start, end: followsNow ? undefined : end, limit }, signal),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const events = query.data?.events ?? [];
  return {
    events,
    remaining: query.data ? remainingCount(query.data, events.length) : 0,
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
