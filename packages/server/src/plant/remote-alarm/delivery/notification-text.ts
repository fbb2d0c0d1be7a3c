import type { AlarmNotification } from './types.js';

// Notifications are written in German, the plant's language (the catalogue of the web app is
// not on the server; on-call staff read the plant's language).

const time = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(at));

const validUntil = (n: AlarmNotification) => time(n.expiresAt, n.plant.timeZone);

/** Subject of an alarm e-mail and title of a push. */
export function alarmTitle(n: AlarmNotification): string {
  const count = n.messages.length;
  return `Alarm ${n.plan.stationName}: ${n.plan.planname}${count > 1 ? ` (${count} Meldungen)` : ''}`;
}

/** The messages, one a line: time, priority, text. */
export function messageLines(n: AlarmNotification): string[] {
  return n.messages.map(
    (m) => `${time(m.at, n.plant.timeZone)}  Priorität ${m.priority}  ${m.text || 'Alarm'}`,
  );
}

/** Text of an alarm e-mail. */
export function alarmMailText(n: AlarmNotification): string {
  return [
    `${n.plant.name}`,
    `Fernalarmierung: ${n.plan.planname} (Station ${n.plan.stationName})`,
    '',
    ...messageLines(n),
    '',
    `Bitte quittieren: ${n.confirmUrl}`,
    `Der Link gilt einmal bis ${validUntil(n)}. Ohne Quittung wird der nächste Empfänger alarmiert.`,
  ].join('\n');
}

/** An SMS: what happened in short, and the code to answer with. */
export function alarmSms(n: AlarmNotification): string {
  const first = n.messages[0]?.text || 'Alarm';
  const more = n.messages.length > 1 ? ` (+${n.messages.length - 1})` : '';
  const tail = ` Quittieren: Antwort ${n.replyCode}`;
  const head = `Alarm ${n.plan.stationName}: ${first}${more}.`;
  // One SMS holds 160 GSM characters; the code must never be cut off.
  const room = 160 - tail.length;
  return `${head.length > room ? `${head.slice(0, room - 1)}…` : head}${tail}`;
}

/** Body of a push message. */
export function alarmPushText(n: AlarmNotification): string {
  return [...messageLines(n), `Gültig bis ${validUntil(n)}.`].join('\n');
}
