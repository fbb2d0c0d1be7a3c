import { forecastDueAt, pvKey, type MaintenanceNotification } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { getRuntimeRates } from '../../api/maintenance';

/** A 30-day rate moves slowly: one load per ten minutes is plenty. */
const RATES_STALE_MS = 10 * 60_000;

/**
 * The forecast due date of a notification: now plus its remaining runtime over its runtime's
 * recent rate; null while the rates load or when the runtime has no rate.
 */
export function useDueForecast(): (
  n: Pick<MaintenanceNotification, 'pvRef' | 'remainingRuntime' | 'runtimeDimension'>,
) => number | null {
  const rates = useQuery({
    queryKey: ['maintenance', 'runtime-rates'],
    queryFn: ({ signal }) => getRuntimeRates(signal),
    staleTime: RATES_STALE_MS,
  });
  const byKey = useMemo(
    () => (rates.data ? new Map(rates.data.map((r) => [pvKey(r.pvRef), r.perDay])) : null),
    [rates.data],
  );
  return useCallback(
    (n) => {
      if (!byKey) return null;
      return forecastDueAt(
        n.remainingRuntime,
        n.runtimeDimension,
        byKey.get(pvKey(n.pvRef)) ?? null,
        Date.now(),
      );
    },
    [byKey],
  );
}
