// The baseline of the OPC UA benchmark: node-opcua's own client subscribing the same items and
// only counting the notifications. Usage: node opcua-client.mjs '<json options>'; prints
// {subscribeMs, notifications, cpuSeconds} after `seconds`.
import { AttributeIds, ClientMonitoredItemGroup, OPCUAClient, TimestampsToReturn } from 'node-opcua-client';

const o = JSON.parse(process.argv[2]);
const client = OPCUAClient.create({
  endpointMustExist: false,
  connectionStrategy: { maxRetry: 1, initialDelay: 500, maxDelay: 1000 },
});
const started = performance.now();
await client.connect(o.endpoint);
const session = await client.createSession();
const subscription = await session.createSubscription2({
  requestedPublishingInterval: 1000,
  requestedMaxKeepAliveCount: 10,
  requestedLifetimeCount: 60,
  maxNotificationsPerPublish: 0,
  publishingEnabled: true,
});
let notifications = 0;
for (let i = 0; i < o.variables; i += 1000) {
  const items = Array.from({ length: Math.min(1000, o.variables - i) }, (_, j) => ({
    nodeId: `ns=1;s=v${i + j}`,
    attributeId: AttributeIds.Value,
  }));
  const group = ClientMonitoredItemGroup.create(
    subscription,
    items,
    { samplingInterval: 1000, queueSize: 10, discardOldest: true },
    TimestampsToReturn.Both,
  );
  group.on('changed', () => notifications++);
  await new Promise((r) => group.once('initialized', r));
}
const subscribeMs = performance.now() - started;
await new Promise((r) => setTimeout(r, o.warmupMs ?? 3000));
const cpu0 = process.cpuUsage();
const n0 = notifications;
await new Promise((r) => setTimeout(r, o.seconds * 1000));
const cpu = process.cpuUsage(cpu0);
const result = { subscribeMs, notifications: notifications - n0, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
await subscription.terminate();
await session.close();
await client.disconnect();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
