import { HUB_MAX_MESSAGE_BYTES } from '@leitwarte/core';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionGate, SessionPrincipal } from '../auth/session-gate.js';
import { ConnectionRegistry, type NegotiatedIds } from './connection-registry.js';
import { HubConnection, type CloseOptions, type ConnectionLimits } from './connection.js';
import { createHubEndpoint, type ConnectionStats, type HubEndpoint } from './hub-endpoint.js';
import type { HubDefinition } from './hub.js';
import { createOriginCheck, type OriginCheck } from './origin.js';
import { RecordBudgets } from './record-budget.js';
import type { ConnectionSigner } from './signed-ids.js';

/** The ASP.NET Core SignalR defaults (DESIGN.md), plus our negotiate housekeeping. */
export const HUB_DEFAULTS = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  maxMessageBytes: HUB_MAX_MESSAGE_BYTES,
  /**
   * Client records per second per session (token bucket), and at once. A browser sends a few
   * a second, and at most some hundreds at once when a large process image subscribes element
   * by element; a flood (thousands a second) is cut off within a fraction of a second, and
   * reconnecting does not refill the budget.
   */
  maxRecordsPerSecond: 500,
  recordBurst: 2000,
  /** A client with more than 1 MiB unsent for 30 s has stopped reading: it is closed. */
  stalledBytes: 1024 * 1024,
  stalledReaderMs: 30_000,
  /** A negotiated token that no socket claims within this time is forgotten. */
  negotiateTtlMs: 30_000,
  /** Unclaimed tokens per session: a browser needs one per channel, more is abuse. */
  maxUnclaimedPerSession: 64,
} as const;

export interface HubServerOptions extends ConnectionLimits {
  gate: SessionGate;
  allowedOrigins: readonly string[];
  negotiateTtlMs: number;
  maxUnclaimedPerSession: number;
  log: FastifyBaseLogger;
  /**
   * Several processes: the hubs every process serves itself, with connection tokens any
   * process can check (the others are passed on to the field's owner, ids from its registry).
   */
  signed?: { signer: ConnectionSigner; hubs: readonly string[] };
}

/** The request headers admission looks at (negotiate and upgrade alike). */
export interface AdmissionRequest {
  cookie: string | undefined;
  origin: string | undefined;
  host: string | undefined;
}

export type Admission =
  | { ok: true; endpoint: HubEndpoint; principal: SessionPrincipal }
  | { ok: false; status: 401 | 403 | 404 | 429 | 503; message: string };

// After a session ended, a connection admitted in the same instant must still be closed.
const ENDED_SESSION_MEMORY_MS = 60_000;

/** The hubs of one process: admission, ids, live connections per session, shutdown. */
export class HubServer {
  readonly registry: ConnectionRegistry;
  private readonly endpoints = new Map<string, HubEndpoint>();
  private readonly bySession = new Map<string, Set<HubConnection>>();
  private readonly endedSessions = new Map<string, NodeJS.Timeout>();
  private readonly originAllowed: OriginCheck;
  private unsubscribeGate: (() => void) | undefined;
  private stopping = false;
  private readonly budgets: RecordBudgets;

  constructor(private readonly options: HubServerOptions) {
    this.registry = new ConnectionRegistry(options.negotiateTtlMs, options.maxUnclaimedPerSession);
    this.originAllowed = createOriginCheck(options.allowedOrigins);
    this.budgets = new RecordBudgets(options.maxRecordsPerSecond, options.recordBurst);
  }

  /** The signer when this hub's tokens are signed (several processes), else null. */
  signerFor(hubName: string): ConnectionSigner | null {
    const signed = this.options.signed;
    return signed !== undefined && signed.hubs.includes(hubName) ? signed.signer : null;
  }

  add<S>(definition: HubDefinition<S>): void {
    if (this.endpoints.has(definition.name)) throw new Error(`hub ${definition.name} is defined twice`);
    this.endpoints.set(definition.name, createHubEndpoint(definition, this.options.log));
  }

  start(): void {
    this.unsubscribeGate ??= this.options.gate.onSessionEnded((sessionId, reason) => {
      void this.endSession(sessionId, `Unauthorized: session ended (${reason}).`);
    });
    for (const endpoint of this.endpoints.values()) endpoint.start();
  }

