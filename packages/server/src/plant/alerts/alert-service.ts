import {
  DEFAULT_HYSTERESIS_PERCENT,
  pvKey,
  type Alert,
  type AlertBindingKind,
  type AlertsReply,
  type PendingAlertState,
  type PvRef,
} from '@leitwarte/core';
import type { Plant } from '../plant.js';
import type { Store } from '../../store/index.js';
import { createAlertStore, type AlertAck, type AlertPage } from '../../store/alerts/index.js';
import { createAlertsRepository } from '../../store/alerts/alerts-repository.js';
import type { Actor } from './actor.js';
import { createAlertBook } from './alert-book.js';
import { scanAlerts } from './alert-scan.js';
import { createAlertEvents, createTaskQueue, type AlertSubscriptions } from './alert-events.js';
import { newAlertRow, toAlert, type ConditionEvent } from './alert-rows.js';
import { createAnalogDetector } from './analog-detector.js';
import { createInputDetector } from './input-detector.js';
import type { LimitService } from './limit-service.js';

/** Settings the engine reads at each evaluation (the system configuration's, when wired). */
export interface AlertEngineSettings {
  alertHysteresisPercent: number;
  stationConnectionAlertPriority: number;
}

export interface AlertServiceDeps {
  store: Store;
  plant: Plant;
  limits: LimitService;
  settings?: () => AlertEngineSettings;
  now?: () => number;
  /** How often running delay times are checked. Default 1000 ms. */
  tickMs?: number;
  /** Run that check on a timer; false leaves it to the caller's tick() (tests). Default true. */
  autoTick?: boolean;
}

/** The alert engine and the alert archive. */
export interface AlertService extends AlertSubscriptions {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Raises alerts whose delay time has run out. */
  tick(): void;
  /** Resolves when every condition seen so far is stored and announced. */
  flush(): Promise<void>;
  /**
   * A condition watched outside the PV values (alarm line faulty, pipe leakage, service message)
   * starts or ends; it is archived and announced like every other alert.
   */
  condition(event: ConditionEvent): void;
  /** Newest first by coming time within [start, end], at most limit, with the total. */
  range(start: number, end: number, limit: number): Promise<AlertsReply>;
  byPvs(pvs: readonly PvRef[], start: number, end: number, limit: number): Promise<AlertsReply>;
  /** As range, counting and returning only the alerts `keep` accepts (e.g. those a user may read). */
  rangeWhere(
    start: number,
    end: number,
    limit: number,
    keep: (alert: Alert) => boolean,
  ): Promise<AlertsReply>;
  /** The stored alerts of these ids (unknown ids are left out), by id. */
  byIds(ids: readonly number[]): Promise<Alert[]>;
  /** Alerts still followed: active or not acknowledged. */
  openAlerts(): Alert[];
  /** Acknowledgement state per binding with open alerts, optionally of one kind. */
  pendingStates(kind?: AlertBindingKind): PendingAlertState[];
  /** Acknowledges those not yet acknowledged; returns them. */
  acknowledge(ids: readonly number[], actor: Actor): Promise<Alert[]>;
  /** Acknowledges every unacknowledged alert, or only those `may` accepts (the user's rights). */
  acknowledgeAll(actor: Actor, may?: (alert: Alert) => boolean): Promise<Alert[]>;
  /** Acknowledges the pending alerts of these PVs (priority outputs). */
  acknowledgeByPvs(pvs: readonly PvRef[], actor: Actor): Promise<Alert[]>;
  /** Deletes closed alerts (gone and acknowledged); returns the ids deleted. */
  delete(ids: readonly number[], actor: Actor): Promise<number[]>;
}

const DEFAULT_SETTINGS: AlertEngineSettings = {
  alertHysteresisPercent: DEFAULT_HYSTERESIS_PERCENT,
  stationConnectionAlertPriority: 3,
};

