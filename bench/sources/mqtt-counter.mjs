// The baseline of the MQTT benchmark: a client that only counts what the broker delivers.
// Usage: node mqtt-counter.mjs '<json options>'; prints {messages} when stdin closes.
import mqtt from 'mqtt';

const o = JSON.parse(process.argv[2]);
const client = await mqtt.connectAsync(o.url, { reconnectPeriod: 0 });
let messages = 0;
client.on('message', () => messages++);
await client.subscribeAsync(o.topic, { qos: 0 });
process.stdout.write('ready\n');
process.stdin.resume();
process.stdin.on('end', async () => {
  await client.endAsync();
  process.stdout.write(`${JSON.stringify({ messages })}\n`);
  process.exit(0);
});
