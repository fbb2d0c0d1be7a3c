import { planKey, type AlarmLineInfo, type AlarmPlanInfo } from '@leitwarte/core';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { stationAlarmHub, type LineRef, type PlanRef } from '../../live/station-alarm-hub';

/**
 * The live state of plans and lines (newPlanInfo, newLineInfo) while the screen shows them: at
 * most one update of the screen per frame, however many arrive.
 */
export function useLiveAlarmState(
  plans: readonly PlanRef[],
  lines: readonly LineRef[],
  hub = stationAlarmHub,
) {
  const planKeys = plans.map(planKey).join(',');
  const lineKeys = lines.map((l) => `${l.station}/${l.lineNumber}`).join(',');
  useEffect(
    () => hub.watch(plans, lines),
    // The references matter, not the arrays' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hub, planKeys, lineKeys],
  );
  const planInfos = useSyncExternalStore(
    (l) => hub.plans.subscribe(l),
    () => hub.plans.all(),
  );
  const lineInfos = useSyncExternalStore(
    (l) => hub.lines.subscribe(l),
    () => hub.lines.all(),
  );
  const byPlan = useMemo(() => new Map(planInfos.map((p) => [planKey(p), p])), [planInfos]);
  const byLine = useMemo(
    () => new Map(lineInfos.map((l) => [`${l.station}/${l.lineNumber}`, l])),
    [lineInfos],
  );
  return {
    plan: (ref: PlanRef): AlarmPlanInfo | undefined => byPlan.get(planKey(ref)),
    line: (ref: LineRef): AlarmLineInfo | undefined => byLine.get(`${ref.station}/${ref.lineNumber}`),
  };
}
