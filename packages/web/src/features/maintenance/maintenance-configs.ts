import { isPvRef, type MaintenanceConfig, type PvRef } from '@leitwarte/core';
import type { HubConnectionLike } from '../../live/connection-manager';
import { liveConnections } from '../../live/live-connections';
import { pvHub } from '../../live/pv-hub';

const PV_CHANNEL = 'pv';
type ConfigListener = (configs: readonly MaintenanceConfig[]) => void;
const listeners = new Set<ConfigListener>();
// A connection lives until it closes; the event handler is put on each one once.
const listening = new WeakSet<HubConnectionLike>();

function isMaintenanceConfig(value: unknown): value is MaintenanceConfig {
  if (typeof value !== 'object' || value === null) return false;
  const ref = (value as { pvMaintenanceRef?: { pvRef?: unknown } }).pvMaintenanceRef;
  return isPvRef(ref?.pvRef) && typeof (value as { runtimeHours?: unknown }).runtimeHours === 'number';
}

function listenOn(connection: HubConnectionLike): void {
  if (listening.has(connection)) return;
  listening.add(connection);
  connection.on('newMaintenanceConfig', (configs: unknown) => {
    const list = (Array.isArray(configs) ? configs : [configs]).filter(isMaintenanceConfig);
    if (list.length > 0) for (const listener of [...listeners]) listener(list);
  });
}

/**
 * Follows the maintenance configs of runtime PVs over the PV channel
 * (SubscribeToMaintenanceConfigs → newMaintenanceConfig, calls §7) and calls `onChange` when
 * configs arrive (the current ones right after subscribing, later the changed ones); after a reconnect the subscription is made again. Returns the function that stops it.
 */
export function watchMaintenanceConfigs(refs: readonly PvRef[], onChange: ConfigListener): () => void {
  const release = pvHub.acquire();
  const wanted = refs.map((ref) => ({ type: ref.type, nr: ref.nr }));
  let current: HubConnectionLike | null = null;
  const listener: ConfigListener = (configs) => onChange(configs);
  listeners.add(listener);
  const subscribe = (connection: HubConnectionLike) => {
    current = connection;
    listenOn(connection);
    void connection.invoke('SubscribeToMaintenanceConfigs', wanted).catch(() => {});
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
    if (connection) void connection.invoke('UnsubscribeFromMaintenanceConfigs', wanted).catch(() => {});
    release();
  };
}
