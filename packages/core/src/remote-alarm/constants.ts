/** Priority-active flags of an alarm plan: one per priority 0 to 9 (screens §9 "Alarm plan bindings"). */
export const ALARM_PLAN_PRIORITY_FLAGS = 10;
/** Member slots of an alarm plan, each naming a call number or empty (screens §9 "Alarm plan bindings"). */
export const ALARM_PLAN_MEMBER_SLOTS = 20;

/** How an alarm line reaches the recipients (screens §3 "Alarm line info" connectionType). */
export const ALARM_CONNECTION_TYPES = ['Analog', 'GSM', 'ISDN', 'IP'] as const;
/** One of the alarm line connection types. */
export type AlarmConnectionType = (typeof ALARM_CONNECTION_TYPES)[number];

/**
 * Catalogue keys of an alarm plan's status (screens §8: "alarm count or call-number changes
 * exceeded"); the client translates them, the server never sends prose for them.
 */
export const REMOTE_ALARM_TEXT_KEYS = {
  alerting: 'remoteAlarm.alerting',
  awaitingConfirmation: 'remoteAlarm.awaitingConfirmation',
  deliveryRetry: 'remoteAlarm.deliveryRetry',
  delivered: 'remoteAlarm.delivered',
  noLineAvailable: 'remoteAlarm.noLineAvailable',
  noRecipients: 'remoteAlarm.noRecipients',
  alertingCountExceeded: 'remoteAlarm.alertingCountExceeded',
  callNumberChangeCountExceeded: 'remoteAlarm.callNumberChangeCountExceeded',
} as const;
/** One of the alarm plan status keys. */
export type RemoteAlarmTextKey = (typeof REMOTE_ALARM_TEXT_KEYS)[keyof typeof REMOTE_ALARM_TEXT_KEYS];

/** Plan action payload value that toggles instead of setting (screens §3 "Action payloads"). */
export const PLAN_DEFAULT_TOGGLE = 2;

/** Longest name of a call number, category or plan we accept. */
export const REMOTE_ALARM_NAME_MAX = 64;
/** Longest visualisation text message we accept. */
export const TEXT_MESSAGE_MAX = 500;
