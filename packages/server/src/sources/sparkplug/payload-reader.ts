import type { AdapterContext } from '../field/field-types.js';
import type { BornMetric, EdgeNode, EdgeNodes } from './edge-nodes.js';
import { metricQuality, metricValue, present, u64 } from './metric-codec.js';
import type { MetricMessage, PayloadMessage } from './payload-schema.js';

/**
 * What a host application does with each message of an edge node: births declare metrics and
 * aliases, data is checked against the sequence, deaths turn PVs Bad. Anything it cannot place
 * (a gap, an unknown alias, data before a birth) asks the node to be born again.
 */
export function createPayloadReader(
  ctx: AdapterContext,
  edges: EdgeNodes,
  requestRebirth: (edge: EdgeNode, why: string) => void,
) {
  const deliver = (metric: MetricMessage, born: BornMetric, payloadTime: number | undefined) => {
    if (born.keys.length === 0) return;
    const quality = metricQuality(metric);
    const raw = metricValue(metric, born.datatype);
    if (raw === null) {
      if (quality !== 'Bad') ctx.error(`metric ${born.name}: data type ${born.datatype} is no scalar`);
      return ctx.markBad(born.keys);
    }
    const time = u64(present(metric, 'timestamp')) ?? payloadTime;
    for (const key of born.keys) {
      if (metric.isHistorical) ctx.receiveHistory(key, raw, quality, time ?? ctx.now());
      else ctx.receive(key, raw, quality, time);
    }
  };

  /** Sequence numbers run 0–255 over every message of a node but its death; false on a gap. */
  const inSequence = (edge: EdgeNode, payload: PayloadMessage): boolean => {
    const seq = u64(present(payload, 'seq'));
    if (seq === undefined) return true;
    const expected = edge.seq === null ? seq : (edge.seq + 1) % 256;
    edge.seq = seq;
    return seq === expected;
  };

  const birth = (edge: EdgeNode, device: string, payload: PayloadMessage) => {
    const time = u64(present(payload, 'timestamp'));
    for (const metric of payload.metrics ?? []) {
      if (!metric.name) continue;
      if (device === '' && metric.name === 'bdSeq')
        edge.bdSeq = u64(metric.longValue) ?? metric.intValue ?? null;
      const born = edges.declare(
        edge,
        device,
        metric.name,
        metric.datatype ?? 0,
        u64(present(metric, 'alias')),
      );
      deliver(metric, born, time);
    }
    for (const missing of edges.undeclared(edge, device)) {
      ctx.error(
        `${edge.group}/${edge.node}${device ? `/${device}` : ''} was born without metric "${missing.name}"`,
      );
      ctx.markBad(missing.keys);
    }
    ctx.stationsChanged();
  };

  const data = (edge: EdgeNode, device: string, payload: PayloadMessage) => {
    const time = u64(present(payload, 'timestamp'));
    const names = edge.metrics.get(device);
    for (const metric of payload.metrics ?? []) {
      const alias = u64(present(metric, 'alias'));
      const born = metric.name
        ? names?.get(metric.name)
        : alias === undefined
          ? undefined
          : edge.aliases.get(alias)?.metric;
      if (!born) {
        requestRebirth(edge, `unknown metric ${metric.name || `alias ${alias}`}`);
        continue;
      }
      deliver(metric, born, time);
    }
  };

  return {
    read(edge: EdgeNode, type: string, device: string, payload: PayloadMessage): void {
      switch (type) {
        case 'NBIRTH':
          edges.reset(edge);
          edge.born = true;
          edge.dead = false;
          edge.seq = u64(present(payload, 'seq')) ?? null;
          return birth(edge, '', payload);
        case 'NDEATH': {
          const bdSeq = payload.metrics?.find((m) => m.name === 'bdSeq');
          const seq = bdSeq ? (u64(bdSeq.longValue) ?? bdSeq.intValue) : undefined;
          // The will of an earlier session (a late death) says nothing about the node now.
          if (edge.born && edge.bdSeq !== null && seq !== undefined && seq !== edge.bdSeq) return;
          edges.reset(edge);
          edge.born = false;
          edge.dead = true;
          ctx.markBad(edges.keysOfNode(edge));
          return ctx.stationsChanged();
        }
        case 'DBIRTH':
        case 'DDEATH':
        case 'NDATA':
        case 'DDATA': {
          if (!edge.born) return requestRebirth(edge, `${type} before the node's birth`);
          if (!inSequence(edge, payload)) requestRebirth(edge, 'sequence gap');
          if (type === 'DBIRTH') {
            edge.devices.set(device, true);
            return birth(edge, device, payload);
          }
          if (type === 'DDEATH') {
            edge.devices.set(device, false);
            ctx.markBad(edges.keysOfDevice(edge, device));
            return ctx.stationsChanged();
          }
          return data(edge, type === 'DDATA' ? device : '', payload);
        }
        default:
          return;
      }
    },
  };
}
