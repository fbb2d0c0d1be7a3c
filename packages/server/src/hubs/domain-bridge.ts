import type { Domain } from '../domain.js';
import type { Backplane } from './backplane.js';

/** The plant services whose events and current state the live channels carry. */
export type HubDomain = Pick<
  Domain,
  | 'alerts'
  | 'limits'
  | 'maintenance'
  | 'remoteAlarm'
  | 'pipeLeakage'
  | 'energy'
  | 'textMessages'
  | 'dashboards'
  | 'reports'
  | 'pvEvents'
>;

/**
 * Feeds the backplane from the plant services (like bridgePlant for values and stations), so
 * with several processes the events of the one that runs the engines reach every process.
 */
export function bridgeDomain(domain: HubDomain, backplane: Backplane): () => void {
  const { alerts } = domain;
  const stops = [
    alerts.onNewAlert((alert) => backplane.publish('alerts.new', alert)),
    alerts.onAlertState((alert) => backplane.publish('alerts.state', alert)),
    alerts.onAckAlert((alert) => backplane.publish('alerts.ack', alert)),
    alerts.onAckAlerts((list) => backplane.publish('alerts.acks', list)),
    alerts.onDeletedAlerts((ids) => backplane.publish('alerts.deleted', ids)),
    alerts.onPendingAlerts((states) => backplane.publish('alerts.pending', states)),
    domain.limits.onLimitConfig((configs) => backplane.publish('limits.config', configs)),
    domain.maintenance.onMaintenanceConfig((configs) => backplane.publish('maintenance.config', configs)),
    domain.remoteAlarm.onPlanInfo((plans) => backplane.publish('remoteAlarm.plans', plans)),
    domain.remoteAlarm.onLineInfo((lines) => backplane.publish('remoteAlarm.lines', lines)),
    domain.pipeLeakage.onPipeLeakage((configs) => backplane.publish('pipeLeakage.configs', configs)),
    domain.energy.onEnergyValues((values) => backplane.publish('energy.values', values)),
    domain.textMessages.onMessage((message) => backplane.publish('textMessages.message', message)),
    domain.dashboards.onNoteUpdate((update) => backplane.publish('dashboards.note', update)),
    domain.dashboards.onChange((change) => backplane.publish('dashboards.change', change)),
    domain.pvEvents.onWrittenValue((value) => backplane.publish('pv.written', value)),
    domain.pvEvents.onAck((ack) => backplane.publish('pv.ack', ack)),
    domain.pvEvents.onConfig((config) => backplane.publish('pv.config', config)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
