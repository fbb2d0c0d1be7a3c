import {
  REMOTE_ALARM_TEXT_KEYS,
  planKey,
  type AlarmCallNumber,
  type AlarmChannel,
  type AlarmPlanRef,
} from '@leitwarte/core';
import type { ParseKeys, TFunction } from 'i18next';

const STATUS_KEYS: Record<string, ParseKeys> = {
  [REMOTE_ALARM_TEXT_KEYS.alerting]: 'remoteAlarm.alerting',
  [REMOTE_ALARM_TEXT_KEYS.awaitingConfirmation]: 'remoteAlarm.awaitingConfirmation',
  [REMOTE_ALARM_TEXT_KEYS.deliveryRetry]: 'remoteAlarm.deliveryRetry',
  [REMOTE_ALARM_TEXT_KEYS.delivered]: 'remoteAlarm.delivered',
  [REMOTE_ALARM_TEXT_KEYS.noLineAvailable]: 'remoteAlarm.noLineAvailable',
  [REMOTE_ALARM_TEXT_KEYS.noRecipients]: 'remoteAlarm.noRecipients',
  [REMOTE_ALARM_TEXT_KEYS.alertingCountExceeded]: 'remoteAlarm.alertingCountExceeded',
  [REMOTE_ALARM_TEXT_KEYS.callNumberChangeCountExceeded]: 'remoteAlarm.callNumberChangeCountExceeded',
};

/** A plan's status key (sent by the server) in words; an unknown key as the server sent it. */
export function statusText(key: string | null, t: TFunction): string {
  if (key === null) return t('remoteAlarm.idle');
  const known = STATUS_KEYS[key];
  return known ? t(known) : key;
}

/** Whether a status means the plan gave up (shown as a warning). */
export const gaveUp = (key: string | null) =>
  key === REMOTE_ALARM_TEXT_KEYS.alertingCountExceeded ||
  key === REMOTE_ALARM_TEXT_KEYS.callNumberChangeCountExceeded ||
  key === REMOTE_ALARM_TEXT_KEYS.noRecipients;

const CHANNEL_KEYS: Record<AlarmChannel, ParseKeys> = {
  voice: 'remoteAlarm.channels.voice',
  sms: 'remoteAlarm.channels.sms',
  email: 'remoteAlarm.channels.email',
  push: 'remoteAlarm.channels.push',
  webhook: 'remoteAlarm.channels.webhook',
};

export const channelText = (channel: AlarmChannel, t: TFunction) => t(CHANNEL_KEYS[channel]);

/** The active priorities of a plan's ten flags, e.g. "1, 2, 3". */
export const priorityList = (flags: readonly boolean[]) =>
  flags.flatMap((on, priority) => (on ? [String(priority)] : [])).join(', ');

/** Names of the call numbers in a plan's slots, in alerting order. */
export function recipientNames(
  slots: readonly (number | null)[],
  numbers: ReadonlyMap<number, AlarmCallNumber>,
): string[] {
  return slots.flatMap((id) => (id === null ? [] : [numbers.get(id)?.name ?? `#${id}`]));
}

/** "Station 1 / Plan 2 – Name" for lists of refused plans. */
export function planLabel(ref: AlarmPlanRef, names: ReadonlyMap<string, string>): string {
  const name = names.get(planKey(ref));
  return `${ref.station}/${ref.planNumber}${name ? ` ${name}` : ''}`;
}
