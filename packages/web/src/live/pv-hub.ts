import {
  SUBSCRIBE_BATCH,
  isPvRef,
  pvKey,
  type LimitConfig,
  type ProcessValue,
  type PvConfig,
  type PvRef,
} from '@leitwarte/core';
import { KeyedLiveStore } from './keyed-live-store';
import type { ConnectionManager } from './connection-manager';
import { HubChannel, type HubConnectionLike } from './hub-channel';
import { createHubConnection } from './hub-connection';
import { pvValueStore, type PvValueStore } from './pv-value-store';
import { recordBatches } from './record-batches';

/** Reply of SubscribeToPvs, summed over all batches. */
export interface SubscribeResult {
  missingPvs: PvRef[];
  unauthorizedPvs: PvRef[];
}

interface SubscribeReply {
  missingPvs?: unknown;
  unauthorizedPvs?: unknown;
}

function refsOf(value: unknown): PvRef[] {
  return Array.isArray(value) ? value.filter(isPvRef) : [];
}

/** Key of one limit of one PV: `AnaIn-100010/Top`. */
export const limitKey = (config: LimitConfig): string =>
  `${pvKey(config.pvLimitRef.pv)}/${config.pvLimitRef.limitType}`;

const isLimitConfig = (v: unknown): v is LimitConfig =>
  typeof v === 'object' && v !== null && isPvRef((v as LimitConfig).pvLimitRef?.pv);
const isPvConfig = (v: unknown): v is PvConfig =>
  typeof v === 'object' && v !== null && isPvRef((v as PvConfig).pvRef);

export function createPvConnection(): HubConnectionLike {
  return createHubConnection('pv');
}

/**
 * The PV channel: leases, the set of subscribed PVs (re-subscribed after every reconnect), and
 * `newValues` into the value store.
 */
export class PvHub {
  private readonly wanted = new Map<string, { ref: PvRef; count: number }>();
  private readonly wantedLimits = new Map<string, { ref: PvRef; count: number }>();
  /** The four limits of watched analog inputs (newLimitConfig), and those a successful edit set. */
  readonly limits = new KeyedLiveStore<LimitConfig>(limitKey);
  /** Configs changed since they were loaded (newConfig, e.g. a digital input's priority). */
  readonly configs = new KeyedLiveStore<PvConfig>((config) => pvKey(config.pvRef));
  private readonly resyncListeners = new Set<() => void>();
  private readonly channel: HubChannel;

  constructor(
    createConnection: () => HubConnectionLike = createPvConnection,
    private readonly store: PvValueStore = pvValueStore,
    manager?: ConnectionManager,
  ) {
    this.channel = new HubChannel({
      channel: 'pv',
      manager,
      createConnection: () => {
        const connection = createConnection();
        connection.on('newValues', (values: unknown) => {
          if (Array.isArray(values)) this.store.enqueue(values as ProcessValue[]);
        });
        // The field's answer to a write, at once: the same store, so every screen shows it.
        connection.on('newValue', (value: unknown) => {
          if (typeof value === 'object' && value !== null) this.store.enqueue([value as ProcessValue]);
        });
        connection.on('newLimitConfig', (configs: unknown) => {
          if (Array.isArray(configs)) this.limits.enqueue(configs.filter(isLimitConfig));
        });
        connection.on('newConfig', (config: unknown) => {
          if (isPvConfig(config)) this.configs.enqueue([config]);
        });
        return connection;
      },
      onConnected: async (connection, reconnected) => {
        const refs = [...this.wanted.values()].map((entry) => entry.ref);
        if (refs.length > 0) await this.invokeSubscribe(connection, refs);
        const limitRefs = [...this.wantedLimits.values()].map((entry) => entry.ref);
        if (limitRefs.length > 0) await this.invokeBatches(connection, 'SubscribeToLimitConfigs', limitRefs);
        // Changes during the outage were not pushed; screens reload their snapshot.
        if (reconnected) for (const listener of [...this.resyncListeners]) listener();
      },
    });
  }

