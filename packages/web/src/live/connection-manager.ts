// Types only: the shell uses the manager without loading the SignalR client.
import type { HubConnection } from '@microsoft/signalr';
import { notifyUnauthorized } from '../api/http';
import { LiveError } from './live-error';
import { reconnectDelay } from './retry-delay';

/** The part of a SignalR HubConnection the manager uses (a fake implements it in tests). */
export type HubConnectionLike = Pick<
  HubConnection,
  'start' | 'stop' | 'invoke' | 'on' | 'onclose' | 'onreconnecting' | 'onreconnected' | 'state'
>;

/** calls §9: readiness is checked up to 10 times, waiting 50 ms × the attempt number. */
export const READINESS_CHECKS = 10;
export const READINESS_STEP_MS = 50;

export type ConnectionPhase = 'idle' | 'connecting' | 'connected' | 'faulted';

/** What the manager tells about each connection (name = channel). */
export interface ManagerListeners {
  /** A connection starts (first lease, or a reconnect of a faulted one). */
  connecting(name: string): void;
  /** A connection is up; `reconnected` after it had been faulted. */
  connected(name: string, connection: HubConnectionLike, reconnected: boolean): void;
  /** A connection closed (or failed to start) while leased; `retryAt` is the next attempt, if any. */
  faulted(name: string, error: LiveError, retryAt: number | null): void;
  /** Nobody leases the connection any more; it was stopped. */
  idle(name: string): void;
}

/** Builds a channel's connection; may load the SignalR client first. */
export type ConnectionFactory = () => HubConnectionLike | Promise<HubConnectionLike>;

interface Entry {
  name: string;
  create: ConnectionFactory;
  leases: number;
  connection: HubConnectionLike | null;
  phase: ConnectionPhase;
  wasConnected: boolean;
  attempts: number;
  retryTimer: ReturnType<typeof setTimeout> | null;
  /** Starts and stops of one connection run one after the other. */
  transitions: Promise<void>;
}

export interface ConnectionManagerOptions {
  /** Delay before the n-th retry of a faulted connection; never gives up while leased. */
  retryDelay?: (attempt: number) => number;
  now?: () => number;
  /** A 401 or a session-ended close: the session is gone, stop retrying and log out. */
  onUnauthorized?: () => void;
}

/** HubConnectionState.Connected, without importing the client's runtime. */
const CONNECTED = 'Connected';

