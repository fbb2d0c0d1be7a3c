import { isPvRef, type LimitConfig, type PvRef } from '@leitwarte/core';
import type { HubConnectionLike } from './connection-manager';
import { liveConnections } from './live-connections';
import { pvHub } from './pv-hub';

type LimitListener = (configs: readonly LimitConfig[]) => void;

const PV_CHANNEL = 'pv';
const listeners = new Set<LimitListener>();
// A connection lives until it closes; the event handler is put on each one once.
const listening = new WeakSet<HubConnectionLike>();

function isLimitConfig(value: unknown): value is LimitConfig {
  if (typeof value !== 'object' || value === null) return false;
  const ref = (value as { pvLimitRef?: { pv?: unknown } }).pvLimitRef;
  return isPvRef(ref?.pv) && typeof (value as { limit?: unknown }).limit === 'number';
}

function listenOn(connection: HubConnectionLike): void {
  if (listening.has(connection)) return;
  listening.add(connection);
  connection.on('newLimitConfig', (configs: unknown) => {
    const list = (Array.isArray(configs) ? configs : [configs]).filter(isLimitConfig);
    if (list.length > 0) for (const listener of [...listeners]) listener(list);
  });
}

/**
 * Follows the limits of PVs over the PV channel (SubscribeToLimitConfigs → newLimitConfig, calls
 * §7): the current ones right after subscribing, later the changed ones; after a reconnect the
 * subscription is made again. Returns the function that stops it.
 */
export function watchPvLimits(refs: readonly PvRef[], onLimits: LimitListener): () => void {
  const release = pvHub.acquire();
  const wanted = refs.map((ref) => ({ type: ref.type, nr: ref.nr }));
  let current: HubConnectionLike | null = null;
  const listener: LimitListener = (configs) => onLimits(configs);
  listeners.add(listener);
  const subscribe = (connection: HubConnectionLike) => {
    current = connection;
    listenOn(connection);
    void connection.invoke('SubscribeToLimitConfigs', wanted).catch(() => {});
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
    if (connection) void connection.invoke('UnsubscribeFromLimitConfigs', wanted).catch(() => {});
    release();
  };
}
