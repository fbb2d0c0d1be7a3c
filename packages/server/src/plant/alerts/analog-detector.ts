import {
  LIMIT_NORMAL,
  limitHysteresis,
  parsePvKey,
  pvKey,
  stepLimitMonitor,
  type LimitConfig,
  type LimitMonitorState,
  type ProcessValue,
  type PvRef,
} from '@leitwarte/core';
import type { Plant } from '../plant.js';
import type { ConditionEvent } from './alert-rows.js';
import { limitKey } from './limit-rows.js';
import type { LimitService } from './limit-service.js';

export interface AnalogDetectorDeps {
  plant: Plant;
  limits: LimitService;
  /** Hysteresis in percent of each PV's domain span. */
  hysteresisPercent: () => number;
  emit: (event: ConditionEvent) => void;
}

/**
 * Watches AnaIn values against their set limits (core `stepLimitMonitor`): delay times hold
 * back coming alerts, the hysteresis keeps alerts from flapping. Values of Bad quality are
 * stale (e.g. the field connection is lost) and change nothing.
 */
export function createAnalogDetector({ plant, limits, hysteresisPercent, emit }: AnalogDetectorDeps) {
  const states = new Map<string, LimitMonitorState>();
  /** Limits whose delay is running, so the clock alone can raise them. */
  const delaying = new Map<string, PvRef>();

  const raise = (pv: PvRef, limit: LimitConfig, value: number) => {
    const config = plant.config(pvKey(pv));
    const stationNumber = plant.stationOf(pv);
    const station = stationNumber === null ? undefined : plant.station(stationNumber);
    const name = config?.name ?? pvKey(pv);
    emit({
      kind: 'raise',
      acknowledgedInField: false,
      info: {
        source: limitKey(limit),
        bindingKind: 'device',
        bindingKey: pvKey(pv),
        pv,
        station: stationNumber,
        limitType: limit.pvLimitRef.limitType,
        priority: limit.priority,
        message: limit.message || `${name}: ${limit.description}`,
        description: station ? `${station.name}: ${name}` : name,
        value,
        limit: limit.limit,
      },
    });
  };

  const evaluate = (pv: PvRef, value: number | undefined, at: number) => {
    const hysteresis = limitHysteresis(plant.config(pvKey(pv))?.domainConfig ?? null, hysteresisPercent());
    for (const limit of limits.activeLimits(pv)) {
      const source = limitKey(limit);
      const before = states.get(source) ?? LIMIT_NORMAL;
      const watch = { limitType: limit.pvLimitRef.limitType, limit: limit.limit, delayTime: limit.delayTime };
      const step = stepLimitMonitor(before, watch, value, at, hysteresis);
      states.set(source, step.state);
      if (step.state.phase === 'delaying') delaying.set(source, pv);
      else delaying.delete(source);
      if (step.event === 'coming') raise(pv, limit, value ?? latest(pv) ?? limit.limit);
      else if (step.event === 'going') emit({ kind: 'clear', source });
    }
  };

  const latest = (pv: PvRef): number | undefined => {
    const value = plant.values.get(pvKey(pv));
    return value?.type === 'DoubleValue' && value.quality !== 'Bad' ? value.doubleValue : undefined;
  };

  return {
    onValue(value: ProcessValue, at: number): void {
      if (value.pvRef.type !== 'AnaIn' || value.type !== 'DoubleValue' || value.quality === 'Bad') return;
      evaluate(value.pvRef, value.doubleValue, at);
    },
    /** Raises the alerts whose delay time ran out while the value stood still. */
    tick(at: number): void {
      for (const pv of new Set(delaying.values())) evaluate(pv, undefined, at);
    },
    /** The limits of a PV changed: ends alerts of limits no longer set, restarts delays, re-evaluates. */
    reconfigure(pv: PvRef, at: number): void {
      const active = new Set(limits.activeLimits(pv).map(limitKey));
      for (const [source, state] of states) {
        if (!source.startsWith(`${pvKey(pv)}/`)) continue;
        if (!active.has(source)) {
          if (state.phase === 'violated') emit({ kind: 'clear', source });
          states.delete(source);
          delaying.delete(source);
        } else if (state.phase === 'delaying') {
          states.set(source, LIMIT_NORMAL);
          delaying.delete(source);
        }
      }
      evaluate(pv, latest(pv), at);
    },
    /** Alerts still active from before a restart: their limits count as violated. */
    restore(sources: Iterable<string>): void {
      for (const source of sources) {
        const pv = parsePvKey(source.split('/')[0] ?? '');
        if (pv?.type === 'AnaIn' && source.includes('/')) states.set(source, { phase: 'violated' });
      }
    },
  };
}
