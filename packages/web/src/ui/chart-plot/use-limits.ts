import { pvKey, type LimitConfig } from '@leitwarte/core';
import { useEffect, useMemo, useState } from 'react';
import { watchPvLimits } from '../../live/pv-limits';
import type { ChartDefinition } from './chart-definition';
import { wantsLimitLines } from './plot-series';

/**
 * The limit configs of a chart's PVs, live, when one of its series draws limit lines; nothing is
 * watched otherwise.
 */
export function useLimits(definition: ChartDefinition): LimitConfig[] {
  const [limits, setLimits] = useState<LimitConfig[]>([]);
  const wanted = wantsLimitLines(definition.series);
  const refs = useMemo(
    () => [...new Map(definition.series.map((s) => [pvKey(s.pv), s.pv])).values()],
    [definition.series],
  );
  useEffect(() => {
    if (!wanted || refs.length === 0) return;
    const keys = new Set(refs.map(pvKey));
    return watchPvLimits(refs, (configs) => {
      const mine = configs.filter((c) => keys.has(pvKey(c.pvLimitRef.pv)));
      if (mine.length === 0) return;
      setLimits((previous) => {
        const byKey = new Map(
          previous.map((l) => [`${pvKey(l.pvLimitRef.pv)}/${l.pvLimitRef.limitType}`, l]),
        );
        for (const l of mine) byKey.set(`${pvKey(l.pvLimitRef.pv)}/${l.pvLimitRef.limitType}`, l);
        return [...byKey.values()];
      });
    });
  }, [wanted, refs]);
  return limits;
}
