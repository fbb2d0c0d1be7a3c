import { SUBSCRIBE_BATCH, type PvRef } from '@leitwarte/core';
import type { HubConnectionLike } from './connection-manager';
import { liveConnections } from './live-connections';
import { pvHub } from './pv-hub';
import { recordBatches } from './record-batches';

const PV_CHANNEL = 'pv';

/** One kind of config the PV channel sends for subscribed PVs (calls §7). */
export interface PvConfigKind<T> {
  /** The event that carries them, e.g. newLimitConfig. */
  event: string;
  subscribe: string;
  unsubscribe: string;
  /** Checks one received item; items that fail are dropped. */
  accept: (value: unknown) => value is T;
}

/**
 * Makes the watch of one config kind: the current configs right after subscribing, later the
 * changed ones; after a reconnect the subscription is made again. The watch returns its stop.
 */
export function pvConfigWatch<T>(
  kind: PvConfigKind<T>,
): (refs: readonly PvRef[], onConfigs: (configs: readonly T[]) => void) => () => void {
  const listeners = new Set<(configs: readonly T[]) => void>();
  // A connection lives until it closes; the event handler is put on each one once.
  const listening = new WeakSet<HubConnectionLike>();
  const listenOn = (connection: HubConnectionLike) => {
    if (listening.has(connection)) return;
    listening.add(connection);
    connection.on(kind.event, (configs: unknown) => {
      const list = (Array.isArray(configs) ? configs : [configs]).filter(kind.accept);
      if (list.length > 0) for (const listener of [...listeners]) listener(list);
    });
  };
  return (refs, onConfigs) => {
    const release = pvHub.acquire();
    const wanted = refs.map((ref) => ({ type: ref.type, nr: ref.nr }));
    let current: HubConnectionLike | null = null;
    const listener = (configs: readonly T[]) => onConfigs(configs);
    listeners.add(listener);
    const subscribe = (connection: HubConnectionLike) => {
      current = connection;
      listenOn(connection);
      for (const batch of recordBatches(wanted, SUBSCRIBE_BATCH))
        void connection.invoke(kind.subscribe, batch).catch(() => {});
    };
    const stopListening = liveConnections.listen({
      connected: (name, connection) => {
        if (name === PV_CHANNEL) subscribe(connection);
      },
    });
    if (liveConnections.phase(PV_CHANNEL) === 'connected') {
      try {
        subscribe(liveConnections.get(PV_CHANNEL));
      } catch {
        // Not up after all: the connected event above subscribes once it is.
      }
    }
    return () => {
      listeners.delete(listener);
      stopListening();
      const connection = current;
      if (connection)
        for (const batch of recordBatches(wanted, SUBSCRIBE_BATCH))
          void connection.invoke(kind.unsubscribe, batch).catch(() => {});
      release();
    };
  };
}
