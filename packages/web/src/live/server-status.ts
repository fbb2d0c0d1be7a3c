import {
  INITIAL_SERVER_STATUS,
  isUnauthorizedStatus,
  nextServerStatus,
  type ClientServerStatus,
  type ServerInfoMessage,
  type ServerStatusEvent,
} from '@leitwarte/core';
import { useEffect, useSyncExternalStore } from 'react';
import { notifyUnauthorized } from '../api/http';
import type { ConnectionFactory, ConnectionManager, HubConnectionLike } from './connection-manager';
import { HubChannel } from './hub-channel';
import { liveConnections } from './live-connections';

function isInfoMessage(value: unknown): value is ServerInfoMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { message, from } = value as Partial<ServerInfoMessage>;
  return typeof message === 'string' && typeof from === 'string';
}

/**
 * The server-status channel (calls §4): WebServerDisconnected at first and whenever the status
 * connection is not up, ServerDisconnected once connected until the server reports, then what
 * the server reports; Unauthorized sends the user to the logout page with the return address.
 */
export class ServerStatusChannel {
  private status: ClientServerStatus = INITIAL_SERVER_STATUS;
  private info: ServerInfoMessage | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly channel: HubChannel;

  constructor(
    // Loaded on demand: the shell shows the status without the SignalR client in its first load.
    createConnection: ConnectionFactory = () =>
      import('./hub-connection').then((m) => m.createHubConnection('server-status')),
    manager: ConnectionManager = liveConnections,
  ) {
    // Per connection: whether the server already reported (its first report may arrive before
    // the start completes; "ServerDisconnected after connecting" must not overwrite it).
    const reported = new WeakSet<HubConnectionLike>();
    this.channel = new HubChannel({
      channel: 'server-status',
      manager,
      createConnection: async () => {
        const connection = await createConnection();
        connection.on('serverStatusChanged', (status: unknown) => {
          reported.add(connection);
          this.apply({ kind: 'reported', status: String(status) });
        });
        connection.on('sendServerInfoMessage', (message: unknown) => {
          if (!isInfoMessage(message)) return;
          this.info = message;
          this.notify();
        });
        connection.onclose(() => this.apply({ kind: 'closed' }));
        return connection;
      },
      onConnected: async (connection) => {
        if (!reported.has(connection)) this.apply({ kind: 'connected' });
      },
    });
    manager.listen({
      faulted: (name) => name === 'server-status' && this.apply({ kind: 'closed' }),
      idle: (name) => name === 'server-status' && this.apply({ kind: 'closed' }),
    });
  }

  /** Keeps the status connection up while held (the shell holds it while a user is logged in). */
  acquire(): () => void {
    return this.channel.acquire();
  }

  getStatus = (): ClientServerStatus => this.status;
  getInfo = (): ServerInfoMessage | null => this.info;

  dismissInfo(): void {
    this.info = null;
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  settled(): Promise<void> {
    return this.channel.settled();
  }

  private apply(event: ServerStatusEvent): void {
    const next = nextServerStatus(event);
    if (next === this.status) return;
    this.status = next;
    this.notify();
    if (isUnauthorizedStatus(next)) notifyUnauthorized();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** The app's server-status channel. */
export const serverStatus = new ServerStatusChannel();

/** The current server status; re-renders on change. */
export function useServerStatus(channel: ServerStatusChannel = serverStatus): ClientServerStatus {
  return useSyncExternalStore(channel.subscribe, channel.getStatus, channel.getStatus);
}

export function useServerInfoMessage(channel: ServerStatusChannel = serverStatus): ServerInfoMessage | null {
  return useSyncExternalStore(channel.subscribe, channel.getInfo, channel.getInfo);
}

/** Holds the server-status connection while the calling component is mounted. */
export function useServerStatusLease(channel: ServerStatusChannel = serverStatus): void {
  useEffect(() => channel.acquire(), [channel]);
}