  /** Keeps the connection up while held; call the returned function when done. */
  acquire(): () => void {
    return this.channel.acquire();
  }

  /** Adds PVs to the subscription; they are sent now if connected, else on connect. */
  async subscribe(refs: readonly PvRef[]): Promise<SubscribeResult> {
    const fresh: PvRef[] = [];
    for (const ref of refs) {
      const key = pvKey(ref);
      const entry = this.wanted.get(key);
      if (entry) entry.count += 1;
      else {
        this.wanted.set(key, { ref, count: 1 });
        fresh.push(ref);
      }
    }
    const connection = this.channel.connected;
    if (!connection || fresh.length === 0) return { missingPvs: [], unauthorizedPvs: [] };
    return this.invokeSubscribe(connection, fresh);
  }

  /**
   * Drops PVs no screen wants any more and tells the server (UnsubscribeFromPvs). calls §7 names no
   * unsubscribe, so a server without it just answers with an error, which is ignored: it then keeps
   * sending those PVs until the connection stops with the last lease.
   */
  unsubscribe(refs: readonly PvRef[]): void {
    const dropped: PvRef[] = [];
    for (const ref of refs) {
      const key = pvKey(ref);
      const entry = this.wanted.get(key);
      if (!entry) continue;
      entry.count -= 1;
      if (entry.count > 0) continue;
      this.wanted.delete(key);
      dropped.push(ref);
    }
    const connection = this.channel.connected;
    if (!connection || dropped.length === 0) return;
    void this.invokeBatches(connection, 'UnsubscribeFromPvs', dropped).catch(() => {});
  }

  /** Keeps the limits of these analog inputs live while held (SubscribeToLimitConfigs). */
  watchLimits(refs: readonly PvRef[]): () => void {
    const fresh: PvRef[] = [];
    for (const ref of refs) {
      const entry = this.wantedLimits.get(pvKey(ref));
      if (entry) entry.count += 1;
      else {
        this.wantedLimits.set(pvKey(ref), { ref, count: 1 });
        fresh.push(ref);
      }
    }
    const release = this.acquire();
    const connection = this.channel.connected;
    if (connection && fresh.length > 0) {
      void this.invokeBatches(connection, 'SubscribeToLimitConfigs', fresh).catch(() => {});
    }
    return () => {
      for (const ref of refs) {
        const entry = this.wantedLimits.get(pvKey(ref));
        if (entry && --entry.count === 0) this.wantedLimits.delete(pvKey(ref));
      }
      release();
    };
  }

  /** Called after a reconnect, when values may have been missed. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => {
      this.resyncListeners.delete(listener);
    };
  }

  settled(): Promise<void> {
    return this.channel.settled();
  }

  private async invokeSubscribe(
    connection: HubConnectionLike,
    refs: readonly PvRef[],
  ): Promise<SubscribeResult> {
    const result: SubscribeResult = { missingPvs: [], unauthorizedPvs: [] };
    for (const reply of await this.invokeBatches(connection, 'SubscribeToPvs', refs)) {
      result.missingPvs.push(...refsOf(reply?.missingPvs));
      result.unauthorizedPvs.push(...refsOf(reply?.unauthorizedPvs));
    }
    return result;
  }

  /** calls §9: at most 1024 references per message (and under the message limit); one after the other. */
  private async invokeBatches(
    connection: HubConnectionLike,
    method: 'SubscribeToPvs' | 'UnsubscribeFromPvs' | 'SubscribeToLimitConfigs',
    refs: readonly PvRef[],
  ): Promise<(SubscribeReply | null)[]> {
    const replies: (SubscribeReply | null)[] = [];
    for (const batch of recordBatches(refs, SUBSCRIBE_BATCH)) {
      replies.push(await connection.invoke<SubscribeReply | null>(method, batch));
    }
    return replies;
  }
}

/** The app's one PV channel. */
export const pvHub = new PvHub();
