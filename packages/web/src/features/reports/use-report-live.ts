import type { DataBinding, ReportData } from '@leitwarte/core';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { bindingKey, reportDataHub, type ReportDataUpdate } from '../../live/report-data-hub';

/** How often a report holding today is read again, so finished quarter hours and hours fill in. */
export const TODAY_REFRESH_MS = 60_000;

/** Whether a report's span holds the present moment. */
export const holdsNow = (data: Pick<ReportData, 'from' | 'to'> | undefined, now = Date.now()) =>
  data !== undefined && data.from <= now && now < data.to;

/**
 * Today's values so far of the report's bindings from the report-data channel, while the report
 * holds today: subscribed in batches of 400, kept outside React and applied once per frame.
 * Bindings with an offset look at another period and are not followed.
 */
export function useReportLive(data: ReportData | undefined): ReadonlyMap<string, number | null> {
  const live = holdsNow(data);
  const bindings = useMemo<DataBinding[]>(
    () => (live && data ? data.columns.map((c) => c.dataBinding).filter((b) => b.offset === 0) : []),
    [live, data],
  );
  useEffect(() => (bindings.length > 0 ? reportDataHub.watch(bindings) : undefined), [bindings]);
  const updates = useSyncExternalStore(
    (listener) => reportDataHub.values.subscribe(listener),
    () => reportDataHub.values.all(),
  );
  return useMemo(() => {
    const wanted = new Set(bindings.map(bindingKey));
    const map = new Map<string, number | null>();
    updates.forEach((u: ReportDataUpdate) => {
      const key = bindingKey(u.dataBinding);
      if (wanted.has(key)) map.set(key, u.value);
    });
    return map;
  }, [updates, bindings]);
}