  /** Origin, then session: the checks shared by negotiate and the WebSocket upgrade. */
  async admit(hubName: string, request: AdmissionRequest): Promise<Admission> {
    const endpoint = this.endpoints.get(hubName);
    if (endpoint === undefined) return { ok: false, status: 404, message: 'Unknown hub.' };
    if (this.stopping) return { ok: false, status: 503, message: 'Server is shutting down.' };
    if (!this.originAllowed(request.origin, request.host)) {
      return { ok: false, status: 403, message: 'Origin not allowed.' };
    }
    const principal = await this.options.gate.fromCookieHeader(request.cookie);
    if (principal === null) return { ok: false, status: 401, message: 'Unauthorized.' };
    // Cut off for flooding and back at once: no new connection until the budget refills.
    if (this.budgets.coolingDown(principal.sessionId)) {
      return { ok: false, status: 429, message: 'Too many messages: try again later.' };
    }
    return { ok: true, endpoint, principal };
  }

  /** Runs the protocol on an upgraded socket; the token is released when the socket closes. */
  attach(socket: WebSocket, endpoint: HubEndpoint, principal: SessionPrincipal, ids: NegotiatedIds): void {
    const connection = new HubConnection(
      ids.connectionId,
      principal,
      socket,
      this.options,
      {
        opened: (c) => endpoint.opened(c),
        invocation: (c, message) => endpoint.invocation(c, message),
        refused: (c, why) => {
          this.options.log.warn(
            { hub: endpoint.name, connectionId: c.connectionId, user: principal.username, why },
            why === 'flood'
              ? 'hub connection closed: too many messages'
              : 'hub connection closed: client stopped reading',
          );
        },
        closed: (c) => {
          endpoint.closed(c);
          this.registry.remove(ids.connectionToken);
          const set = this.bySession.get(principal.sessionId);
          set?.delete(c);
          if (set?.size === 0) this.bySession.delete(principal.sessionId);
        },
      },
      this.budgets,
    );
    const set = this.bySession.get(principal.sessionId) ?? new Set();
    set.add(connection);
    this.bySession.set(principal.sessionId, set);
    if (this.stopping) void connection.close({ error: 'Server is shutting down.', allowReconnect: true });
    else if (this.endedSessions.has(principal.sessionId)) {
      void connection.close({ error: 'Unauthorized: session ended.' });
    }
  }

  /** Diagnostics of every open connection of every hub. */
  stats(): ConnectionStats[] {
    return [...this.endpoints.values()].flatMap((endpoint) => endpoint.stats());
  }

  connectionCount(): number {
    let count = 0;
    for (const set of this.bySession.values()) count += set.size;
    return count;
  }

  /** Deliberately closes every connection with a Close record, and waits for the sockets. */
  async closeAll(options: CloseOptions): Promise<void> {
    const all = [...this.bySession.values()].flatMap((set) => [...set]);
    await Promise.all(all.map((connection) => connection.close(options)));
  }

  /** Graceful shutdown: clients are told to reconnect (to this or another process). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.closeAll({ error: 'Server is shutting down.', allowReconnect: true });
    this.unsubscribeGate?.();
    this.unsubscribeGate = undefined;
    for (const endpoint of this.endpoints.values()) endpoint.stop();
    for (const timer of this.endedSessions.values()) clearTimeout(timer);
    this.endedSessions.clear();
    this.registry.clear();
    this.budgets.close();
  }

  private async endSession(sessionId: string, error: string): Promise<void> {
    this.registry.endSession(sessionId);
    clearTimeout(this.endedSessions.get(sessionId));
    const timer = setTimeout(() => this.endedSessions.delete(sessionId), ENDED_SESSION_MEMORY_MS);
    timer.unref();
    this.endedSessions.set(sessionId, timer);
    const connections = [...(this.bySession.get(sessionId) ?? [])];
    // Hubs may tell the client why first (server-status sends Unauthorized); the record is
    // written before the Close record, so the client reads it first.
    for (const connection of connections) {
      for (const endpoint of this.endpoints.values()) endpoint.sessionEnding(connection);
    }
    // No allowReconnect: the client must not come back with a dead session.
    await Promise.all(connections.map((connection) => connection.close({ error })));
  }
}
