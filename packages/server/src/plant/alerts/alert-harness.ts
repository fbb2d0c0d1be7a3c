import type { Alert, PendingAlertState } from '@leitwarte/core';
import { createPlant } from '../create-plant.js';
import type { PlantDefinition } from '../definition-types.js';
import type { Plant } from '../plant.js';
import { createSimulator, QUIET_RATES, type Simulator, type SimulatorOptions } from '../../sources/index.js';
import type { Store } from '../../store/index.js';
import type { Actor } from './actor.js';
import { loadAlertContent, DEMO_ALERTS_PATH, type AlertContent } from './alert-content.js';
import { createAlertService, type AlertEngineSettings, type AlertService } from './alert-service.js';
import { createLimitService, type LimitService } from './limit-service.js';

/** 10 June 2025, 10:00 in Berlin. */
export const HARNESS_T0 = Date.UTC(2025, 5, 10, 8, 0, 0);

export const OPERATOR: Actor = { userId: 7, username: 'meier' };

export interface AlertHarnessOptions {
  rates?: SimulatorOptions['rates'];
  seed?: number;
  settings?: AlertEngineSettings;
  /** Store the demo's default limits (alerts.json). Default true. */
  defaults?: boolean;
  start?: number;
}

/** Everything the alert engine announces, in order. */
export interface AlertRecording {
  newAlert: Alert[];
  alertState: Alert[];
  ackAlert: Alert[];
  ackAlerts: Alert[][];
  deletedAlerts: number[][];
  pending: PendingAlertState[][];
}

export interface AlertHarness {
  store: Store;
  sim: Simulator;
  plant: Plant;
  limits: LimitService;
  alerts: AlertService;
  content: AlertContent;
  seen: AlertRecording;
  now(): number;
  /** Advances the clock second by second: the simulator steps, the engine checks delays. */
  run(seconds: number): Promise<void>;
  /** Runs until the condition holds (true) or the time is up (false). */
  runUntil(condition: () => boolean, maxSeconds: number): Promise<boolean>;
  /** A new engine over the same store and plant, as after a server restart. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The demo plant on the simulator with a manual clock, the limit service and the alert engine
 * over the given store. Quiet (no random events) unless rates are given. Used by the tests of
 * this area; no part of it replaces the product's own code.
 */
export async function createAlertHarness(
  store: Store,
  definition: PlantDefinition,
  options: AlertHarnessOptions = {},
): Promise<AlertHarness> {
  let t = options.start ?? HARNESS_T0;
  const now = () => t;
  const content = loadAlertContent(DEMO_ALERTS_PATH, definition);
  const sim = createSimulator(definition, {
    seed: options.seed ?? 42,
    rates: { ...QUIET_RATES, ...options.rates },
    now,
    autoTick: false,
  });
  const plant = createPlant({ definition, source: sim, now });
  const limits = createLimitService({
    store,
    plant,
    defaults: options.defaults === false ? [] : content.limits,
    now,
  });
  await limits.start();
  const seen: AlertRecording = {
    newAlert: [],
    alertState: [],
    ackAlert: [],
    ackAlerts: [],
    deletedAlerts: [],
    pending: [],
  };
  const engine = () => {
    const service = createAlertService({
      store,
      plant,
      limits,
      now,
      autoTick: false,
      ...(options.settings ? { settings: () => options.settings as AlertEngineSettings } : {}),
    });
    service.onNewAlert((a) => seen.newAlert.push(a));
    service.onAlertState((a) => seen.alertState.push(a));
    service.onAckAlert((a) => seen.ackAlert.push(a));
    service.onAckAlerts((a) => seen.ackAlerts.push([...a]));
    service.onDeletedAlerts((ids) => seen.deletedAlerts.push([...ids]));
    service.onPendingAlerts((s) => seen.pending.push([...s]));
    return service;
  };
  await plant.start();
  const harness: AlertHarness = {
    store,
    sim,
    plant,
    limits,
    alerts: engine(),
    content,
    seen,
    now,
    async run(seconds) {
      for (let i = 0; i < seconds; i++) {
        t += 1000;
        sim.step();
        harness.alerts.tick();
      }
      await harness.alerts.flush();
    },
    async runUntil(condition, maxSeconds) {
      for (let i = 0; i < maxSeconds; i++) {
        await harness.run(1);
        if (condition()) return true;
      }
      return false;
    },
    async restart() {
      await harness.alerts.stop();
      harness.alerts = engine();
      await harness.alerts.start();
      await harness.alerts.flush();
    },
    async stop() {
      await harness.alerts.stop();
      await plant.stop();
    },
  };
  await harness.alerts.start();
  await harness.alerts.flush();
  return harness;
}
