import {
  primaryValue,
  pvKey,
  startOfLocalDay,
  type ProcessValue,
  type PvRef,
  type RuebConfig,
  type RuebEvent,
  type SebamConfig,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import { createRuebEventRepository } from '../../store/reports/index.js';
import { createListeners } from '../listeners.js';
import { MaintenanceInputError } from '../maintenance/errors.js';
import type { Plant } from '../plant.js';

/** Stormwater overflow basins (calls §7 Protocol and system configs): configs and overflow events. */
export interface RuebService {
  configs(): RuebConfig[];
  /** Events of a station (-1: all) that started in a month (1–12) or, with month 0, in a year. */
  events(stationNr: number, year: number, month: number): Promise<RuebEvent[]>;
  /** An event opened (end null) or closed. */
  onRuebEvent(listener: (event: RuebEvent) => void): () => void;
  /** Resolves when every detected change is in the store. */
  idle(): Promise<void>;
  stop(): void;
}

/** Sebam configs (GET /api/Sebam/configs). */
export function createSebamService(configs: readonly SebamConfig[]) {
  return { configs: (): SebamConfig[] => [...configs] };
}

interface Spill {
  id: number;
  start: number;
  maxLevel: number;
  /** Overflow counter at the start, or null when the volume is integrated from the flow. */
  counterAtStart: number | null;
  integrated: number;
  lastFlow: { at: number; litresPerSecond: number } | null;
}

const numberOf = (value: ProcessValue | undefined): number | null => {
  if (!value || value.quality === 'Bad') return null;
  const v = primaryValue(value);
  return typeof v === 'number' ? v : v ? 1 : 0;
};

/**
 * Detects overflow events live from the basins' PVs: an event starts when the overflow input
 * becomes active (or, without one, the level reaches the overflow threshold) and ends when it
 * clears. Its volume is the advance of the overflow counter, or the integrated overflow flow.
 * Events are written as they open and close, so a restart continues an open one.
 */
export async function createRuebService(deps: {
  store: Store;
  plant: Plant;
  configs: readonly RuebConfig[];
  timeZone: string;
}): Promise<RuebService> {
  const { plant, configs, timeZone } = deps;
  const repo = createRuebEventRepository(deps.store.db);
  const listeners = createListeners<RuebEvent>();
  const spills = new Map<string, Spill>();
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => {
      process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'RuebEventError');
    });
  };
  const value = (ref: PvRef | null) => (ref ? numberOf(plant.values.get(pvKey(ref))) : null);
  const spilling = (b: RuebConfig) => {
    if (b.overflowPv) return value(b.overflowPv) === 1;
    const level = value(b.levelPv);
    return level !== null && level >= b.overflowThreshold;
  };
  const volumeOf = (b: RuebConfig, s: Spill) => {
    const counter = value(b.overflowVolumePv);
    return s.counterAtStart !== null && counter !== null
      ? Math.max(0, counter - s.counterAtStart)
      : s.integrated;
  };
  const event = (b: RuebConfig, s: Spill, end: number | null): RuebEvent => ({
    id: s.id,
    basinId: b.id,
    stationNr: b.stationNr,
    start: s.start,
    end,
    duration: end === null ? 0 : (end - s.start) / 1000,
    overflowVolume: volumeOf(b, s),
    maxLevel: s.maxLevel,
  });

  for (const b of configs) {
    const open = await repo.openOf(b.id);
    if (!open) continue;
    const counter = value(b.overflowVolumePv);
    spills.set(b.id, {
      id: open.id,
      start: open.start,
      maxLevel: open.maxLevel,
      counterAtStart: counter === null ? null : counter - open.overflowVolume,
      integrated: open.overflowVolume,
      lastFlow: null,
    });
  }

  const watched = new Map<string, RuebConfig[]>();
  for (const b of configs) {
    for (const ref of [b.levelPv, b.overflowPv, b.overflowFlowPv, b.overflowVolumePv]) {
      if (ref) watched.set(pvKey(ref), [...(watched.get(pvKey(ref)) ?? []), b]);
    }
  }
  const update = (b: RuebConfig, at: number) => {
    const s = spills.get(b.id);
    const level = value(b.levelPv) ?? 0;
    if (!s) {
      if (!spilling(b)) return;
      const spill: Spill = {
        id: 0,
        start: at,
        maxLevel: level,
        counterAtStart: value(b.overflowVolumePv),
        integrated: 0,
        lastFlow: null,
      };
      spills.set(b.id, spill);
      enqueue(async () => {
        spill.id = (
          await repo.open({ basinId: b.id, stationNr: b.stationNr, start: at, maxLevel: level })
        ).id;
        listeners.emit(event(b, spill, null));
      });
      return;
    }
    s.maxLevel = Math.max(s.maxLevel, level);
    const flow = value(b.overflowFlowPv);
    if (flow !== null) {
      if (s.lastFlow) s.integrated += (s.lastFlow.litresPerSecond * (at - s.lastFlow.at)) / 1e6;
      s.lastFlow = { at, litresPerSecond: flow };
    }
    if (spilling(b)) return;
    spills.delete(b.id);
    // Figures as of now; the id is known once the opening write is done (the queue keeps order).
    const figures = event(b, s, at);
    enqueue(async () => {
      const closed = { ...figures, id: s.id };
      await repo.update(s.id, { end: at, overflowVolume: closed.overflowVolume, maxLevel: closed.maxLevel });
      listeners.emit(closed);
    });
  };
  const unsubscribe = plant.values.onChange((batch) => {
    const touched = new Map<RuebConfig, number>();
    for (const v of batch) for (const b of watched.get(pvKey(v.pvRef)) ?? []) touched.set(b, v.timestamp);
    for (const [b, at] of touched) update(b, at);
  });

  return {
    configs: () => [...configs],
    async events(stationNr, year, month) {
      const ok = Number.isInteger(stationNr) && Number.isInteger(year) && year >= 1970 && year <= 9999;
      if (!ok || !Number.isInteger(month) || month < 0 || month > 12) {
        throw new MaintenanceInputError('Ungültige Station, Jahr oder Monat.');
      }
      const from = startOfLocalDay({ year, month: month || 1, day: 1 }, timeZone);
      const next = month === 0 || month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
      const to = startOfLocalDay({ ...next, day: 1 }, timeZone);
      await queue;
      return repo.between(stationNr === -1 ? null : stationNr, from, to);
    },
    onRuebEvent: (listener) => listeners.add(listener),
    idle: () => queue,
    stop: unsubscribe,
  };
}
