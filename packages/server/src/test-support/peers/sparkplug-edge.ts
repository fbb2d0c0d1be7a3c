import mqtt, { type MqttClient } from 'mqtt';
import { get as sparkplugPayload } from 'sparkplug-payload';
import type { UMetric, UPayload } from 'sparkplug-payload/lib/sparkplugbpayload.js';

/** Eclipse Tahu's reference encoder: the edge node speaks Sparkplug B independently of our codec. */
const tahu = sparkplugPayload('spBv1.0')!;

export interface EdgeMetric {
  name: string;
  type: UMetric['type'];
  value: number | boolean | string;
  /** The device the metric belongs to; left out: the node's own. */
  device?: string;
}

export interface EdgeNodeOptions {
  url: string;
  group: string;
  node: string;
  metrics: EdgeMetric[];
  /** Answers commands by applying them and publishing the new value (a device that confirms). */
  applyCommands?: boolean;
}

/**
 * A Sparkplug B edge node for tests: births with aliases and a bdSeq, data by alias with
 * sequence numbers, its death as the will, rebirth on request and commands applied.
 */
export async function startEdgeNode(options: EdgeNodeOptions) {
  const { group, node } = options;
  const topic = (type: string, device?: string) =>
    `spBv1.0/${group}/${type}/${node}${device ? `/${device}` : ''}`;
  const metrics = options.metrics.map((m, i) => ({ ...m, alias: i + 1 }));
  let seq = 0;
  let bdSeq = 0;
  let client: MqttClient | null = null;
  const commands: { device?: string; name: string; value: unknown }[] = [];
  let rebirthRequests = 0;
  const nextSeq = () => {
    const s = seq;
    seq = (seq + 1) % 256;
    return s;
  };
  const devices = () => [...new Set(metrics.flatMap((m) => (m.device ? [m.device] : [])))];
  const publish = (t: string, payload: UPayload) =>
    client!.publishAsync(t, Buffer.from(tahu.encodePayload(payload)), { qos: 0 });

  const birth = async () => {
    seq = 0;
    const t = Date.now();
    const own = metrics
      .filter((m) => !m.device)
      .map((m) => ({ name: m.name, alias: m.alias, type: m.type, value: m.value }));
    await publish(topic('NBIRTH'), {
      timestamp: t,
      seq: nextSeq(),
      metrics: [{ name: 'bdSeq', type: 'UInt64', value: bdSeq }, ...own],
    });
    for (const device of devices()) {
      const dm = metrics
        .filter((m) => m.device === device)
        .map((m) => ({ name: m.name, alias: m.alias, type: m.type, value: m.value }));
      await publish(topic('DBIRTH', device), { timestamp: t, seq: nextSeq(), metrics: dm });
    }
  };

  const connect = async () => {
    const death = Buffer.from(
      tahu.encodePayload({
        timestamp: Date.now(),
        metrics: [{ name: 'bdSeq', type: 'UInt64', value: bdSeq }],
      }),
    );
    client = await mqtt.connectAsync(options.url, {
      will: { topic: topic('NDEATH'), payload: death, qos: 1, retain: false },
      reconnectPeriod: 0,
    });
    client.on('message', (t, bytes) => {
      const payload = tahu.decodePayload(bytes);
      const device = t.split('/')[4];
      for (const m of payload.metrics ?? []) {
        if (m.name === 'Node Control/Rebirth' && m.value === true) {
          rebirthRequests++;
          void birth();
          continue;
        }
        const target = metrics.find(
          (x) => (m.name ? x.name === m.name : x.alias === Number(m.alias)) && x.device === device,
        );
        commands.push({ device, name: target?.name ?? String(m.name), value: m.value });
        if (target && options.applyCommands)
          void set([{ name: target.name, device, value: m.value as number | boolean }]);
      }
    });
    await client.subscribeAsync([topic('NCMD'), `spBv1.0/${group}/DCMD/${node}/+`]);
  };

  /** New values: NDATA/DDATA by alias only, each with the next sequence number. */
  const set = async (
    changes: {
      name: string;
      value: number | boolean | string;
      device?: string;
      timestamp?: number;
      historical?: boolean;
      quality?: number;
    }[],
  ) => {
    for (const device of [undefined, ...devices()]) {
      const mine = changes.filter((c) => c.device === device);
      if (mine.length === 0) continue;
      const payloadMetrics = mine.map((c) => {
        const m = metrics.find((x) => x.name === c.name && x.device === device)!;
        m.value = c.value;
        return {
          alias: m.alias,
          type: m.type,
          value: c.value,
          ...(c.timestamp !== undefined && { timestamp: c.timestamp }),
          ...(c.historical && { isHistorical: true }),
          ...(c.quality !== undefined && {
            properties: { Quality: { type: 'Int32' as const, value: c.quality } },
          }),
        } as UMetric;
      });
      await publish(device ? topic('DDATA', device) : topic('NDATA'), {
        timestamp: Date.now(),
        seq: nextSeq(),
        metrics: payloadMetrics,
      });
    }
  };

  await connect();
  return {
    birth,
    set,
    commands,
    rebirthRequests: () => rebirthRequests,
    /** Makes the next message skip sequence numbers (a lost message). */
    skipSequence: () => void (seq = (seq + 3) % 256),
    deviceDeath: (device: string) =>
      publish(topic('DDEATH', device), { timestamp: Date.now(), seq: nextSeq() }),
    /** The connection breaks: the broker publishes the node's death certificate. */
    async kill() {
      const stream = (client as unknown as { stream: { destroy(): void } }).stream;
      stream.destroy();
      client!.end(true);
      client = null;
    },
    /** Comes back with a new session (bdSeq + 1) and is born again. */
    async revive() {
      bdSeq++;
      await connect();
      await birth();
    },
    async stop() {
      await client?.endAsync();
      client = null;
    },
  };
}
