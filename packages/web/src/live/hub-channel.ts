import type { LiveChannel } from '@leitwarte/core';
import { HttpError, HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { notifyUnauthorized } from '../api/http';
import { setChannelState, type LiveError, type LiveStatus } from './connection-status';
import { reconnectDelay } from './retry-delay';

/** The part of a SignalR HubConnection a channel uses (a fake implements it in tests). */
export type HubConnectionLike = Pick<
  HubConnection,
  'start' | 'stop' | 'invoke' | 'on' | 'onclose' | 'onreconnecting' | 'onreconnected' | 'state'
>;

export interface HubChannelOptions {
  channel: LiveChannel;
  /** Builds a connection that reconnects by itself (withAutomaticReconnect) with its event handlers set. */
  createConnection: () => HubConnectionLike;
  /** Runs after every start and every automatic reconnect, e.g. to (re)subscribe. */
  onConnected: (connection: HubConnectionLike, reconnected: boolean) => Promise<void>;
}

/** A 401 from negotiate means the session is gone: that is a logout, not a network problem. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode === 401;
}

/**
 * One live channel with a lease count (calls §4): it starts on the first lease and stops when the
 * count reaches zero. A failed start, or a close while leased (e.g. the server restarted), is retried
 * with the capped backoff; automatic reconnects are SignalR's own. State goes to the header indicator.
 */
export class HubChannel {
  private connection: HubConnectionLike | null = null;
  private leases = 0;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  // Start and stop run one after the other; each step re-reads the lease count, so a quick
  // release-and-acquire (React StrictMode, route changes) does not bounce the connection.
  private transitions: Promise<void> = Promise.resolve();

  constructor(private readonly options: HubChannelOptions) {}

  /** Takes a lease; the returned function gives it back (calling it twice is harmless). */
  acquire(): () => void {
    this.leases += 1;
    this.reconcile();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.leases -= 1;
      this.reconcile();
    };
  }

  /** The connection when it is connected, else null. */
  get connected(): HubConnectionLike | null {
    return this.connection?.state === HubConnectionState.Connected ? this.connection : null;
  }

  /** Resolves when pending starts/stops have run (for tests and orderly shutdown). */
  settled(): Promise<void> {
    return this.transitions;
  }

  private reconcile(): void {
    this.transitions = this.transitions
      .then(async () => {
        // While a retry is pending, a new lease waits for it instead of starting early.
        if (this.leases > 0) {
          if (!this.connection && !this.retryTimer) await this.start();
        } else await this.stop();
      })
      // A failed step must not block every later one.
      .catch(() => {});
  }

  private async start(): Promise<void> {
    this.clearRetry();
    const connection = this.options.createConnection();
    this.connection = connection;
    this.report('connecting', null);
    connection.onreconnecting(() => this.isCurrent(connection) && this.report('reconnecting', null));
    connection.onreconnected(() => {
      if (!this.isCurrent(connection)) return;
      this.report('connected', null);
      void this.options.onConnected(connection, true).catch(() => {});
    });
    connection.onclose((error) => {
      if (!this.isCurrent(connection)) return;
      this.connection = null;
      if (isUnauthorized(error)) notifyUnauthorized();
      this.report('disconnected', 'disconnected');
      this.scheduleRetry();
    });
    try {
      await connection.start();
    } catch (error) {
      if (!this.isCurrent(connection)) return;
      this.connection = null;
      if (isUnauthorized(error)) notifyUnauthorized();
      this.report('disconnected', 'failedToConnect');
      this.scheduleRetry();
      return;
    }
    if (!this.isCurrent(connection)) return;
    this.attempts = 0;
    this.report('connected', null);
    await this.options.onConnected(connection, false).catch(() => {});
  }

  private async stop(): Promise<void> {
    this.clearRetry();
    const connection = this.connection;
    this.connection = null;
    this.attempts = 0;
    this.report('idle', null);
    await connection?.stop().catch(() => {});
  }

  private isCurrent(connection: HubConnectionLike): boolean {
    return this.connection === connection;
  }

  private scheduleRetry(): void {
    if (this.leases === 0 || this.retryTimer) return;
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.reconcile();
    }, reconnectDelay(this.attempts));
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private report(status: LiveStatus, error: LiveError | null): void {
    setChannelState(this.options.channel, { status, error });
  }
}