function checkRange(start: number, end: number, limit: number): void {
  if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) {
    throw new RangeError('invalid time range: start and end must be times with start ≤ end');
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) {
    throw new RangeError('invalid limit: must be an integer 1 to 100000');
  }
}

const reply = (page: AlertPage): AlertsReply => ({ alerts: page.rows.map(toAlert), total: page.total });

export function createAlertService(deps: AlertServiceDeps): AlertService {
  const { store, plant, limits, now = Date.now } = deps;
  const settings = deps.settings ?? (() => DEFAULT_SETTINGS);
  const repos = createAlertStore(store.db);
  const book = createAlertBook();
  const events = createAlertEvents();
  const warn = (error: unknown) =>
    process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'AlertEngineError');
  const queue = createTaskQueue(warn);
  const unsubscribe: (() => void)[] = [];
  let timer: ReturnType<typeof setInterval> | null = null;

  const announcePending = () => {
    const changed = book.changes();
    if (changed.length > 0) events.emit.pendingAlerts.emit(changed);
  };

  const ackRows = async (ids: readonly number[], ack: AlertAck): Promise<Alert[]> => {
    // An acknowledgement by the field or a priority output is the owner's own write and fenced like
    // a new alert; an operator's acknowledgement is the user's write, kept wherever it lands.
    const rows =
      ack.origin !== 'user'
        ? await store.fencedWrite(
            (db) => createAlertStore(db).alerts.acknowledge(ids, ack),
            'an acknowledgement by the field',
          )
        : await repos.alerts.acknowledge(ids, ack);
    for (const row of rows) book.put(row);
    const alerts = rows.map(toAlert);
    if (alerts.length === 1) events.emit.ackAlert.emit(alerts[0] as Alert);
    else if (alerts.length > 1) events.emit.ackAlerts.emit(alerts);
    announcePending();
    return alerts;
  };

  /** Applies one condition event to the stored alerts (in queue order). */
  const apply = async (event: ConditionEvent) => {
    const at = now();
    if (event.kind === 'clear') {
      const row = book.active(event.source);
      if (!row) return;
      // Fenced: a former owner of the field that missed its replacement ends no alert it no longer watches.
      await store.fencedWrite((db) => createAlertStore(db).alerts.markGone(row.id, at), 'an alert going');
      const gone = { ...row, active: 0, going_at: at };
      book.put(gone);
      events.emit.alertState.emit(toAlert(gone));
      announcePending();
      return;
    }
    let row = book.active(event.info.source);
    if (!row) {
      // Fenced: a former owner of the field that missed its replacement raises no alert twice.
      const info = event.info;
      row = await store.fencedWrite(
        (db) => createAlertsRepository(db).insert(newAlertRow(info, at)),
        'a new alert',
      );
      book.put(row);
      events.emit.newAlert.emit(toAlert(row));
      announcePending();
    }
    if (event.acknowledgedInField && row.acknowledged_at === null) {
      await ackRows([row.id], { at, by: null, byId: null, origin: 'field' });
    }
  };
  const emit = (event: ConditionEvent) => queue.fire(() => apply(event));

  const analog = createAnalogDetector({
    plant,
    limits,
    hysteresisPercent: () => settings().alertHysteresisPercent,
    emit,
  });
  const inputs = createInputDetector({
    plant,
    limits,
    stationConnectionPriority: () => settings().stationConnectionAlertPriority,
    emit,
  });

  const audit = async (action: string, ids: readonly number[], actor: Actor, at: number) => {
    if (ids.length === 0) return;
    const shown = ids.slice(0, 50).join(',') + (ids.length > 50 ? ',…' : '');
    await store.audit.append({
      at,
      userId: actor.userId,
      username: actor.username,
      action,
      object: `alerts ${shown}`,
      detail: { ids: [...ids], count: ids.length },
      remoteAddress: actor.remoteAddress ?? null,
    });
  };
  /** Acknowledges for a user; runs inside the queue. */
  const ackFor = async (ids: readonly number[], actor: Actor, action: string) => {
    const at = now();
    const origin = action === 'priorityOutputs.acknowledge' ? 'priorityOutput' : 'user';
    const alerts = await ackRows(ids, { at, by: actor.username, byId: actor.userId, origin });
    // A priority-output acknowledgement is audited once, by the priority-output service.
    if (origin === 'user') {
      await audit(
        action,
        alerts.map((a) => a.id),
        actor,
        at,
      );
    }
    return alerts;
  };
  const unacknowledgedIds = (keep: (pv: string) => boolean = () => true, may?: (alert: Alert) => boolean) =>
    book
      .unacknowledged()
      .filter((r) => keep(`${r.pv_type}-${r.pv_nr}`) && (may === undefined || may(toAlert(r))))
      .map((r) => r.id);

  return {
    ...events.subscribe,
    async start() {
      const open = await repos.alerts.open();
      for (const row of open) book.put(row);
      book.changes();
      analog.restore(book.activeSources());
      unsubscribe.push(
        plant.values.onChange((batch) => {
          const at = now();
          for (const value of batch) {
            analog.onValue(value, at);
            inputs.onValue(value);
          }
        }),
        plant.onStationChange((stations) => stations.forEach(inputs.onStation)),
        limits.onLimitConfig((changed) => {
          const pvs = new Map(changed.map((c) => [pvKey(c.pvLimitRef.pv), c.pvLimitRef.pv]));
          for (const pv of pvs.values()) analog.reconfigure(pv, now());
        }),
      );
      const at = now();
      for (const value of plant.values.all()) {
        analog.onValue(value, at);
        inputs.onValue(value);
      }
      plant.stations().forEach(inputs.onStation);
      await repos.systemEvents.append({
        at,
        kind: 'alertEngineStarted',
        text: `Alarmverarbeitung gestartet, ${open.length} offene Meldungen übernommen`,
        detail: { open: open.length },
      });
      if (deps.autoTick ?? true) {
        timer = setInterval(() => analog.tick(now()), deps.tickMs ?? 1000);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe.splice(0).forEach((off) => off());
      await queue.idle();
    },
    tick: () => analog.tick(now()),
    flush: () => queue.idle(),
    condition: (event) => emit(event),
    async range(start, end, limit) {
      checkRange(start, end, limit);
      return reply(await repos.alerts.range(start, end, limit));
    },
    async byPvs(pvs, start, end, limit) {
      checkRange(start, end, limit);
      return reply(await repos.alerts.byPvs(pvs, start, end, limit));
    },
    async rangeWhere(start, end, limit, keep) {
      checkRange(start, end, limit);
      return scanAlerts((s, e, l) => repos.alerts.range(s, e, l), start, end, limit, keep);
    },
    byIds: async (ids) => (await repos.alerts.byIds(ids)).map(toAlert),
    openAlerts: () => book.open().map(toAlert),
    pendingStates: (kind) => book.pending().filter((s) => kind === undefined || s.kind === kind),
    acknowledge: (ids, actor) => queue.run(() => ackFor(ids, actor, 'alerts.acknowledge')),
    acknowledgeAll: (actor, may) =>
      queue.run(() => ackFor(unacknowledgedIds(undefined, may), actor, 'alerts.acknowledgeAll')),
    acknowledgeByPvs(pvs, actor) {
      const keys = new Set(pvs.map(pvKey));
      return queue.run(() =>
        ackFor(
          unacknowledgedIds((key) => keys.has(key)),
          actor,
          'priorityOutputs.acknowledge',
        ),
      );
    },
    delete: (ids, actor) =>
      queue.run(async () => {
        const deleted = await repos.alerts.deleteClosed(ids);
        if (deleted.length > 0) {
          await audit('alerts.delete', deleted, actor, now());
          events.emit.deletedAlerts.emit(deleted);
        }
        return deleted;
      }),
  };
}
