import { WebSocket, type RawData } from 'ws';
import type { SessionPrincipal } from '../auth/session-gate.js';
import type { RecordBudgets } from './record-budget.js';
import { RecordReader, RECORD_SEPARATOR, encodeRecord } from './record-reader.js';
import {
  MessageType,
  PING_RECORD,
  closeMessage,
  parseClientMessage,
  parseHandshake,
  type InvocationMessage,
} from './protocol.js';

/** Timers and limits of one connection (ASP.NET defaults in hub-server.ts). */
export interface ConnectionLimits {
  keepAliveMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  maxMessageBytes: number;
  /** Records a session's clients may send per second on average (a token bucket)... */
  maxRecordsPerSecond: number;
  /** ...and at once (the bucket's size). Beyond it the connection is closed with an error. */
  recordBurst: number;
  /** Unsent bytes above which the client counts as not reading... */
  stalledBytes: number;
  /** ...and how long it may stay so before the connection is closed. */
  stalledReaderMs: number;
}

/** What the hub endpoint hears from a connection. */
export interface ConnectionEvents {
  opened(connection: HubConnection): void;
  invocation(connection: HubConnection, message: InvocationMessage): void;
  /** Always called once, also for connections that never completed the handshake. */
  closed(connection: HubConnection): void;
  /** The connection is being closed for flooding or for not reading (for the log). */
  refused?(connection: HubConnection, why: 'flood' | 'stalled'): void;
}

export interface CloseOptions {
  error?: string;
  allowReconnect?: boolean;
}

// How long a peer gets to answer our close frame before the socket is torn down.
const CLOSE_GRACE_MS = 1000;

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * One hub connection on one WebSocket: handshake, record framing, keep-alive, client timeout
 * and the Close record. Knows nothing about hub methods; invocations go to the events.
 */
export class HubConnection {
  private phase: 'handshake' | 'open' | 'closing' | 'closed' = 'handshake';
  private readonly reader: RecordReader;
  private readonly timers: NodeJS.Timeout[] = [];
  private keepAlive: NodeJS.Timeout | undefined;
  private clientTimeout: NodeJS.Timeout | undefined;
  private stallWatch: NodeJS.Timeout | undefined;
  private stalledSince: number | null = null;
  readonly closed: Promise<void>;

  constructor(
    readonly connectionId: string,
    readonly principal: SessionPrincipal,
    private readonly socket: WebSocket,
    private readonly limits: ConnectionLimits,
    private readonly events: ConnectionEvents,
    private readonly budget: Pick<RecordBudgets, 'take'>,
  ) {
    this.reader = new RecordReader(limits.maxMessageBytes);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('message', (data) => this.receive(toBuffer(data)));
    socket.once('close', () => this.onSocketClosed());
    // Errors are followed by 'close'; without a listener ws would throw them.
    socket.on('error', () => undefined);
    this.schedule(limits.handshakeTimeoutMs, () => this.rejectHandshake('Handshake timed out.'));
  }

  get isOpen(): boolean {
    return this.phase === 'open';
  }

  get bufferedAmount(): number {
    return this.socket.bufferedAmount;
  }

  /** Sends one record after the handshake; false when the connection is not open. */
  send(message: object): boolean {
    if (this.phase !== 'open') return false;
    this.write(encodeRecord(message));
    return true;
  }

  /** Sends one record already encoded as JSON text (without the separator). */
  sendText(json: string): boolean {
    if (this.phase !== 'open') return false;
    this.write(json + RECORD_SEPARATOR);
    return true;
  }

  /**
   * Sends one record already encoded as UTF-8 bytes, separator included, as a text frame;
   * `onWritten` once the socket has written them (not if it fails first).
   */
  sendBytes(record: Uint8Array, onWritten?: () => void): boolean {
    if (this.phase !== 'open') return false;
    this.write(record, onWritten);
    return true;
  }

  /** Deliberate close: Close record (only once the handshake is done), then the socket. */
  close(options: CloseOptions = {}): Promise<void> {
    if (this.phase === 'open') this.write(encodeRecord(closeMessage(options.error, options.allowReconnect)));
    this.shutdownSocket();
    return this.closed;
  }

  private schedule(ms: number, action: () => void): NodeJS.Timeout {
    const timer = setTimeout(action, ms);
    timer.unref();
    this.timers.push(timer);
    return timer;
  }

