import { remainingCount, type Alert } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getAlerts } from '../../api/alerts';
import { alertHub } from '../../live/alert-hub';
import { AlertListStore } from './alert-list-store';
import type { AlertChange, ListWindow } from './alert-merge';

export interface AlertArchive {
  rows: readonly Alert[];
  /** How many the list call returned (the limit it applied when alerts remain). */
  loaded: number;
  /** Alerts of the window that were not loaded (screens §8 "remaining number"). */
  remaining: number;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => void;
  /** Merges what a call of this screen changed, before the channel reports it. */
  apply: (change: AlertChange) => void;
}

/**
 * The alerts of a window (newest first, at most `limit`, else the plant's request limit) kept
 * current by the alert channel: new, gone, acknowledged and deleted alerts are merged in without
 * a reload, once per animation frame. After a reconnect the window is loaded again.
 */
export function useAlertArchive(window: ListWindow, limit: number | undefined): AlertArchive {
  const [store] = useState(() => new AlertListStore());
  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => alertHub.acquire(), []);
  useEffect(() => alertHub.onChange((change) => store.enqueue(change)), [store]);

  const { start, end, followsNow } = window;
  const query = useQuery({
    queryKey: ['alerts', 'archive', start, end, limit] as const,
    queryFn: ({ signal }) => {
      store.beginLoad();
      return getAlerts({ start, end: followsNow ? undefined : end, limit }, signal);
    },
    // The live channel keeps the list current; a new query would drop the merged changes.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    // The reply goes to the list store as a whole: comparing a reload (after a reconnect) with the
    // previous rows alert by alert would take the main thread for hundreds of ms at 100,000 alerts.
    structuralSharing: false,
  });

  useEffect(() => {
    if (query.data) store.load(query.data.alerts, query.data.total, { start, end, followsNow });
  }, [store, query.data, start, end, followsNow]);
  useEffect(() => {
    if (query.isPending) store.reset();
  }, [store, query.isPending]);

  const { refetch } = query;
  useEffect(() => alertHub.onResync(() => void refetch()), [refetch]);

  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    rows: state.rows,
    loaded: query.data?.alerts.length ?? 0,
    remaining: remainingCount(state, state.rows.length),
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => void refetch(),
    apply: (change) => store.enqueue(change),
  };
}
