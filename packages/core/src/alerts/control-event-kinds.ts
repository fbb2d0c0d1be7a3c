/**
 * Every kind of control event the server writes (spec: system event archive), as it spells
 * them: audit actions (a refused attempt adds `.refused` to its action) and system event kinds.
 * The event archive names each of them in every language; tests on both sides hold the server
 * and the catalogues to this list.
 */
export const CONTROL_EVENT_KINDS = [
  // Sessions and accounts
  'login',
  'logout',
  'login.failed',
  'login.lockout',
  'login.password',
  'login.refused',
  'access.refused',
  'request.refused',
  'secondFactor.enabled',
  'secondFactor.disabled',
  'secondFactor.disable',
  'secondFactor.enrolment',
  'secondFactor.enrolment.started',
  'user.create',
  'user.update',
  'user.read',
  'user.disable',
  'user.enable',
  'user.unlock',
  'user.roles',
  'user.secondFactor.reset',
  'role.create',
  'role.update',
  'role.delete',
  // Operating the plant
  'user.password-change',
  'limits.set',
  'priority.set',
  'pv.write',
  'pv.counterReset',
  'pv.ack',
  'alerts.acknowledge',
  'alerts.acknowledgeAll',
  'alerts.delete',
  'priorityOutputs.acknowledge',
  'station.call',
  'systemConfig.set',
  'textMessage.set',
  'dashboard.note',
  'dashboard.create',
  'dashboard.copy',
  'dashboard.update',
  'dashboard.delete',
  'chart.create',
  'chart.update',
  'chart.delete',
  'chart.export',
  'annotation.create',
  'annotation.update',
  'annotation.delete',
  'runtime-set',
  'report.manual-input',
  'report-manual-input',
  'report.exportSettings',
  'report.scheduledExport.create',
  'report.scheduledExport.delete',
  'maintenance.document.add',
  'maintenance.document.download',
  'maintenance.document.upload',
  'maintenance.lifecycle.create',
  'maintenance.lifecycle.update',
  'maintenance.lifecycle.delete',
  'maintenance.lifecycle.save',
  'maintenance.calendarToken.issue',
  'maintenance.calendarToken.revoke',
  'webcam.read',
  // Remote alarm
  'remoteAlarm.setPlanActive',
  'remoteAlarm.ackPlan',
  'remoteAlarm.saveCallNumber',
  'remoteAlarm.setCallNumberState',
  'remoteAlarm.setPlanRecipients',
  'remoteAlarm.attempt',
  'remoteAlarm.notificationSent',
  'remoteAlarm.notificationFailed',
  'remoteAlarm.notConfirmed',
  'remoteAlarm.confirmed',
  'remoteAlarm.escalationEnded',
  'remoteAlarm.smsReply',
  // Data sources and the server
  'dataSource.connection',
  'source.restart',
  'serverInfo.send',
  // System events
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

/** A kind of control event, without the `.refused` of a refused attempt. */
export type ControlEventKind = (typeof CONTROL_EVENT_KINDS)[number];

const REFUSED = '.refused';

/**
 * The kind a control event's kind names, and whether it was refused: `chart.update.refused` is a
 * refused `chart.update`; `access.refused` is a kind of its own. Null for a kind not in the list.
 */
export function controlEventKindOf(kind: string): { kind: ControlEventKind; refused: boolean } | null {
  const known = (k: string): k is ControlEventKind => (CONTROL_EVENT_KINDS as readonly string[]).includes(k);
  if (known(kind)) return { kind, refused: false };
  if (kind.endsWith(REFUSED)) {
    const base = kind.slice(0, -REFUSED.length);
    if (known(base)) return { kind: base, refused: true };
  }
  return null;
}

/** The catalogue key of a kind: `limits.set` → `limitsSet`, `runtime-set` → `runtimeSet`. */
export const controlEventKindKey = (kind: ControlEventKind): string =>
  kind.replace(/[.-](\w)/g, (_m, c: string) => c.toUpperCase());
