import type { SessionPrincipal } from '../auth/session-gate.js';

/**
 * Thrown by a hub method for an error the client may read: its message goes into the
 * Completion as is. Any other exception is reported with a generic text, never a stack.
 */
export class HubError extends Error {
  override readonly name = 'HubError';
}

/** Who a connection belongs to; given to a hub when it creates the connection's state. */
export interface ConnectionInfo {
  readonly connectionId: string;
  readonly principal: SessionPrincipal;
}

/** What a hub sees of one open connection (after the handshake). */
export interface HubClient<S> extends ConnectionInfo {
  readonly state: S;
  /** Bytes accepted by the socket but not yet written to the network: the slow-reader signal. */
  readonly bufferedAmount: number;
  /** Invokes a client handler (fire and forget); false when the connection is no longer open. */
  send(target: string, args: readonly unknown[]): boolean;
  /**
   * Like send, with the arguments already serialised as a JSON array text: lets a hub serialise a
   * value once and hand the same text to every subscriber.
   */
  sendSerialized(target: string, argumentsJson: string): boolean;
  /**
   * Sends one complete record already encoded as UTF-8 JSON bytes, separator included: lets a hub
   * build a record from bytes it encoded once for many connections. `onWritten` is called once
   * the socket has written the bytes and no longer reads them (not if the connection fails
   * first), so the hub may reuse their memory.
   */
  sendRecord(record: Uint8Array, onWritten?: () => void): boolean;
}

/** A server method. Returns the result (undefined for void) or a promise of it. */
export type HubMethod<S> = (client: HubClient<S>, args: readonly unknown[]) => unknown;

/** Given to a hub's start(): the hub's open connections, for timers that fan out to all. */
export interface HubHost<S> {
  connections(): Iterable<HubClient<S>>;
}

/**
 * One live channel, mounted at `/hubs/{name}`. Per-connection state of type S is created at
 * the handshake and handed to every method call; hub-wide work (feeds, timers) lives in start().
 * New channels are added as further definitions next to pv-hub.ts.
 */
export interface HubDefinition<S> {
  readonly name: string;
  /** Methods by name; matched case-insensitively like ASP.NET's hub dispatcher does. */
  readonly methods: Readonly<Record<string, HubMethod<S>>>;
  createState(info: ConnectionInfo): S;
  /** Right after the handshake answer: the first events a new connection should get. */
  onConnected?(client: HubClient<S>): void;
  /** The session ended: the last words before the server sends Close (without allowReconnect). */
  onSessionEnding?(client: HubClient<S>): void;
  onDisconnected?(client: HubClient<S>): void;
  /** Figures about one connection for diagnostics and tests (queue sizes, counters). */
  inspect?(state: S): Readonly<Record<string, number>>;
  /** Starts hub-wide work when the server starts; returns what stops it. */
  start?(host: HubHost<S>): () => void;
}

/** Checks the argument count; the dispatcher turns the HubError into a Completion error. */
export function expectArgumentCount(args: readonly unknown[], count: number): void {
  if (args.length !== count) {
    throw new HubError(`Invocation provides ${args.length} argument(s) but target expects ${count}.`);
  }
}
