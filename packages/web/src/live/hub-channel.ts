import type { LiveChannel } from '@leitwarte/core';
import { setChannelState, setRetryAt, type LiveError, type LiveStatus } from './connection-status';
import type { ConnectionFactory, ConnectionManager, HubConnectionLike } from './connection-manager';
import { liveConnections } from './live-connections';

export type { HubConnectionLike } from './connection-manager';
export { isUnauthorized } from './connection-manager';

export interface HubChannelOptions {
  channel: LiveChannel;
  /** Builds a connection with the channel's event handlers set. */
  createConnection: ConnectionFactory;
  /** Runs after every start and every reconnect, e.g. to (re)subscribe. */
  onConnected: (connection: HubConnectionLike, reconnected: boolean) => Promise<void>;
  /** Default: the app's manager. */
  manager?: ConnectionManager;
}

/**
 * One live channel on the connection manager: its lease, its state for the shell (status,
 * error, countdown to the next try) and its (re)subscription after every connect.
 */
export class HubChannel {
  private readonly manager: ConnectionManager;
  private readonly channel: LiveChannel;

  constructor(options: HubChannelOptions) {
    const { channel, createConnection, onConnected } = options;
    this.manager = options.manager ?? liveConnections;
    this.channel = channel;
    this.manager.register(channel, createConnection);
    const report = (status: LiveStatus, error: LiveError | null, retryAt: number | null = null) => {
      setRetryAt(channel, retryAt);
      setChannelState(channel, { status, error });
    };
    this.manager.listen({
      connecting: (name) => name === channel && report(this.retrying ? 'reconnecting' : 'connecting', null),
      connected: (name, connection, reconnected) => {
        if (name !== channel) return;
        this.retrying = false;
        report('connected', null);
        void onConnected(connection, reconnected).catch(() => {});
      },
      faulted: (name, error, retryAt) => {
        if (name !== channel) return;
        this.retrying = true;
        report(
          'disconnected',
          error.code === 'failedToConnect' ? 'failedToConnect' : 'disconnected',
          retryAt,
        );
      },
      idle: (name) => {
        if (name !== channel) return;
        this.retrying = false;
        report('idle', null);
      },
    });
  }

  private retrying = false;

  /** Takes a lease; the returned function gives it back (calling it twice is harmless). */
  acquire(): () => void {
    // A failure is shown through the channel state, and the manager keeps trying.
    this.manager.acquire(this.channel).catch(() => {});
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.manager.release(this.channel);
    };
  }

  /** The connection when it is connected, else null. */
  get connected(): HubConnectionLike | null {
    try {
      return this.manager.get(this.channel);
    } catch {
      return null;
    }
  }

  /** Resolves when pending starts/stops have run (for tests and orderly shutdown). */
  settled(): Promise<void> {
    return this.manager.settled();
  }
}
