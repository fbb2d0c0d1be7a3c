// A field device for the MQTT benchmark in its own process: publishes readings at a target rate
// for a time and prints what it sent. Plain: one JSON value per message on bench/<key>.
// Sparkplug: an edge node (Eclipse Tahu's encoder) with N metrics, NDATA of M metrics each.
// Usage: node mqtt-publisher.mjs '<json options>'
import mqtt from 'mqtt';
import { get } from 'sparkplug-payload';

const o = JSON.parse(process.argv[2]);
const tahu = get('spBv1.0');
const client = await mqtt.connectAsync(o.url, { reconnectPeriod: 0 });

/** Pre-built messages: building them is the device's work, not what the benchmark measures. */
function plainMessages() {
  return Array.from({ length: o.pvs }, (_, i) => ({
    topic: `${o.prefix}/AnaIn-${100000 + i + 1}`,
    payloads: [0, 1, 2, 3].map((k) => Buffer.from(JSON.stringify({ value: (i % 97) + k / 4 }))),
  }));
}

function sparkplugMessages() {
  const birthMetrics = Array.from({ length: o.pvs }, (_, i) => ({
    name: `m${i}`,
    alias: i + 1,
    type: /** @type {const} */ ('Double'),
    value: 0,
  }));
  const birth = (seq) =>
    Buffer.from(
      tahu.encodePayload({
        timestamp: Date.now(),
        seq,
        metrics: [{ name: 'bdSeq', type: /** @type {const} */ ('UInt64'), value: 0 }, ...birthMetrics],
      }),
    );
  // 256 data messages, one per sequence number, each with the next perMessage metrics.
  const data = Array.from({ length: 256 }, (_, seq) => {
    const first = (seq * o.perMessage) % o.pvs;
    const metrics = Array.from({ length: o.perMessage }, (_, j) => ({
      alias: ((first + j) % o.pvs) + 1,
      type: /** @type {const} */ ('Double'),
      value: seq + j / 1000,
    }));
    return Buffer.from(tahu.encodePayload({ seq, metrics }));
  });
  return { birth, data };
}

let sent = 0;
let values = 0;
const started = Date.now();
const deadline = started + o.seconds * 1000;
if (o.kind === 'plain') {
  const messages = plainMessages();
  let n = 0;
  // Paced in slices of 10 ms: a steady rate, not one burst per second.
  while (Date.now() < deadline) {
    const sliceEnd = Date.now() + 10;
    const due = Math.floor(((Date.now() - started + 10) / 1000) * o.rate);
    while (sent < due) {
      const m = messages[n % messages.length];
      client.publish(m.topic, m.payloads[Math.floor(n / messages.length) % 4], { qos: 0 });
      n++;
      sent++;
    }
    values = sent;
    await new Promise((r) => setTimeout(r, Math.max(0, sliceEnd - Date.now())));
  }
} else {
  const { birth, data } = sparkplugMessages();
  const nodeTopic = (type) => `spBv1.0/${o.group}/${type}/${o.node}`;
  let seq = 0;
  const publishBirth = () => {
    client.publish(nodeTopic('NBIRTH'), birth(0), { qos: 0 });
    seq = 1;
  };
  client.on('message', () => publishBirth());
  await client.subscribeAsync(nodeTopic('NCMD'));
  publishBirth();
  await new Promise((r) => setTimeout(r, o.settleMs ?? 2000));
  const begin = Date.now();
  const end = begin + o.seconds * 1000;
  while (Date.now() < end) {
    const sliceEnd = Date.now() + 10;
    const due = Math.floor(((Date.now() - begin + 10) / 1000) * o.rate);
    while (sent < due) {
      client.publish(nodeTopic('NDATA'), data[seq], { qos: 0 });
      seq = (seq + 1) % 256;
      sent++;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, sliceEnd - Date.now())));
  }
  values = sent * o.perMessage;
}
await client.endAsync();
process.stdout.write(`${JSON.stringify({ messages: sent, values, seconds: o.seconds })}\n`);
