import { pvKey, type LimitConfig, type PvConfig, type PvRef } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { requestPvConfig } from '../../../api/pv';
import { pvHub } from '../../../live/pv-hub';
import { watchPvLimits } from '../../../live/pv-limits';
import { limitSetOf, type LimitSet } from '../gauge-scale';

/**
 * The config, live value subscription and live limits of one widget's PV. Configs of all widgets
 * are asked for together (the 50 ms batching of calls §9); values reach the widget through the
 * value store, which applies them once per frame.
 */
export function useWidgetPv(ref: PvRef): {
  config: PvConfig | undefined;
  error: Error | null;
  limits: LimitSet;
} {
  const key = pvKey(ref);
  const config = useQuery({
    queryKey: ['pv', 'config', key] as const,
    queryFn: () => requestPvConfig(ref),
    staleTime: 60_000,
  });
  // Kept with the PV they belong to, so a widget switched to another PV never shows old limits.
  const [limitState, setLimitState] = useState<{ key: string; configs: readonly LimitConfig[] }>({
    key,
    configs: [],
  });

  useEffect(() => {
    const release = pvHub.acquire();
    const refs = [{ type: ref.type, nr: ref.nr }];
    pvHub.subscribe(refs).catch(() => {});
    return () => {
      pvHub.unsubscribe(refs);
      release();
    };
    // The key stands for the reference.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (ref.type !== 'AnaIn' && ref.type !== 'AnaOut') return undefined;
    // The newest record of a limit type replaces the older one.
    return watchPvLimits([ref], (configs) =>
      setLimitState((old) => {
        const mine = configs.filter((c) => pvKey(c.pvLimitRef.pv) === key);
        if (mine.length === 0) return old;
        const types = new Set(mine.map((c) => c.pvLimitRef.limitType));
        const kept = old.key === key ? old.configs.filter((c) => !types.has(c.pvLimitRef.limitType)) : [];
        return { key, configs: [...kept, ...mine] };
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const limitConfigs = limitState.key === key ? limitState.configs : null;
  const limits = useMemo(() => limitSetOf(limitConfigs ?? []), [limitConfigs]);
  return { config: config.data, error: config.error, limits };
}
