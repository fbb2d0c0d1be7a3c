import type { DataSourcePreset, MeasurementType, PvRef } from '@leitwarte/core';
import { pvKey } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { getAutoChartData } from '../../../api/charts';

/** What the measurement archive shows: PVs, a window, where the values come from and which. */
export interface MeasurementRequest {
  pvs: readonly PvRef[];
  start: number;
  end: number;
  source: DataSourcePreset;
  measurementType: MeasurementType;
}

/** The series of the request as the data calls take them. */
export function measurementSeries(request: Pick<MeasurementRequest, 'pvs' | 'measurementType'>) {
  return request.pvs.map((pv) => ({ pv, measurementType: request.measurementType }));
}

/**
 * Every stored value of the PVs in the window, not thinned for a chart (`reduce=false`): a table
 * shows each value. The server refuses a window holding more values than it hands out at once.
 */
export function useMeasurements(request: MeasurementRequest) {
  const { pvs, start, end, source, measurementType } = request;
  return useQuery({
    queryKey: [
      'charts',
      'measurements',
      pvs.map(pvKey).join(','),
      start,
      end,
      source,
      measurementType,
    ] as const,
    queryFn: ({ signal }) =>
      getAutoChartData(
        measurementSeries({ pvs, measurementType }),
        { startDate: start, endDate: end, source, reduce: false },
        signal,
      ),
    enabled: pvs.length > 0,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}