  private write(data: string | Uint8Array, onWritten?: () => void): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    // Always a text frame: the JSON hub protocol is text, also when the record comes as bytes.
    if (onWritten === undefined) this.socket.send(data, { binary: false });
    else
      this.socket.send(data, { binary: false }, (error) => {
        if (!error) onWritten();
      });
    // A ping is due only after a quiet period, so every write re-arms the keep-alive timer.
    this.keepAlive?.refresh();
  }

  private shutdownSocket(): void {
    if (this.phase === 'closing' || this.phase === 'closed') return;
    this.phase = 'closing';
    this.shutdownStallWatch();
    this.socket.close(1000);
    // A peer that does not read never answers the close frame; don't wait for it forever.
    this.schedule(CLOSE_GRACE_MS, () => this.socket.terminate());
  }

  private receive(frame: Buffer): void {
    if (this.phase === 'closing' || this.phase === 'closed') return;
    // Any data counts as a sign of life, also a partial record.
    this.clientTimeout?.refresh();
    const result = this.reader.push(frame);
    for (const record of result.records) {
      if (this.phase === 'handshake') this.handshake(record);
      else if (this.phase === 'open' && this.takeToken()) this.dispatch(record);
    }
    if ('oversize' in result) {
      const error = `Message exceeds the maximum size of ${this.limits.maxMessageBytes} bytes.`;
      if (this.phase === 'handshake') this.rejectHandshake(error);
      else void this.close({ error: `Connection closed with an error. ${error}` });
    }
  }

  /**
   * One record's worth of the session's budget (shared by its connections, record-budget.ts).
   * A client sending faster is closed at once: it cannot keep the server busy for everyone.
   */
  private takeToken(): boolean {
    if (this.budget.take(this.principal.sessionId)) return true;
    this.events.refused?.(this, 'flood');
    void this.close({
      error: `Connection closed with an error. Too many messages: at most ${this.limits.maxRecordsPerSecond} a second.`,
    });
    return false;
  }

  /**
   * A client that stops reading is skipped by the hubs (no queue grows); one that stays so for
   * stalledReaderMs is closed: it holds a socket and its buffer for nothing. Its Close record
   * will not be read, so the socket is torn down after the close grace.
   */
  private watchStall(): void {
    const every = Math.max(50, Math.min(1000, this.limits.stalledReaderMs / 4));
    this.stallWatch = setInterval(() => {
      if (this.socket.bufferedAmount <= this.limits.stalledBytes) {
        this.stalledSince = null;
        return;
      }
      const now = Date.now();
      this.stalledSince ??= now;
      if (now - this.stalledSince < this.limits.stalledReaderMs) return;
      this.events.refused?.(this, 'stalled');
      void this.close({ error: 'Connection closed with an error. The client stopped reading.' });
    }, every);
    this.stallWatch.unref();
  }

  private handshake(record: string): void {
    const result = parseHandshake(record);
    if (!result.ok) return this.rejectHandshake(result.error);
    this.phase = 'open';
    // The handshake answer is the first thing the client ever receives from us.
    this.write('{}' + RECORD_SEPARATOR);
    this.clearTimers();
    this.keepAlive = this.schedule(this.limits.keepAliveMs, () => this.write(encodeRecord(PING_RECORD)));
    this.clientTimeout = this.schedule(this.limits.clientTimeoutMs, () => {
      void this.close({ error: 'Server timeout elapsed without receiving a message from the client.' });
    });
    this.watchStall();
    this.events.opened(this);
  }

  private rejectHandshake(error: string): void {
    if (this.phase !== 'handshake') return;
    this.write(JSON.stringify({ error }) + RECORD_SEPARATOR);
    this.shutdownSocket();
  }

  private dispatch(record: string): void {
    const parsed = parseClientMessage(record);
    if (!parsed.ok) {
      void this.close({ error: `Connection closed with an error. ${parsed.error}` });
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        this.events.invocation(this, message);
        return;
      case MessageType.StreamItem:
      case MessageType.Completion:
        // We never invoke client methods with an id nor accept upload streams: protocol error.
        void this.close({ error: 'Connection closed with an error. Unexpected message type.' });
        return;
      case MessageType.Close:
        this.shutdownSocket();
        return;
      default:
        // Ping (the timeout was already re-armed), CancelInvocation (our methods complete and
        // answer anyway), Ack/Sequence (stateful reconnect is not offered) and future types.
        return;
    }
  }

  private clearTimers(): void {
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
  }

  private shutdownStallWatch(): void {
    clearInterval(this.stallWatch);
    this.stallWatch = undefined;
  }

  private onSocketClosed(): void {
    this.phase = 'closed';
    this.clearTimers();
    this.shutdownStallWatch();
    this.events.closed(this);
  }
}
