import type { ControlEvent } from '@leitwarte/core';
import type { TFunction } from 'i18next';

/** Kinds the catalogue words (audit actions in camel case, system event kinds as they are). */
const KNOWN_KINDS = [
  'login',
  'logout',
  'loginFailed',
  'loginLockout',
  'accessRefused',
  'limitsSet',
  'prioritySet',
  'pvWrite',
  'pvCounterReset',
  'pvAck',
  'alertsAcknowledge',
  'alertsAcknowledgeAll',
  'alertsDelete',
  'priorityOutputsAcknowledge',
  'systemConfigSet',
  'textMessageSet',
  'remoteAlarmSetPlanActive',
  'remoteAlarmAckPlan',
  'remoteAlarmSaveCallNumber',
  'remoteAlarmSetCallNumberState',
  'remoteAlarmSetPlanRecipients',
  'remoteAlarmAttempt',
  'remoteAlarmNotificationSent',
  'remoteAlarmNotificationFailed',
  'remoteAlarmNotConfirmed',
  'remoteAlarmConfirmed',
  'remoteAlarmEscalationEnded',
  'remoteAlarmSmsReply',
  'webcamOffline',
  'webcamOnline',
  'webcamRead',
  'chartCreate',
  'chartUpdate',
  'annotationCreate',
  'annotationUpdate',
  'dashboardNote',
  'dataSourceConnection',
  'serverInfoSend',
  'userCreate',
  'userUpdate',
  'userDisable',
  'userEnable',
  'userRoles',
  'roleCreate',
  'roleUpdate',
  'roleDelete',
  'sourceConnectionLost',
  'sourceConnectionRestored',
  'stationConnectionError',
  'serverStart',
] as const;
type KnownKind = (typeof KNOWN_KINDS)[number];
const isKnown = (kind: string): kind is KnownKind => (KNOWN_KINDS as readonly string[]).includes(kind);

/** `limits.set` → `limitsSet`: the catalogue key of an audit action. */
const camel = (kind: string) => kind.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());

/**
 * The event in words: audit entries by their action (a refused attempt says so), system events by
 * their kind; a kind the catalogue does not know is shown as the server names it.
 */
export function eventKindText(event: Pick<ControlEvent, 'kind'>, t: TFunction): string {
  const refused = event.kind.endsWith('.refused');
  const base = camel(refused ? event.kind.slice(0, -'.refused'.length) : event.kind);
  const text = isKnown(base) ? t(`events.kinds.${base}`) : event.kind;
  return refused ? t('events.refused', { action: text }) : text;
}

/** eventKindText with one lookup per distinct kind: lists sort and filter by it row by row. */
export function cachedEventKindText(t: TFunction): (event: Pick<ControlEvent, 'kind'>) => string {
  const texts = new Map<string, string>();
  return (event) => {
    let text = texts.get(event.kind);
    if (text === undefined) {
      text = eventKindText(event, t);
      texts.set(event.kind, text);
    }
    return text;
  };
}
