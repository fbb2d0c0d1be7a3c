import { HubConnectionState } from '@microsoft/signalr';
import type { HubConnectionLike } from '../live/hub-channel';

type Handler = (...args: unknown[]) => void;

/** A stand-in for a SignalR HubConnection: records invocations and lets tests push server events. */
export class FakeHubConnection implements HubConnectionLike {
  state: HubConnectionState = HubConnectionState.Disconnected;
  readonly invocations: { method: string; args: unknown[] }[] = [];
  startCalls = 0;
  stopCalls = 0;
  /** What `start` does; replace to simulate a failing negotiate. */
  startImpl: () => Promise<void> = async () => {};
  /** What `invoke` answers; the default accepts every PV. */
  reply: (method: string, args: unknown[]) => unknown = () => ({
    subscribed: 0,
    missingPvs: [],
    unauthorizedPvs: [],
  });

  private readonly handlers = new Map<string, Handler[]>();
  private readonly closed: ((error?: Error) => void)[] = [];
  private readonly reconnecting: ((error?: Error) => void)[] = [];
  private readonly reconnected: ((connectionId?: string) => void)[] = [];

  async start(): Promise<void> {
    this.startCalls += 1;
    this.state = HubConnectionState.Connecting;
    try {
      await this.startImpl();
    } catch (error) {
      this.state = HubConnectionState.Disconnected;
      throw error;
    }
    this.state = HubConnectionState.Connected;
  }

  async stop(): Promise<void> {
    this.stopCalls += 1;
    this.state = HubConnectionState.Disconnected;
  }

  async invoke<T>(method: string, ...args: unknown[]): Promise<T> {
    this.invocations.push({ method, args });
    return this.reply(method, args) as T;
  }

  on(method: string, handler: Handler): void {
    this.handlers.set(method, [...(this.handlers.get(method) ?? []), handler]);
  }

  onclose(callback: (error?: Error) => void): void {
    this.closed.push(callback);
  }

  onreconnecting(callback: (error?: Error) => void): void {
    this.reconnecting.push(callback);
  }

  onreconnected(callback: (connectionId?: string) => void): void {
    this.reconnected.push(callback);
  }

  /** The server sends an event, e.g. `newValues`. */
  emit(method: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(method) ?? []) handler(...args);
  }

  /** The transport dropped and SignalR's automatic reconnect succeeded. */
  simulateReconnect(): void {
    this.state = HubConnectionState.Reconnecting;
    for (const callback of this.reconnecting) callback(new Error('transport lost'));
    this.state = HubConnectionState.Connected;
    for (const callback of this.reconnected) callback('next-id');
  }

  /** The connection closed for good (e.g. the server shut down). */
  simulateClose(error?: Error): void {
    this.state = HubConnectionState.Disconnected;
    for (const callback of this.closed) callback(error);
  }
}
