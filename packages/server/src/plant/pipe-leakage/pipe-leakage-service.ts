import {
  evaluateNightMinimum,
  minMaxStateAt,
  nightWindowAt,
  decodePvNr,
  parsePvKey,
  pvKey,
  type PipeLeakageConfig,
  type ProcessValue,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import { createPlantHistoryRepository } from '../../store/misc/index.js';
import { createListeners } from '../listeners.js';
import type { Plant } from '../plant.js';
import { checkPipeLeakageContent, contentWindow, type PipeLeakageContent } from './content.js';

export interface PipeLeakageServiceDeps {
  store: Store;
  plant: Plant;
  /** pipe-leakage.json; null or absent: no measurements. */
  content?: PipeLeakageContent | null;
  now?: () => number;
}

export interface PipeLeakageService {
  start(): Promise<void>;
  stop(): Promise<void>;
  configs(): PipeLeakageConfig[];
  /** Measurements whose reported values changed (the pipeleakage channel). */
  onPipeLeakage(listener: (configs: readonly PipeLeakageConfig[]) => void): () => void;
}

interface Night {
  begin: number;
  end: number;
  min: number | null;
  minAt: number;
  saved: boolean;
}

/** The station of a monitor's flow PV (an encoded analog input); 0 when it names none. */
function stationOf(key: string): number {
  const ref = parsePvKey(key);
  return ref ? (decodePvNr(ref).station ?? 0) : 0;
}

/**
 * Pipe-leakage monitoring: the minimum flow of each supply zone in the night window (when
 * consumption is lowest, what still flows is mostly losses), compared with its reference.
 * Computed from the live values; each completed night is stored, so a restart keeps it.
 */
export function createPipeLeakageService(deps: PipeLeakageServiceDeps): PipeLeakageService {
  const now = deps.now ?? Date.now;
  const content = deps.content ?? null;
  const timeZone = deps.plant.info.timeZone;
  const history = createPlantHistoryRepository(deps.store.db);
  const listeners = createListeners<readonly PipeLeakageConfig[]>();
  const window = content ? contentWindow(content) : { beginMinute: 0, endMinute: 1 };
  const entries = (content?.configs ?? []).map((c) => ({ def: c, night: null as Night | null, last: '' }));
  const byPv = new Map(entries.map((e) => [e.def.pv, e]));
  let unsubscribe: (() => void) | null = null;
  let saving: Promise<unknown> = Promise.resolve();

  /** The night reported at `at`; moving to a new window starts it empty. */
  const nightOf = (entry: (typeof entries)[number], at: number): Night => {
    const w = nightWindowAt(at, window, timeZone);
    if (entry.night?.begin !== w.begin) entry.night = { ...w, min: null, minAt: 0, saved: false };
    return entry.night;
  };
  const view = (entry: (typeof entries)[number], at: number): PipeLeakageConfig => {
    const night = nightOf(entry, at);
    const thresholds = content ?? { warningPercent: 0, alarmPercent: 0 };
    const evaluation = evaluateNightMinimum(night.min, entry.def.referenceValue, thresholds);
    const minMaxState = minMaxStateAt(at, night, night.min !== null);
    return {
      pipeLeakageId: entry.def.pipeLeakageId,
      name: entry.def.name,
      // A night still measuring has no final minimum yet: judge only complete nights.
      ...(minMaxState === 'complete'
        ? evaluation
        : { measurementChange: null, measurementState: 'unknown' as const }),
      minMaxBegin: night.begin,
      minMaxEnd: night.end,
      minMaxState,
      minMaxValue: night.min,
      referenceValue: entry.def.referenceValue,
      dimension: deps.plant.config(entry.def.pv)?.dimension ?? '',
      station: stationOf(entry.def.pv),
      sdCardLifetime: entry.def.sdCardLifetime ?? null,
    };
  };

  const onValues = (batch: readonly ProcessValue[]) => {
    const at = now();
    for (const value of batch) {
      const entry = byPv.get(pvKey(value.pvRef));
      if (!entry || value.type !== 'DoubleValue' || value.quality !== 'Good') continue;
      const night = nightOf(entry, at);
      const inWindow = value.timestamp >= night.begin && value.timestamp < night.end;
      if (inWindow && (night.min === null || value.doubleValue < night.min)) {
        night.min = value.doubleValue;
        night.minAt = value.timestamp;
      }
    }
    const changed: PipeLeakageConfig[] = [];
    for (const entry of entries) {
      const config = view(entry, at);
      const night = entry.night as Night;
      if (config.minMaxState === 'complete' && !night.saved && night.min !== null) {
        night.saved = true;
        const record = {
          pipeLeakageId: entry.def.pipeLeakageId,
          windowBegin: night.begin,
          windowEnd: night.end,
          minValue: night.min,
          minAt: night.minAt,
        };
        saving = saving
          .then(() => history.saveNight(record))
          .catch((e: unknown) => process.emitWarning(String(e)));
      }
      const key = JSON.stringify(config);
      if (key !== entry.last) {
        entry.last = key;
        changed.push(config);
      }
    }
    if (changed.length > 0) listeners.emit(changed);
  };

  return {
    async start() {
      if (unsubscribe) return;
      if (content) checkPipeLeakageContent(content, deps.plant, 'pipe-leakage.json');
      const at = now();
      const stored = new Map((await history.latestNights()).map((n) => [n.pipeLeakageId, n]));
      for (const entry of entries) {
        const night = nightOf(entry, at);
        const saved = stored.get(entry.def.pipeLeakageId);
        if (saved && saved.windowBegin === night.begin) {
          Object.assign(night, { min: saved.minValue, minAt: saved.minAt, saved: true });
        }
        entry.last = JSON.stringify(view(entry, at));
      }
      unsubscribe = deps.plant.values.onChange(onValues);
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await saving;
    },
    configs: () => entries.map((e) => view(e, now())),
    onPipeLeakage: (listener) => listeners.add(listener),
  };
}
