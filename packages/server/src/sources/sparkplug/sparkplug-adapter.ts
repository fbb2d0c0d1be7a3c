import mqtt, { type MqttClient } from 'mqtt';
import type { ProcessValue } from '@leitwarte/core';
import type { AdapterContext, AdapterWrite, ProtocolAdapter, ProtocolSession } from '../field/field-types.js';
import type { FieldSourceDefinition, PvBinding } from '../definition/sources-definition.js';
import { brokerOptions, brokerTarget } from '../mqtt/broker-options.js';
import { createEdgeNodes, type EdgeNode } from './edge-nodes.js';
import { commandMetric, DataType, decodePayload, encodePayload } from './metric-codec.js';
import { createPayloadReader } from './payload-reader.js';

type SparkplugSource = Extract<FieldSourceDefinition, { kind: 'sparkplug' }>;

const NAMESPACE = 'spBv1.0';
const REBIRTH = 'Node Control/Rebirth';
/** An edge node that has not been born this long after the connection opened counts as lost. */
const BIRTH_GRACE_MS = 10_000;

/**
 * Sparkplug B host application: STATE birth and will, births and deaths of edge nodes and
 * devices, metric aliases, sequence numbers with a rebirth request on a gap or an unknown
 * metric, NDEATH/DDEATH turning their PVs Bad, historical metrics to the archive only, and
 * NCMD/DCMD for writes (confirmed by the device's next data).
 */
