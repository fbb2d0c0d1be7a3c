import mqtt, { type MqttClient } from 'mqtt';
import type { AdapterContext, AdapterWrite, ProtocolAdapter, ProtocolSession } from '../field/field-types.js';
import type { FieldSourceDefinition, MqttAddress } from '../definition/sources-definition.js';
import { brokerOptions, brokerTarget } from './broker-options.js';
import {
  parsePayload,
  readingOf,
  readPaths,
  writePayload,
  type ParsedPayload,
  type ReadPaths,
} from './payload.js';

type MqttSource = Extract<FieldSourceDefinition, { kind: 'mqtt' }>;

/** Topics per SUBSCRIBE packet. */
const SUBSCRIBE_CHUNK = 1000;

interface TopicPv {
  key: string;
  address: MqttAddress;
  paths: ReadPaths;
}

/**
 * Plain MQTT: a topic per PV (from the source's template or the PV's address), JSON or text
 * payloads, retained values as the first image, a persistent session so the broker keeps what
 * arrives while the server is away, availability topics for the stations' devices, and a PV
 * that stays silent longer than its staleAfterSeconds turning Bad.
 */
export function createMqttAdapter(ctx: AdapterContext<MqttSource>): ProtocolAdapter {
  const { source } = ctx;
  const qos = source.qos ?? 1;
  const byTopic = new Map<string, TopicPv[]>();
  for (const b of ctx.bindings)
    if (b.kind === 'mqtt')
      byTopic.set(b.address.topic, [
        ...(byTopic.get(b.address.topic) ?? []),
        { key: b.key, address: b.address, paths: readPaths(b.address) },
      ]);
  const stale = ctx.bindings.flatMap((b) =>
    b.kind === 'mqtt' && b.address.staleAfterMs !== null ? [{ key: b.key, ms: b.address.staleAfterMs }] : [],
  );
  const availability = source.availability;
  /** Availability topic → station number. */
  const availabilityTopics = new Map<string, number>();
  const keysOfStation = new Map<number, string[]>();
  if (availability) {
    for (const station of ctx.stations) {
      const topic = availability.topic
        .replaceAll('{station}', String(station.number))
        .replaceAll('{stationEks}', station.eks);
      availabilityTopics.set(topic, station.number);
    }
    for (const [key, pv] of ctx.pvs)
      keysOfStation.set(pv.station, [...(keysOfStation.get(pv.station) ?? []), key]);
  }

  async function connect(lost: (error: Error) => void): Promise<ProtocolSession> {
    const client: MqttClient = await mqtt.connectAsync(
      source.url,
      brokerOptions(source, ctx.plantId, { clean: source.cleanSession ?? false }),
    );
    let open = true;
    const heard = new Map<string, number>();
    const online = new Map<number, boolean>();
    const started = ctx.now();
    const fail = (error: Error) => {
      if (!open) return;
      open = false;
      clearInterval(staleTimer);
      lost(error);
    };
    client.on('close', () => fail(new Error('the broker closed the connection')));
    client.on('error', (e) => ctx.error(`broker: ${e.message}`));
    client.on('message', (topic, payload) => {
      ctx.count('messages');
      const station = availabilityTopics.get(topic);
      if (station !== undefined) return onAvailability(station, payload.toString('utf8').trim());
      const pvs = byTopic.get(topic);
      if (!pvs) return;
      const t = ctx.now();
      // Parsed once per payload kind, shared by the PVs of the topic.
      let json: ParsedPayload | null = null;
      let text: ParsedPayload | null = null;
      for (const { key, address, paths } of pvs) {
        const parsed =
          address.payload === 'json'
            ? (json ??= parsePayload(payload, 'json'))
            : (text ??= parsePayload(payload, 'text'));
        const reading = readingOf(parsed, address, paths);
        if (typeof reading === 'string') {
          ctx.error(`${topic}: ${reading}`);
          ctx.markBad([key]);
          continue;
        }
        heard.set(key, t);
        ctx.receive(key, reading.raw, reading.quality, reading.timestamp);
      }
    });

    const onAvailability = (station: number, text: string) => {
      const up =
        text === (availability?.online ?? 'online')
          ? true
          : text === (availability?.offline ?? 'offline')
            ? false
            : null;
      if (up === null)
        return ctx.error(`availability of station ${station}: unknown state ${JSON.stringify(text)}`);
      online.set(station, up);
      if (!up) ctx.markBad(keysOfStation.get(station) ?? []);
      ctx.stationsChanged();
    };

    // A PV whose device stopped publishing is no measurement any more.
    const staleTimer = setInterval(() => {
      const t = ctx.now();
      const silent = stale.filter(({ key, ms }) => t - (heard.get(key) ?? started) > ms).map((s) => s.key);
      if (silent.length > 0) ctx.markBad(silent);
    }, 1000);
    staleTimer.unref();

    const topics = [...byTopic.keys(), ...availabilityTopics.keys()];
    try {
      for (let i = 0; i < topics.length; i += SUBSCRIBE_CHUNK) {
        const chunk = Object.fromEntries(topics.slice(i, i + SUBSCRIBE_CHUNK).map((t) => [t, { qos }]));
        const granted = await client.subscribeAsync(chunk);
        const refused = granted.filter((g) => g.qos === 128);
        if (refused.length > 0)
          ctx.error(`broker refused ${refused.length} subscriptions, e.g. ${refused[0]?.topic}`);
      }
    } catch (e) {
      open = false;
      clearInterval(staleTimer);
      client.end(true);
      throw e;
    }

    return {
      async write(writes: readonly AdapterWrite[]) {
        for (const w of writes) {
          if (w.binding.kind !== 'mqtt') continue;
          const topic = w.binding.address.writeTopic;
          if (topic === null) throw new Error(`${w.binding.key} wird über MQTT nicht geschrieben`);
          await client.publishAsync(topic, writePayload(w.raw, w.binding.address), { qos, retain: false });
        }
      },
      async close() {
        open = false;
        clearInterval(staleTimer);
        await client.endAsync();
      },
      stationReachable: availability ? (station) => online.get(station) === true : undefined,
    };
  }

  return { connect, target: () => brokerTarget(source) };
}
