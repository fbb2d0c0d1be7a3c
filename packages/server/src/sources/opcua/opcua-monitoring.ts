import type { ClientSubscription } from 'node-opcua-client';
import {
  AttributeIds,
  ClientMonitoredItemGroup,
  DataChangeFilter,
  DataChangeTrigger,
  DataType,
  DeadbandType,
  TimestampsToReturn,
  resolveNodeId,
  type ClientSession,
  type DataValue,
} from 'node-opcua-client';
import type { AdapterContext } from '../field/field-types.js';
import type { FieldSourceDefinition, OpcUaAddress, PvBinding } from '../definition/sources-definition.js';
import { qualityOf, rawOf, timeOf, typeMismatch } from './opcua-values.js';

type OpcUaSource = Extract<FieldSourceDefinition, { kind: 'opcua' }>;
type OpcUaBinding = Extract<PvBinding, { kind: 'opcua' }>;

/** Nodes per Read and per CreateMonitoredItems call (servers limit both; 1000 is within the usual limits). */
const CHUNK = 1000;

/** Delivers one data value of a PV (its device time, its status as quality). */
export function deliver(ctx: AdapterContext, key: string, dataValue: DataValue): void {
  const quality = qualityOf(dataValue.statusCode);
  const raw = rawOf(dataValue);
  if (raw === null) {
    if (quality !== 'Bad') ctx.error(`${key}: the variable holds no scalar`);
    return ctx.markBad([key]);
  }
  ctx.receive(key, raw, quality, timeOf(dataValue));
}

/**
 * Reads every bound variable once: the first image, and each variable's built-in type, checked
 * against its PV (a missing node or a type mismatch is an error naming the PV, the PV stays
 * Bad and is not monitored). Returns the type of every usable PV.
 */
export async function readBound(
  ctx: AdapterContext,
  session: ClientSession,
  bindings: readonly OpcUaBinding[],
): Promise<Map<string, DataType>> {
  const types = new Map<string, DataType>();
  for (let i = 0; i < bindings.length; i += CHUNK) {
    const chunk = bindings.slice(i, i + CHUNK);
    const values = await session.read(
      chunk.map((b) => ({ nodeId: resolveNodeId(b.address.nodeId), attributeId: AttributeIds.Value })),
    );
    ctx.count('reads');
    chunk.forEach((b, j) => {
      const dataValue = values[j];
      const pv = ctx.pvs.get(b.key);
      if (!dataValue || !pv) return;
      const status = dataValue.statusCode;
      if (
        status.name === 'BadNodeIdUnknown' ||
        status.name === 'BadNodeIdInvalid' ||
        status.name === 'BadAttributeIdInvalid'
      ) {
        ctx.error(
          `PV ${b.key} "${pv.config.name}": node ${b.address.nodeId} does not exist (${status.name})`,
        );
        return ctx.markBad([b.key]);
      }
      const dataType = dataValue.value?.dataType;
      const mismatch =
        dataType === undefined || dataType === DataType.Null
          ? null
          : typeMismatch(dataType, pv.config.valueType);
      if (mismatch !== null) {
        ctx.error(`PV ${b.key} "${pv.config.name}": node ${b.address.nodeId}: ${mismatch}`);
        return ctx.markBad([b.key]);
      }
      if (dataType !== undefined && dataType !== DataType.Null) types.set(b.key, dataType);
      deliver(ctx, b.key, dataValue);
    });
  }
  return types;
}

function filterOf(address: OpcUaAddress): DataChangeFilter | undefined {
  if (!address.deadband) return undefined;
  return new DataChangeFilter({
    trigger: DataChangeTrigger.StatusValue,
    deadbandType: address.deadband.type === 'absolute' ? DeadbandType.Absolute : DeadbandType.Percent,
    deadbandValue: address.deadband.value,
  });
}

/**
 * One subscription with monitored items for the PVs: items that share sampling interval, queue
 * size and deadband are created together, at most CHUNK per call. Each change is delivered with
 * its source timestamp.
 */
export async function monitor(
  ctx: AdapterContext<OpcUaSource>,
  session: ClientSession,
  bindings: readonly OpcUaBinding[],
): Promise<ClientSubscription> {
  const { source } = ctx;
  const publishingInterval = source.publishingIntervalMs ?? 1000;
  const subscription = await session.createSubscription2({
    requestedPublishingInterval: publishingInterval,
    // Keep-alives every 10 intervals; the server ends a subscription unheard of for 60.
    requestedMaxKeepAliveCount: 10,
    requestedLifetimeCount: 60,
    maxNotificationsPerPublish: 0,
    publishingEnabled: true,
    priority: 10,
  });
  subscription.on('internal_error', (e: Error) => ctx.error(`subscription: ${e.message}`));
  const groups = new Map<string, OpcUaBinding[]>();
  for (const b of bindings) {
    const sampling = b.address.samplingIntervalMs ?? source.samplingIntervalMs ?? publishingInterval;
    const queue = b.address.queueSize ?? source.queueSize ?? 10;
    const id = JSON.stringify([sampling, queue, b.address.deadband]);
    groups.set(id, [...(groups.get(id) ?? []), b]);
  }
  for (const [id, members] of groups) {
    const [sampling, queue] = JSON.parse(id) as [number, number];
    for (let i = 0; i < members.length; i += CHUNK) {
      const chunk = members.slice(i, i + CHUNK);
      const first = chunk[0];
      const filter = first ? filterOf(first.address) : undefined;
      const group = ClientMonitoredItemGroup.create(
        subscription,
        chunk.map((b) => ({ nodeId: resolveNodeId(b.address.nodeId), attributeId: AttributeIds.Value })),
        { samplingInterval: sampling, queueSize: queue, discardOldest: true, ...(filter && { filter }) },
        TimestampsToReturn.Both,
      );
      group.on('changed', (_item, dataValue, index) => {
        ctx.count('messages');
        const binding = chunk[index];
        if (binding) deliver(ctx, binding.key, dataValue);
      });
      await new Promise<void>((resolve, reject) => {
        group.once('initialized', () => resolve());
        group.once('err', (message: string) => reject(new Error(message)));
      });
    }
  }
  return subscription;
}
