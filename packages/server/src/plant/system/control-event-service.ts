import type { ControlEvent, ControlEventsReply, DialState } from '@leitwarte/core';
import type { ConnectionState } from '../../sources/data-source.js';
import type { Store } from '../../store/index.js';
import type { AuditRow } from '../../store/index.js';
import {
  countAuditRows,
  createAlertStore,
  type NewSystemEvent,
  type SystemEventRow,
} from '../../store/alerts/index.js';
import { createTaskQueue, type AlertSubscriptions } from '../alerts/alert-events.js';
import { alertComingEvent, alertGoingEvent } from '../alerts/alert-system-events.js';
import type { Plant } from '../plant.js';

/** System event kinds the product records. */
export const SYSTEM_EVENT_KINDS = [
  'serverStart',
  'serverStop',
  'sourceConnectionLost',
  'sourceConnectionRestored',
  'stationConnectionError',
  'alertEngineStarted',
  'webcamOffline',
  'webcamOnline',
  'alertComing',
  'alertGoing',
] as const;

/** Dial states recorded as a station connection error, with their screens §4 labels. */
const STATION_ERRORS: Partial<Record<DialState, string>> = {
  TimeOut: 'Zeitüberschreitung',
  CommunicationError: 'Verbindungsfehler',
  ConnectionError: 'Verbindungsfehler',
};

export interface ControlEventServiceDeps {
  store: Store;
  plant: Plant;
  /** Alarms coming and going are system events too (spec: the system event archive). */
  alerts?: Pick<AlertSubscriptions, 'onNewAlert' | 'onAlertState'>;
  now?: () => number;
}

/** The control events (system event archive): the audit log and the system events, merged. */
export interface ControlEventService {
  /** Records data-source and station connection events from now on. */
  start(): void;
  stop(): Promise<void>;
  /** Records one system event (server start and stop are recorded by the server's lifecycle). */
  record(event: Omit<NewSystemEvent, 'at'> & { at?: number }): Promise<void>;
  /** Newest first within [start, end], at most limit, with how many the range holds in all. */
  query(start: number, end: number, limit: number): Promise<ControlEventsReply>;
  /** Resolves when every event noticed so far is stored. */
  flush(): Promise<void>;
}

const fromAudit = (row: AuditRow): ControlEvent => ({
  id: `audit-${row.id}`,
  at: row.at,
  origin: 'audit',
  kind: row.action,
  username: row.username,
  station: null,
  object: row.object,
  oldValue: row.old_value,
  newValue: row.new_value,
  text: null,
});

const fromSystem = (row: SystemEventRow): ControlEvent => ({
  id: `system-${row.id}`,
  at: row.at,
  origin: 'system',
  kind: row.kind,
  username: null,
  station: row.station,
  object: row.object,
  oldValue: null,
  newValue: null,
  text: row.text,
});

export function createControlEventService({
  store,
  plant,
  alerts,
  now = Date.now,
}: ControlEventServiceDeps): ControlEventService {
  const events = createAlertStore(store.db).systemEvents;
  const queue = createTaskQueue((error) =>
    process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'ControlEventError'),
  );
  const unsubscribe: (() => void)[] = [];
  const record = (event: Omit<NewSystemEvent, 'at'> & { at?: number }) =>
    queue.run(() => events.append({ ...event, at: event.at ?? now() }));

  return {
    start() {
      let last: ConnectionState = plant.connectionState();
      let lost = false;
      unsubscribe.push(
        plant.onConnectionState((state) => {
          if (state === 'Disconnected' && last !== 'Disconnected') {
            lost = true;
            queue.fire(() =>
              events.append({
                at: now(),
                kind: 'sourceConnectionLost',
                text: 'Verbindung zur Datenquelle unterbrochen',
              }),
            );
          } else if (state === 'Connected' && lost) {
            lost = false;
            queue.fire(() =>
              events.append({
                at: now(),
                kind: 'sourceConnectionRestored',
                text: 'Verbindung zur Datenquelle wiederhergestellt',
              }),
            );
          }
          last = state;
        }),
      );
      if (alerts) {
        unsubscribe.push(
          alerts.onNewAlert((alert) =>
            queue.fire(() => events.append(alertComingEvent(alert, alert.comingAt))),
          ),
          alerts.onAlertState((alert) => {
            if (alert.active || alert.goingAt === null) return;
            const goingAt = alert.goingAt;
            queue.fire(() => events.append(alertGoingEvent(alert, goingAt)));
          }),
        );
      }
      const dialStates = new Map(plant.stations().map((s) => [s.stationNumber, s.dialState]));
      unsubscribe.push(
        plant.onStationChange((stations) => {
          for (const station of stations) {
            const before = dialStates.get(station.stationNumber);
            dialStates.set(station.stationNumber, station.dialState);
            const label = STATION_ERRORS[station.dialState];
            if (!label || before === station.dialState) continue;
            queue.fire(() =>
              events.append({
                at: now(),
                kind: 'stationConnectionError',
                station: station.stationNumber,
                object: station.name,
                text: `${station.name}: ${label}`,
                detail: { dialState: station.dialState },
              }),
            );
          }
        }),
      );
    },
    async stop() {
      unsubscribe.splice(0).forEach((off) => off());
      await queue.idle();
    },
    record,
    async query(start, end, limit) {
      if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) {
        throw new RangeError('invalid time range: start and end must be times with start ≤ end');
      }
      if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) {
        throw new RangeError('invalid limit: must be an integer 1 to 100000');
      }
      const [audit, system, auditCount, systemCount] = await Promise.all([
        store.audit.range(start, end, limit),
        events.range(start, end, limit),
        countAuditRows(store.db, start, end),
        events.count(start, end),
      ]);
      const merged = [...audit.map(fromAudit), ...system.map(fromSystem)].sort((a, b) => b.at - a.at);
      return { events: merged.slice(0, limit), total: auditCount + systemCount };
    },
    flush: () => queue.idle(),
  };
}
