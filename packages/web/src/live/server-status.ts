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
 * How long after connecting the client waits for the server's first report before it shows
 * ServerDisconnected as a fault (calls §4 and §9: waiting for a value ends after 5000 ms).
 */
export const FIRST_REPORT_WAIT_MS = 5000;

/**
 * Whether the status shown is settled. calls §4 starts at WebServerDisconnected and passes
 * ServerDisconnected between connecting and the server's first report; those are states of a
 * connection being set up, not faults. `pending` until the first attempt has failed, the
 * connection has closed, the server has reported, or FIRST_REPORT_WAIT_MS have passed since
 * connecting; `settled` after, and the status is then shown as what it is.
 */
export type ServerStatusPhase = 'pending' | 'settled';

/** While the owner is lost, how often the client asks again whether it is back. */
export const OWNER_PROBE_MS = 2000;

/**
 * Whether the web server answers but says that no process serves the plant (several processes,
 * the owner died, before a takeover): /healthz is answered by every process itself, never
 * passed on, and says `degraded` with its store fine exactly then. Anything else (no answer,
 * the store down, all well) is not a lost owner.
 */
export async function probeOwnerLost(): Promise<boolean> {
  try {
    const response = await fetch('/healthz', { cache: 'no-store', credentials: 'omit' });
    if (!response.ok) return false;
    const health = (await response.json()) as { status?: unknown; store?: unknown };
    return health.status === 'degraded' && health.store === 'ok';
  } catch {
    return false;
  }
}

/**
 * The server-status channel (calls §4): WebServerDisconnected at first and whenever the status
 * connection is not up, ServerDisconnected once connected until the server reports, then what
 * the server reports; Unauthorized sends the user to the logout page with the return address.
 */
export class ServerStatusChannel {
  private status: ClientServerStatus = INITIAL_SERVER_STATUS;
  private phase: ServerStatusPhase = 'pending';
  private firstReportTimer: ReturnType<typeof setTimeout> | null = null;
  private info: ServerInfoMessage | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly channel: HubChannel;
  /** The status connection is up (connected or reported since it last closed). */
  private up = false;
  /** Leased: nobody holding the channel (logged out) stops the probing. */
  private leased = false;
  private probing = false;
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  private ownerLost = false;

  constructor(
    // Loaded on demand: the shell shows the status without the SignalR client in its first load.
    createConnection: ConnectionFactory = () =>
      import('./hub-connection').then((m) => m.createHubConnection('server-status')),
    private readonly manager: ConnectionManager = liveConnections,
    private readonly probe: () => Promise<boolean> = probeOwnerLost,
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
        if (reported.has(connection)) return;
        this.apply({ kind: 'connected' });
        this.awaitFirstReport();
      },
    });
    manager.listen({
      faulted: (name) => name === 'server-status' && this.apply({ kind: 'closed' }),
      // Nobody holds the connection (logged out): the next start is a first attempt again.
      idle: (name) => {
        if (name !== 'server-status') return;
        this.leased = false;
        this.ownerLost = false;
        this.stopProbing();
        this.apply({ kind: 'closed' });
        this.setPhase('pending');
      },
    });
  }

  /** Keeps the status connection up while held (the shell holds it while a user is logged in). */
  acquire(): () => void {
    this.leased = true;
    return this.channel.acquire();
  }

  getStatus = (): ClientServerStatus => this.status;
  getPhase = (): ServerStatusPhase => this.phase;
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
    if (event.kind === 'closed') {
      this.up = false;
      // The web server is not reached, or it cannot reach the process serving the plant: only
      // the web server can tell which (calls §4: ServerDisconnected for the latter). A lost owner
      // stays shown while the connection is down, not replaced by WebServerDisconnected.
      this.scheduleProbe(0);
      if (this.ownerLost) return;
    } else if (event.kind !== 'ownerLost') {
      this.up = true;
      this.ownerLost = false;
      this.stopProbing();
    }
    // A failed attempt, a lost connection or a report settles what is shown; connecting does not.
    if (event.kind !== 'connected') this.setPhase('settled');
    const next = nextServerStatus(event);
    if (next === this.status) return;
    this.status = next;
    this.notify();
    if (isUnauthorizedStatus(next)) notifyUnauthorized();
  }

  private scheduleProbe(delayMs: number): void {
    if (!this.leased || this.probing || this.probeTimer !== null) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      void this.runProbe();
    }, delayMs);
  }

  private async runProbe(): Promise<void> {
    this.probing = true;
    let lost = false;
    try {
      lost = await this.probe();
    } finally {
      this.probing = false;
    }
    if (this.up || !this.leased) return;
    if (lost) {
      this.ownerLost = true;
      this.apply({ kind: 'ownerLost' });
      this.scheduleProbe(OWNER_PROBE_MS);
    } else if (this.ownerLost) {
      // A process serves the plant again: connect now rather than after the backoff has grown.
      this.ownerLost = false;
      this.apply({ kind: 'closed' });
      void this.manager.reconnectFaulted();
    }
  }

  private stopProbing(): void {
    if (this.probeTimer !== null) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  private awaitFirstReport(): void {
    if (this.phase === 'settled') return;
    this.firstReportTimer ??= setTimeout(() => {
      this.firstReportTimer = null;
      this.setPhase('settled');
    }, FIRST_REPORT_WAIT_MS);
  }

  private setPhase(phase: ServerStatusPhase): void {
    if (this.firstReportTimer !== null) {
      clearTimeout(this.firstReportTimer);
      this.firstReportTimer = null;
    }
    if (phase === this.phase) return;
    this.phase = phase;
    this.notify();
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

/** Whether the status shown is settled or still that of a connection being set up; re-renders on change. */
export function useServerStatusPhase(channel: ServerStatusChannel = serverStatus): ServerStatusPhase {
  return useSyncExternalStore(channel.subscribe, channel.getPhase, channel.getPhase);
}

export function useServerInfoMessage(channel: ServerStatusChannel = serverStatus): ServerInfoMessage | null {
  return useSyncExternalStore(channel.subscribe, channel.getInfo, channel.getInfo);
}

/** Holds the server-status connection while the calling component is mounted. */
export function useServerStatusLease(channel: ServerStatusChannel = serverStatus): void {
  useEffect(() => channel.acquire(), [channel]);
}
