import type {
  AlarmLineInfo,
  DashboardChange,
  AlarmPlanInfo,
  Alert,
  EnergyOptValues,
  LimitConfig,
  MaintenanceConfig,
  PendingAlertState,
  PipeLeakageConfig,
  ProcessValue,
  PvAckEvent,
  PvConfig,
  ServerInfoMessage,
  ServerStatus,
  Station,
  TextMessage,
} from '@leitwarte/core';
import type { NoteUpdate } from '../plant/dashboards/index.js';
import type { SessionEndReason } from '../auth/session-gate.js';

/** What a process that does not run the field mirrors of the owner's live state. */
export interface LiveSnapshot {
  to: string | null;
  values: readonly ProcessValue[];
  stations: readonly Station[];
  limits: readonly LimitConfig[];
  /** Per PV key with maintenance configs (a runtime PV, or a machine PV's runtimes): its configs. */
  maintenance: ReadonlyArray<readonly [string, readonly MaintenanceConfig[]]>;
  plans: readonly AlarmPlanInfo[];
  lines: readonly AlarmLineInfo[];
}

/** Topics on the backplane and the message each carries. Channels add their topics here. */
export interface BackplaneTopics {
  /** Changed process values, in the order the data source produced them. */
  'pv.values': readonly ProcessValue[];
  /** The field's answer to a value a user wrote (newValue). */
  'pv.written': ProcessValue;
  /** A failure input was acknowledged (newAck). */
  'pv.ack': PvAckEvent;
  /** A PV's config changed, e.g. its digital alert priority (newConfig). */
  'pv.config': PvConfig;
  /** Stations whose dial state, times or dial counters changed (whole station records). */
  'stations.changed': readonly Station[];
  /** The data source's connection state as a server status. */
  'server.status': ServerStatus;
  /** A text an administrator sends to every connected session. */
  'server.info': ServerInfoMessage;
  /** An alert came (newAlert), went (newAlertState) or was acknowledged alone (ackAlert). */
  'alerts.new': Alert;
  'alerts.state': Alert;
  'alerts.ack': Alert;
  /** Alerts acknowledged by one action (ackAlerts). */
  'alerts.acks': readonly Alert[];
  /** Ids of deleted alerts. */
  'alerts.deleted': readonly number[];
  /** Bindings whose acknowledgement state changed (newPendingAlerts). */
  'alerts.pending': readonly PendingAlertState[];
  'limits.config': readonly LimitConfig[];
  'maintenance.config': readonly MaintenanceConfig[];
  'remoteAlarm.plans': readonly AlarmPlanInfo[];
  'remoteAlarm.lines': readonly AlarmLineInfo[];
  'pipeLeakage.configs': readonly PipeLeakageConfig[];
  'energy.values': readonly EnergyOptValues[];
  'textMessages.message': TextMessage;
  'dashboards.note': NoteUpdate;
  /** A dashboard was made, saved or deleted in the editor. */
  'dashboards.change': DashboardChange;
  /** A process ended a session (logout, expiry, user disabled): every process closes its sockets. */
  'sessions.ended': { origin: string; sessionId: string; reason: SessionEndReason };
  /** A process changed roles or assignments: every process reloads them. */
  'rights.changed': { origin: string };
  /** A process that does not run the field asks the owner for its live state. */
  'mirror.request': { origin: string };
  /** The owner's live state, for one process (`to`) or, after a takeover, for all (null). */
  'mirror.snapshot': LiveSnapshot;
}

export type BackplaneTopic = keyof BackplaneTopics;

/**
 * Between event producers (plant, alert engine, ...) and hubs. In one process it is a plain
 * in-memory fan-out; with several processes a Redis pub/sub implementation carries the same
 * topics between them (like ASP.NET's Redis backplane). Delivery is at most once: after a
 * reconnect clients resubscribe and get current values, so a lost message heals itself.
 */
export interface Backplane {
  publish<T extends BackplaneTopic>(topic: T, message: BackplaneTopics[T]): void;
  subscribe<T extends BackplaneTopic>(topic: T, listener: (message: BackplaneTopics[T]) => void): () => void;
}

type Listener = (message: never) => void;

/** The default backplane: synchronous fan-out inside this process. */
export function createInProcessBackplane(): Backplane {
  const listeners = new Map<BackplaneTopic, Set<Listener>>();
  return {
    publish(topic, message) {
      for (const listener of listeners.get(topic) ?? []) {
        (listener as (m: typeof message) => void)(message);
      }
    },
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(topic, set);
      return () => {
        set.delete(listener);
      };
    },
  };
}
