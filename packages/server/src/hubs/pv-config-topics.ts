import { pvKey, type LimitConfig, type MaintenanceConfig, type PvRef } from '@leitwarte/core';
import type { Plant } from '../plant/plant.js';
import type { Backplane } from './backplane.js';
import type { HubClient, HubDefinition } from './hub.js';
import { parseRefs, type SubscribeReply } from './pv-hub.js';
import { TopicQueues, createTopicFanout } from './topic-fanout.js';
import type { Visibility } from '../auth/visibility.js';

export interface PvConfigTopicsOptions {
  plant: Plant;
  visibility: Visibility;
  backplane: Backplane;
  /** The four limits of each PV (the limit service). */
  limitsOf: (pvs: readonly PvRef[]) => readonly LimitConfig[];
  /** Maintenance configs of a runtime PV, or of a machine PV's runtimes (the maintenance service). */
  maintenanceConfigs: (pv: PvRef) => readonly MaintenanceConfig[];
  tickMs: number;
}

const LIMITS = 'newLimitConfig';
const MAINTENANCE = 'newMaintenanceConfig';
type Client = HubClient<TopicQueues>;

const limitItem = (c: LimitConfig) => `${pvKey(c.pvLimitRef.pv)}/${c.pvLimitRef.limitType}`;
const maintenanceItem = (c: MaintenanceConfig) =>
  `${pvKey(c.pvMaintenanceRef.pvRef)}/${c.pvMaintenanceRef.serviceMessageType}`;

/**
 * More topics of `/hubs/pv` (calls §7): SubscribeToLimitConfigs(refs) → newLimitConfig(configs)
 * and SubscribeToMaintenanceConfigs(refs) → newMaintenanceConfig(configs), ≤ 1024 refs per call,
 * replies like SubscribeToPvs, the current configs right after subscribing, later the changed
 * ones, conflated per config and tick. Maintenance configs belong to runtime PVs: a machine PV
 * subscribes the configs of its runtimes (their events carry the runtime PV).
 */
export function createPvConfigTopics(options: PvConfigTopicsOptions): HubDefinition<TopicQueues> {
  const { plant, visibility, backplane } = options;
  const fanout = createTopicFanout<TopicQueues>({
    queues: (state) => state,
    events: [LIMITS, MAINTENANCE],
    tickMs: options.tickMs,
  });

  /** The refs of a call sorted into the reply; calls `accept` for the subscribed ones. */
  function sort(client: Client, args: readonly unknown[], accept: (ref: PvRef) => void): SubscribeReply {
    const reply: SubscribeReply = { subscribed: [], missingPvs: [], unauthorizedPvs: [] };
    for (const ref of parseRefs(args)) {
      if (plant.config(pvKey(ref)) === undefined) reply.missingPvs.push(ref);
      else if (!visibility.pv(client.principal, ref)) reply.unauthorizedPvs.push(ref);
      else {
        reply.subscribed.push(ref);
        accept(ref);
      }
    }
    return reply;
  }

  /** The runtime PVs whose configs a subscription of `ref` follows: itself and its runtimes. */
  function maintenanceKeys(client: Client, ref: PvRef): Map<string, MaintenanceConfig[]> {
    const keys = new Map<string, MaintenanceConfig[]>([[pvKey(ref), []]]);
    for (const config of options.maintenanceConfigs(ref)) {
      const runtime = config.pvMaintenanceRef.pvRef;
      if (!visibility.pv(client.principal, runtime)) continue;
      const list = keys.get(pvKey(runtime)) ?? [];
      list.push(config);
      keys.set(pvKey(runtime), list);
    }
    return keys;
  }

  return {
    name: 'pv',
    methods: {
      SubscribeToLimitConfigs: (client: Client, args) =>
        sort(client, args, (ref) => {
          const key = pvKey(ref);
          fanout.subscribe(client, LIMITS, key);
          for (const config of options.limitsOf([ref])) {
            fanout.offer(client, LIMITS, key, limitItem(config), config);
          }
        }),
      UnsubscribeFromLimitConfigs(client: Client, args) {
        for (const ref of parseRefs(args)) fanout.unsubscribe(client, LIMITS, pvKey(ref));
      },
      SubscribeToMaintenanceConfigs: (client: Client, args) =>
        sort(client, args, (ref) => {
          for (const [key, configs] of maintenanceKeys(client, ref)) {
            fanout.subscribe(client, MAINTENANCE, key);
            for (const config of configs) {
              fanout.offer(client, MAINTENANCE, key, maintenanceItem(config), config);
            }
          }
        }),
      UnsubscribeFromMaintenanceConfigs(client: Client, args) {
        for (const ref of parseRefs(args)) {
          for (const key of maintenanceKeys(client, ref).keys()) fanout.unsubscribe(client, MAINTENANCE, key);
        }
      },
    },
    createState: () => new TopicQueues(),
    onDisconnected: (client) => fanout.disconnected(client),
    inspect: (state) => ({ configTopics: state.subscribedCount, configsPending: state.pendingCount }),
    start(host) {
      const stops = [
        fanout.start(host),
        backplane.subscribe('limits.config', (configs) => {
          for (const c of configs) fanout.publish(LIMITS, pvKey(c.pvLimitRef.pv), limitItem(c), c);
        }),
        backplane.subscribe('maintenance.config', (configs) => {
          for (const c of configs) {
            fanout.publish(MAINTENANCE, pvKey(c.pvMaintenanceRef.pvRef), maintenanceItem(c), c);
          }
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
}
