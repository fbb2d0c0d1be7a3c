// Generated alerts for the UI benchmark: the shape of GET /api/alerts, as a plant with 50
// stations would have them after a long week, newest first.
const MESSAGES = [
  'Pumpe gestört',
  'Füllstand hoch',
  'Füllstand tief',
  'Druck zu niedrig',
  'Netzausfall',
  'Tür geöffnet',
  'Trübung hoch',
  'Chlor tief',
  'Durchfluss null',
  'Motorschutz ausgelöst',
];

/** `count` alerts ending at `now`, one every few seconds; ids from `firstId` counting down in time. */
export function generateAlerts(count, now, firstId = 1) {
  const alerts = new Array(count);
  for (let i = 0; i < count; i++) {
    const id = firstId + count - 1 - i;
    const station = 1 + (id % 50);
    const nr = station * 100000 + (id % 40);
    const comingAt = now - i * 6000;
    const kind = id % 3;
    const acknowledged = kind !== 0 && i > 20;
    const active = kind === 0 || i < 200;
    alerts[i] = {
      id,
      source: `DigiIn-${nr}`,
      bindingKind: 'device',
      bindingKey: `DigiIn-${nr}`,
      pv: { type: 'DigiIn', nr },
      station,
      limitType: null,
      priority: id % 10,
      message: `${MESSAGES[id % MESSAGES.length]} ${1 + (id % 12)}`,
      description: `Station ${station}: Aggregat ${1 + (id % 40)}`,
      value: 1,
      limit: null,
      state: acknowledged ? 'acknowledged' : active ? 'coming' : 'going',
      active,
      pending: !acknowledged,
      comingAt,
      goingAt: active ? null : comingAt + 60_000,
      acknowledgedAt: acknowledged ? comingAt + 120_000 : null,
      acknowledgedBy: acknowledged ? 'betrieb' : null,
      ackOrigin: acknowledged ? 'user' : null,
    };
  }
  return alerts;
}

/** SignalR JSON hub protocol records (0x1E separated): one `newAlert` invocation per alert. */
export function newAlertRecords(alerts) {
  return alerts
    .map((alert) => `${JSON.stringify({ type: 1, target: 'newAlert', arguments: [alert] })}\u001e`)
    .join('');
}
