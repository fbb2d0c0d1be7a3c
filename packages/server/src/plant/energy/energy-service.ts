import {
  advancePeriod,
  correctivePower,
  ENERGY_PERIOD_MS,
  periodMeanPower,
  periodRestSeconds,
  powerFactor,
  pvKey,
  startAccumulator,
  trendPower,
  zonedParts,
  zonedToEpoch,
  type EnergyOptValues,
  type PeriodAccumulator,
  type ProcessValue,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import { createPlantHistoryRepository } from '../../store/misc/index.js';
import { createListeners } from '../listeners.js';
import type { Plant } from '../plant.js';
import { checkEnergyContent, loadKeys, type EnergyConfigDocument, type EnergyContent } from './content.js';

export interface EnergyServiceDeps {
  store: Store;
  plant: Plant;
  /** energy.json; null or absent: no energy optimisation. */
  content?: EnergyContent | null;
  now?: () => number;
}

export interface EnergyService {
  start(): Promise<void>;
  stop(): Promise<void>;
  values(): EnergyOptValues[];
  /** New values after the plant's powers changed (the energy-opt channel). */
  onEnergyValues(listener: (values: readonly EnergyOptValues[]) => void): () => void;
}

interface State {
  def: EnergyConfigDocument;
  keys: string[];
  rated: Map<string, number>;
  power: Map<string, number>;
  acc: PeriodAccumulator;
  month: string;
  monthMax: number | null;
  day: string;
  priorityMs: number;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Energy optimisation (maximum demand control) over a 15-minute measuring period: the plant's
 * load is the idle power plus the pump and blower powers; a CHP covers part of it and the grid
 * the rest. The trend extrapolates the period mean to the period end; the corrective power
 * says what may be added or must be shed to stay at the setpoint. Completed periods are stored.
 */
export function createEnergyService(deps: EnergyServiceDeps): EnergyService {
  const now = deps.now ?? Date.now;
  const timeZone = deps.plant.info.timeZone;
  const history = createPlantHistoryRepository(deps.store.db);
  const listeners = createListeners<readonly EnergyOptValues[]>();
  const monthOf = (ms: number) => {
    const p = zonedParts(ms, timeZone);
    return `${p.year}-${p.month}`;
  };
  const dayOf = (ms: number) => {
    const p = zonedParts(ms, timeZone);
    return `${p.year}-${p.month}-${p.day}`;
  };
  let states: State[] = [];
  let unsubscribe: (() => void) | null = null;
  let saving: Promise<unknown> = Promise.resolve();

  const powers = (s: State) => {
    let load = s.def.idlePowerKw;
    let reactive = 0;
    for (const key of s.keys) {
      const kw = s.power.get(key) ?? 0;
      load += kw;
      // A running motor draws its magnetising (reactive) power nearly independent of load.
      if (kw > 0.1) reactive += s.def.reactiveFactor * (s.rated.get(key) ?? kw);
    }
    // The CHP runs at its rated output (gas-led), so the grid covers what the load needs beyond it.
    const chp = s.def.chpKw;
    return { load, reactive, chp, grid: load - chp };
  };
  const progress = (s: State, at: number, channel: 'grid' | 'chp', powerKw: number) => ({
    energyKws: s.acc.energyKws[channel] ?? 0,
    elapsedSeconds: (at - s.acc.start) / 1000,
    powerKw,
    periodSeconds: ENERGY_PERIOD_MS / 1000,
  });

  /** Integrates the powers held since the last update up to `at`. */
  const integrate = (s: State, at: number) => {
    const p = powers(s);
    if (dayOf(at) !== s.day) {
      s.day = dayOf(at);
      s.priorityMs = 0;
    }
    // Priority operation: the trend is above the setpoint, so loads run by priority (are shed).
    if (trendPower(progress(s, s.acc.at, 'grid', p.grid)) > s.def.setpointKw) s.priorityMs += at - s.acc.at;
    const { acc, completed } = advancePeriod(s.acc, at, { grid: p.grid, chp: p.chp });
    s.acc = acc;
    for (const period of completed) {
      const grid = period.meanKw.grid ?? 0;
      if (monthOf(period.start) !== s.month) {
        s.month = monthOf(period.start);
        s.monthMax = null;
      }
      s.monthMax = Math.max(s.monthMax ?? grid, grid);
      const record = {
        configId: s.def.id,
        periodStart: period.start,
        gridMeanKw: grid,
        chpMeanKw: period.meanKw.chp ?? 0,
      };
      saving = saving
        .then(() => history.savePeriod(record))
        .catch((e: unknown) => process.emitWarning(String(e)));
    }
  };

  const view = (s: State, at: number): EnergyOptValues => {
    const p = powers(s);
    const grid = progress(s, at, 'grid', p.grid);
    return {
      id: s.def.id,
      name: s.def.name,
      station: s.def.station,
      timestamp: at,
      chpActivePower: round(p.chp),
      chpMeanActivePower: round(periodMeanPower(progress(s, at, 'chp', p.chp))),
      gridActivePower: round(p.grid),
      gridMeanActivePower: round(periodMeanPower(grid)),
      correctivePower: round(correctivePower(grid, s.def.setpointKw)),
      cosPhi: powerFactor(p.load, p.reactive),
      utilityImpulse: at - s.acc.start < (s.def.utilityImpulseSeconds ?? 10) * 1000,
      periodMaxPower: round(s.monthMax ?? 0),
      idlePower: s.def.idlePowerKw,
      periodRestTime: periodRestSeconds(at),
      priorityOperatedMinutes: round(s.priorityMs / 60_000),
      setpoint: s.def.setpointKw,
      trendPower: round(trendPower(grid)),
    };
  };

  const onValues = (batch: readonly ProcessValue[]) => {
    const at = now();
    for (const s of states) integrate(s, at);
    for (const value of batch) {
      if (value.type !== 'DoubleValue') continue;
      const key = pvKey(value.pvRef);
      for (const s of states)
        if (s.power.has(key)) s.power.set(key, value.quality === 'Bad' ? 0 : value.doubleValue);
    }
    if (states.length > 0) listeners.emit(states.map((s) => view(s, at)));
  };

  return {
    async start() {
      if (unsubscribe) return;
      const content = deps.content ?? { configs: [] };
      checkEnergyContent(content, deps.plant, 'energy.json');
      const at = now();
      const p = zonedParts(at, timeZone);
      const monthStart = zonedToEpoch(
        { year: p.year, month: p.month, day: 1, hour: 0, minute: 0, second: 0 },
        timeZone,
      );
      states = [];
      for (const def of content.configs) {
        const keys = loadKeys(def, deps.plant);
        const value = (key: string) => {
          const v = deps.plant.values.get(key);
          return v?.type === 'DoubleValue' ? v.doubleValue : 0;
        };
        states.push({
          def,
          keys,
          rated: new Map(keys.map((k) => [k, deps.plant.config(k)?.domainConfig?.max ?? 0])),
          power: new Map(keys.map((k) => [k, value(k)])),
          acc: startAccumulator(at),
          month: monthOf(at),
          monthMax: await history.maxGridMean(def.id, monthStart, at + ENERGY_PERIOD_MS),
          day: dayOf(at),
          priorityMs: 0,
        });
      }
      unsubscribe = deps.plant.values.onChange(onValues);
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await saving;
    },
    values: () => {
      const at = now();
      for (const s of states) integrate(s, at);
      return states.map((s) => view(s, at));
    },
    onEnergyValues: (listener) => listeners.add(listener),
  };
}
