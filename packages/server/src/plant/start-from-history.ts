import { DAY_MS, createLocalPeriods, pvKey, type RuebConfig } from '@leitwarte/core';
import type { Rights } from '../auth/rights.js';
import type { ArchivedValue } from '../sources/data-source.js';
import type { Store } from '../store/index.js';
import { pastAlerts, type Acknowledger } from './alerts/alert-history.js';
import type { LimitService } from './alerts/limit-service.js';
import { storePastAlerts } from './alerts/past-alerts-store.js';
import {
  DEFAULT_BACKFILL_PLAN,
  backfillStart,
  generatedValueAt,
  isFullResolution,
} from './history/backfill.js';
import type { Historian } from './history/index.js';
import type { Plant } from './plant.js';
import { pastOverflows, type PastOverflow } from './rueb/past-overflows.js';

/** The last days of a generated history are the simulator's own run: values, alerts and all. */
export const SIMULATED_DAYS = 7;

export interface StartFromHistoryDeps {
  plant: Plant;
  historian: Historian;
  limits: LimitService;
  store: Store;
  rights: Rights;
  /** Generate a history on an empty archive, and how many days. */
  backfill: { enabled: boolean; days: number };
  alertSettings: () => { alertHysteresisPercent: number; stationConnectionAlertPriority: number };
  log: { info(msg: string): void };
  /** Stormwater basins whose overflows in the told history are recorded as events. */
  overflows?: { configs: readonly RuebConfig[]; record(overflows: readonly PastOverflow[]): Promise<void> };
  now?: () => number;
}

/** Who acknowledges past alerts: the enabled users with the ackAlerts right, the plant's own before admin. */
async function acknowledgers(store: Store, rights: Rights): Promise<Acknowledger[]> {
  const users = (await store.users.list()).filter(
    (u) => !u.disabled && rights.has({ userId: u.id, username: u.username }, 'ackAlerts'),
  );
  const own = users.filter((u) => u.username !== 'admin');
  return (own.length > 0 ? own : users).map((u) => ({ userId: u.id, username: u.username }));
}

/**
 * Starts the plant where its archive ends (issue 20, "Values that look wrong"). After a restart
 * the data source resumes from the values the archive last recorded, so curves continue instead of
 * jumping to the definition's starting values. On an empty archive with backfill on, the source
 * (the simulator) first runs the last SIMULATED_DAYS days and tells them: those become the history
 * of values, with the alerts they raised (acknowledged by the plant's operators) in the alert and
 * system event archives, and live values go on from where that run ended. The generated history
 * before them is written in the background, its levels ending where the run began.
 */
export async function startPlantFromHistory(
  deps: StartFromHistoryDeps,
): Promise<'resumed' | 'backfilled' | 'fresh'> {
  const { plant, historian } = deps;
  const now = deps.now ?? Date.now;
  if (await historian.hasHistory()) {
    const last = await historian.lastSamples();
    plant.resume?.(last);
    // Nothing was archived while the server was down: charts draw a gap there, not a line.
    const newest = Math.max(...[...last.values()].map((s) => s.t));
    if (Number.isFinite(newest) && newest < now()) await historian.recordGap(newest, now());
    await plant.start();
    return 'resumed';
  }
  if (!deps.backfill.enabled || !plant.history) {
    await plant.start();
    return 'fresh';
  }
  const started = performance.now();
  const end = now();
  const plan = { ...DEFAULT_BACKFILL_PLAN, days: deps.backfill.days };
  const start = backfillStart(end, plan.days);
  const joint = Math.max(
    start,
    Math.floor((end - Math.min(SIMULATED_DAYS, plan.days) * DAY_MS) / 60_000) * 60_000,
  );
  const periods = createLocalPeriods(plant.info.timeZone);
  let anchors: ReadonlyMap<string, number> = new Map();
  const recent = plant.history(joint, end, {
    // Half-minute steps: the same plant as the live one-second steps at a thirtieth of the work.
    stepMs: 30_000,
    prepare(initial) {
      anchors = initial;
      // Levels continue the generated year: the run starts where the generator's levels end.
      const levels = new Map<string, ArchivedValue>();
      if (joint <= start) return levels;
      for (const config of plant.pvConfigs()) {
        if (!isFullResolution(plan, config)) continue;
        const key = pvKey(config.pvRef);
        levels.set(key, { t: joint, v: generatedValueAt(config, initial.get(key), start, joint, periods) });
      }
      return levels;
    },
  });
  const settings = deps.alertSettings();
  const alerts = pastAlerts({
    plant,
    limits: deps.limits,
    history: recent,
    end,
    hysteresisPercent: settings.alertHysteresisPercent,
    stationConnectionPriority: settings.stationConnectionAlertPriority,
    acknowledgers: await acknowledgers(deps.store, deps.rights),
  });
  await storePastAlerts(deps.store, alerts);
  const overflows = deps.overflows ? pastOverflows(deps.overflows.configs, recent) : [];
  await deps.overflows?.record(overflows);
  deps.log.info(
    `historian: the simulator ran the last ${Math.round((end - joint) / DAY_MS)} days in ` +
      `${Math.round(performance.now() - started)} ms (${alerts.length} alerts, ${overflows.length} overflows)`,
  );
  await plant.start();
  void historian.backfill({ end, recent, anchors, plan });
  return 'backfilled';
}