export function createSparkplugAdapter(ctx: AdapterContext<SparkplugSource>): ProtocolAdapter {
  const { source } = ctx;
  const hostId = source.hostId ?? 'leitwarte';
  const rebirthIntervalMs = source.rebirthIntervalMs ?? 5000;
  const bindings = ctx.bindings.filter(
    (b): b is Extract<PvBinding, { kind: 'sparkplug' }> => b.kind === 'sparkplug',
  );
  const scopesOfStation = new Map<number, Set<string>>();
  for (const b of bindings) {
    const station = ctx.pvs.get(b.key)?.station;
    if (station === undefined) continue;
    const scopes = scopesOfStation.get(station) ?? new Set<string>();
    scopes.add(`${b.address.group}/${b.address.node}/${b.address.device ?? ''}`);
    scopesOfStation.set(station, scopes);
  }

  /** The edge nodes as the current connection knows them (the data types of their births). */
  let edges = createEdgeNodes(bindings);

  async function connect(lost: (error: Error) => void): Promise<ProtocolSession> {
    edges = createEdgeNodes(bindings);
    const stateTopic = `${NAMESPACE}/STATE/${hostId}`;
    const since = ctx.now();
    const client: MqttClient = await mqtt.connectAsync(
      source.url,
      brokerOptions(source, ctx.plantId, {
        clean: true,
        will: {
          topic: stateTopic,
          payload: Buffer.from(JSON.stringify({ online: false, timestamp: since })),
          qos: 1,
          retain: true,
        },
      }),
    );
    let open = true;
    const fail = (error: Error) => {
      if (!open) return;
      open = false;
      clearTimeout(grace);
      lost(error);
    };
    client.on('close', () => fail(new Error('the broker closed the connection')));
    client.on('error', (e) => ctx.error(`broker: ${e.message}`));

    const requestRebirth = (edge: EdgeNode, why: string) => {
      const t = ctx.now();
      if (t - edge.lastRebirthRequest < rebirthIntervalMs) return;
      edge.lastRebirthRequest = t;
      ctx.log.info(`source ${source.id}: rebirth of ${edge.group}/${edge.node} requested (${why})`);
      const payload = encodePayload({
        timestamp: t,
        metrics: [commandMetric(REBIRTH, undefined, DataType.Boolean, true, t)],
      });
      client.publish(`${NAMESPACE}/${edge.group}/NCMD/${edge.node}`, Buffer.from(payload), { qos: 0 });
    };
    const reader = createPayloadReader(ctx, edges, requestRebirth);

    client.on('message', (topic, bytes) => {
      ctx.count('messages');
      const parts = topic.split('/');
      const [, group, type, node, device] = parts;
      if (parts[0] !== NAMESPACE || !group || !type || !node || group === 'STATE') return;
      const edge = edges.get(group, node);
      if (!edge) return;
      let payload;
      try {
        payload = decodePayload(bytes);
      } catch (e) {
        return ctx.error(`${topic}: not a Sparkplug B payload (${(e as Error).message})`);
      }
      reader.read(edge, type, device ?? '', payload);
    });

    // Nodes that stay silent after the connection opened are lost (null until then: no alert).
    const grace = setTimeout(() => ctx.stationsChanged(), BIRTH_GRACE_MS);
    grace.unref();
    try {
      await client.subscribeAsync(
        edges.groups().map((g) => `${NAMESPACE}/${g}/#`),
        { qos: 0 },
      );
      await client.publishAsync(stateTopic, JSON.stringify({ online: true, timestamp: since }), {
        qos: 1,
        retain: true,
      });
    } catch (e) {
      open = false;
      clearTimeout(grace);
      client.end(true);
      throw e;
    }
    // Edge nodes that were born before this host came need to be born again for it.
    for (const edge of edges.nodes.values()) requestRebirth(edge, 'host connected');

    return {
      async write(writes: readonly AdapterWrite[]) {
        for (const w of writes) {
          if (w.binding.kind !== 'sparkplug') continue;
          const { group, node, device, metric } = w.binding.address;
          const edge = edges.get(group, node);
          const born = edge?.metrics.get(device ?? '')?.get(metric);
          if (!edge?.born || !born)
            throw new Error(`${metric} von ${group}/${node} ist nicht geboren (keine Geburtsurkunde)`);
          const t = ctx.now();
          const payload = encodePayload({
            timestamp: t,
            metrics: [commandMetric(born.name, born.alias, born.datatype, w.raw, t)],
          });
          const topic = device
            ? `${NAMESPACE}/${group}/DCMD/${node}/${device}`
            : `${NAMESPACE}/${group}/NCMD/${node}`;
          await client.publishAsync(topic, Buffer.from(payload), { qos: 0 });
        }
      },
      async close() {
        open = false;
        clearTimeout(grace);
        // A clean goodbye: the host is offline (the will is only for a broken connection).
        await client
          .publishAsync(stateTopic, JSON.stringify({ online: false, timestamp: since }), {
            qos: 1,
            retain: true,
          })
          .catch(() => {});
        await client.endAsync();
      },
      stationReachable(stationNumber) {
        let known = true;
        for (const scope of scopesOfStation.get(stationNumber) ?? []) {
          const [group = '', node = '', device = ''] = scope.split('/');
          const edge = edges.get(group, node);
          if (!edge) continue;
          const deviceAlive = device === '' ? true : edge.devices.get(device);
          if (edge.dead || deviceAlive === false) return false;
          if (!edge.born || deviceAlive === undefined) known = false;
        }
        if (known) return true;
        return ctx.now() - since >= BIRTH_GRACE_MS ? false : null;
      },
    };
  }

  return {
    connect,
    target: () => brokerTarget(source),
    /** A Float metric holds a float32; integer metrics whole numbers. */
    quantise(binding: PvBinding, value: ProcessValue): ProcessValue {
      if (binding.kind !== 'sparkplug' || value.type !== 'DoubleValue') return value;
      const { group, node, device, metric } = binding.address;
      const datatype = edges
        .get(group, node)
        ?.metrics.get(device ?? '')
        ?.get(metric)?.datatype;
      if (datatype === DataType.Float) return { ...value, doubleValue: Math.fround(value.doubleValue) };
      if (datatype !== undefined && datatype >= DataType.Int8 && datatype <= DataType.UInt64)
        return { ...value, doubleValue: Math.round(value.doubleValue) };
      return value;
    },
  };
}
