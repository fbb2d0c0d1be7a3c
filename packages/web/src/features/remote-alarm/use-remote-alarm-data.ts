import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAlarmPlans,
  getCallNumbers,
  getCallNumbersForActivation,
  getPlansToConfirm,
} from '../../api/remote-alert';

/** The plans with call numbers, categories, PV groups and lines (a failure is a reply, calls §8). */
export const alarmPlansQuery = queryOptions({
  queryKey: ['remoteAlarm', 'plans'] as const,
  queryFn: ({ signal }) => getAlarmPlans(signal),
});
export const plansToConfirmQuery = queryOptions({
  queryKey: ['remoteAlarm', 'toConfirm'] as const,
  queryFn: ({ signal }) => getPlansToConfirm(signal),
});
export const activationQuery = queryOptions({
  queryKey: ['remoteAlarm', 'activation'] as const,
  queryFn: ({ signal }) => getCallNumbersForActivation(signal),
});
export const callNumbersQuery = queryOptions({
  queryKey: ['remoteAlarm', 'callNumbers'] as const,
  queryFn: ({ signal }) => getCallNumbers(signal),
});

export const useAlarmPlans = () => useQuery(alarmPlansQuery);
export const usePlansToConfirm = () => useQuery(plansToConfirmQuery);
export const useActivation = () => useQuery(activationQuery);
export const useCallNumbers = () => useQuery(callNumbersQuery);

/** Reloads every remote-alarm read after a write (the screens share them). */
export function useRefreshRemoteAlarm(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['remoteAlarm'] });
}
