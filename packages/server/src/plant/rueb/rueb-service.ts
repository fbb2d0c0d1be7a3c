import {
  primaryValue,
  pvKey,
  startOfLocalDay,
  type ProcessValue,
  type RuebConfig,
  type RuebEvent,
  type SebamConfig,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import { createRuebEventRepository } from '../../store/reports/index.js';
import { createListeners } from '../listeners.js';
import { MaintenanceInputError } from '../maintenance/errors.js';
import type { Plant } from '../plant.js';
import type { PastOverflow } from './past-overflows.js';
import { createSpillTracker, type ReadPv, type SpillFigures } from './spill-tracker.js';

/** Stormwater overflow basins (calls §7 Protocol and system configs): configs and overflow events. */
export interface RuebService {
  configs(): RuebConfig[];
  /** Events of a station (-1: all) that started in a month (1–12) or, with month 0, in a year. */
  events(stationNr: number, year: number, month: number): Promise<RuebEvent[]>;
  /** An event opened (end null) or closed. */
  onRuebEvent(listener: (event: RuebEvent) => void): () => void;
  /** Writes the overflows of a told history before the plant starts; an open one goes on live. */
  recordPast(overflows: readonly PastOverflow[]): Promise<void>;
  /** Resolves when every detected change is in the store. */
  idle(): Promise<void>;
  stop(): void;
}

/** Sebam configs (GET /api/Sebam/configs). */
export function createSebamService(configs: readonly SebamConfig[]) {
  return { configs: (): SebamConfig[] => [...configs] };
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
  const trackers = new Map(configs.map((b) => [b.id, createSpillTracker(b)] as const));
  /** Store ids of the open events by basin; 0 until the opening write is done. */
  const openIds = new Map<string, { id: number }>();
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => {
      process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'RuebEventError');
    });
  };
  const read: ReadPv = (ref) => (ref ? numberOf(plant.values.get(pvKey(ref))) : null);
  const event = (b: RuebConfig, id: number, f: SpillFigures, end: number | null): RuebEvent => ({
    id,
    basinId: b.id,
    stationNr: b.stationNr,
    start: f.start,
    end,
    duration: end === null ? 0 : (end - f.start) / 1000,
    overflowVolume: f.overflowVolume,
    maxLevel: f.maxLevel,
  });

  for (const b of configs) {
    const open = await repo.openOf(b.id);
    if (!open) continue;
    trackers.get(b.id)?.resume(open, read);
    openIds.set(b.id, { id: open.id });
  }

  const watched = new Map<string, RuebConfig[]>();
  for (const b of configs) {
    for (const ref of [b.levelPv, b.overflowPv, b.overflowFlowPv, b.overflowVolumePv]) {
      if (ref) watched.set(pvKey(ref), [...(watched.get(pvKey(ref)) ?? []), b]);
    }
  }
  const update = (b: RuebConfig, at: number) => {
    const step = trackers.get(b.id)?.observe(at, read);
    if (!step) return;
    if (step.kind === 'opened') {
      const open = { id: 0 };
      openIds.set(b.id, open);
      enqueue(async () => {
        open.id = (
          await repo.open({
            basinId: b.id,
            stationNr: b.stationNr,
            start: step.figures.start,
            maxLevel: step.figures.maxLevel,
          })
        ).id;
        listeners.emit(event(b, open.id, step.figures, null));
      });
      return;
    }
    const open = openIds.get(b.id);
    openIds.delete(b.id);
    if (!open) return;
    // The id is known once the opening write is done (the queue keeps order).
    enqueue(async () => {
      const closed = event(b, open.id, step.figures, step.end);
      await repo.update(open.id, {
        end: step.end,
        overflowVolume: closed.overflowVolume,
        maxLevel: closed.maxLevel,
      });
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
    async recordPast(overflows) {
      for (const o of overflows) {
        const b = configs.find((c) => c.id === o.basinId);
        if (!b) continue;
        const { id } = await repo.open({
          basinId: b.id,
          stationNr: b.stationNr,
          start: o.figures.start,
          maxLevel: o.figures.maxLevel,
        });
        await repo.update(id, {
          end: o.end,
          overflowVolume: o.figures.overflowVolume,
          maxLevel: o.figures.maxLevel,
        });
        if (o.end !== null) continue;
        trackers.get(b.id)?.resume(o.figures, read);
        openIds.set(b.id, { id });
      }
    },
    onRuebEvent: (listener) => listeners.add(listener),
    idle: () => queue,
    stop: unsubscribe,
  };
}