/** A 401 at negotiate (SignalR's HttpError), or the Close the server sends when the session ended. */
export function isUnauthorized(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ('statusCode' in error) return error.statusCode === 401;
  return /Unauthorized/.test(error.message);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The live connections of calls §4, one per channel, leased by count: started at the first
 * lease, stopped when the count reaches zero, faulted when they close while leased. Faulted
 * connections are reconnected with a capped backoff for as long as they are leased (SignalR's
 * own policy gives up after four tries; a control room must not), or at once by
 * `reconnectFaulted()`. Every (re)connect builds a fresh connection, so channels re-subscribe.
 */
export class ConnectionManager {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<Partial<ManagerListeners>>();
  private readonly retryDelay: (attempt: number) => number;
  private readonly now: () => number;

  constructor(private readonly options: ConnectionManagerOptions = {}) {
    this.retryDelay = options.retryDelay ?? ((attempt) => reconnectDelay(attempt));
    this.now = options.now ?? Date.now;
  }

  /**
   * Declares a channel and how to build its connection (with its event handlers). Declaring it
   * again replaces the builder while nobody leases it (a test or a hot reload made a new channel).
   */
  register(name: string, create: ConnectionFactory): void {
    const existing = this.entries.get(name);
    if (existing !== undefined) {
      if (existing.leases > 0) throw new Error(`connection ${name} is in use`);
      existing.create = create;
      return;
    }
    this.entries.set(name, {
      name,
      create,
      leases: 0,
      connection: null,
      phase: 'idle',
      wasConnected: false,
      attempts: 0,
      retryTimer: null,
      transitions: Promise.resolve(),
    });
  }

  listen(listeners: Partial<ManagerListeners>): () => void {
    this.listeners.add(listeners);
    return () => void this.listeners.delete(listeners);
  }

  /**
   * Takes a lease and resolves with the connected connection (after the readiness checks).
   * Rejects with 'Failed to connect {name}' when it does not come up — the lease is kept and
   * the manager keeps trying — or 'Failed to acquire' for an unknown channel.
   */
  async acquire(name: string): Promise<HubConnectionLike> {
    const entry = this.entries.get(name);
    if (entry === undefined) throw new LiveError('failedToAcquire', name);
    entry.leases += 1;
    this.reconcile(entry);
    await entry.transitions;
    return this.waitUntilConnected(entry);
  }

  /** Gives a lease back; the last one stops the connection. */
  release(name: string): void {
    const entry = this.entries.get(name);
    if (entry === undefined || entry.leases === 0) return;
    entry.leases -= 1;
    this.reconcile(entry);
  }

  /** The connected connection; 'The {name} connection is disconnected' when unknown, faulted or down. */
  get(name: string): HubConnectionLike {
    const entry = this.entries.get(name);
    const connection = entry?.connection;
    if (entry?.phase !== 'connected' || !connection || connection.state !== CONNECTED) {
      throw new LiveError('disconnected', name);
    }
    return connection;
  }

  phase(name: string): ConnectionPhase {
    return this.entries.get(name)?.phase ?? 'idle';
  }

  leases(name: string): number {
    return this.entries.get(name)?.leases ?? 0;
  }

  /** Reconnects every faulted, leased connection now (e.g. "reconnect" in the shell, or back online). */
  async reconnectFaulted(): Promise<void> {
    const faulted = [...this.entries.values()].filter((e) => e.phase === 'faulted' && e.leases > 0);
    for (const entry of faulted) {
      this.clearRetry(entry);
      this.reconcile(entry);
    }
    await Promise.all(faulted.map((entry) => entry.transitions));
  }

  /** Resolves when pending starts and stops have run (tests, orderly shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => entry.transitions));
  }

  private emit<K extends keyof ManagerListeners>(event: K, ...args: Parameters<ManagerListeners[K]>): void {
    for (const listener of [...this.listeners]) {
      (listener[event] as ((...a: Parameters<ManagerListeners[K]>) => void) | undefined)?.(...args);
    }
  }

  private reconcile(entry: Entry): void {
    entry.transitions = entry.transitions
      .then(async () => {
        // Each step re-reads the count, so a quick release-and-acquire does not bounce.
        if (entry.leases > 0) {
          if (entry.connection === null && entry.retryTimer === null) await this.start(entry);
        } else await this.stop(entry);
      })
      .catch(() => {});
  }

  private async start(entry: Entry): Promise<void> {
    entry.phase = 'connecting';
    this.emit('connecting', entry.name);
    let connection: HubConnectionLike;
    try {
      connection = await entry.create();
    } catch (error) {
      // E.g. the client's code could not be loaded (offline after an update): retry like a failed start.
      this.fault(entry, new LiveError('failedToConnect', entry.name, { cause: error }), error);
      return;
    }
    if (entry.leases === 0) {
      entry.phase = 'idle';
      this.emit('idle', entry.name);
      return;
    }
    entry.connection = connection;
    connection.onclose((error) => {
      if (entry.connection !== connection) return;
      this.fault(entry, new LiveError('disconnected', entry.name, { cause: error }), error);
    });
    try {
      await connection.start();
    } catch (error) {
      if (entry.connection !== connection) return;
      this.fault(entry, new LiveError('failedToConnect', entry.name, { cause: error }), error);
      return;
    }
    if (entry.connection !== connection) return;
    entry.phase = 'connected';
    entry.attempts = 0;
    const reconnected = entry.wasConnected;
    entry.wasConnected = true;
    this.emit('connected', entry.name, connection, reconnected);
  }

  private fault(entry: Entry, error: LiveError, cause: unknown): void {
    entry.connection = null;
    if (entry.leases === 0) return;
    entry.phase = 'faulted';
    if (isUnauthorized(cause)) {
      // The session is gone: retrying would only be refused. The logout takes over.
      this.emit('faulted', entry.name, error, null);
      (this.options.onUnauthorized ?? notifyUnauthorized)();
      return;
    }
    entry.attempts += 1;
    const delay = this.retryDelay(entry.attempts);
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = null;
      this.reconcile(entry);
    }, delay);
    this.emit('faulted', entry.name, error, this.now() + delay);
  }

  private async stop(entry: Entry): Promise<void> {
    this.clearRetry(entry);
    const connection = entry.connection;
    entry.connection = null;
    entry.attempts = 0;
    entry.wasConnected = false;
    if (entry.phase === 'idle') return;
    entry.phase = 'idle';
    this.emit('idle', entry.name);
    await connection?.stop().catch(() => {});
  }

  private clearRetry(entry: Entry): void {
    if (entry.retryTimer) clearTimeout(entry.retryTimer);
    entry.retryTimer = null;
  }

  /** calls §4/§9: up to 10 checks for the connected state, waiting 50 ms × attempt between them. */
  private async waitUntilConnected(entry: Entry): Promise<HubConnectionLike> {
    for (let attempt = 1; attempt <= READINESS_CHECKS; attempt++) {
      const connection = entry.connection;
      if (entry.phase === 'connected' && connection?.state === CONNECTED) return connection;
      if (entry.phase === 'faulted' || entry.leases === 0 || attempt === READINESS_CHECKS) break;
      await sleep(READINESS_STEP_MS * attempt);
    }
    throw new LiveError('failedToConnect', entry.name);
  }
}
