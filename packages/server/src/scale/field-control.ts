import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Domain } from '../domain.js';
import type { Store } from '../store/index.js';
import { createFieldOwner, type FieldOwner } from './field-owner.js';
import { forwardRequest, forwardUpgrade } from './forward.js';

/** Marks a request one process passed to another: it is never passed on a second time. */
const FORWARDED_HEADER = 'x-leitwarte-forwarded';

/** What this process is to the field, for /healthz and /metrics. */
export type FieldRole = 'owner' | 'follower' | 'starting';

export interface FieldControlDeps {
  app: FastifyInstance;
  config: Config;
  store: Store;
  domain: Pick<Domain, 'start' | 'stop'>;
  processId: string;
  /** Several processes (a Redis backplane is configured): the field goes to the elected owner. */
  scaled: boolean;
  /** Hubs every process serves itself (several processes): they are never passed on. */
  localHubs?: readonly string[];
  /** This process knows it is one of the others (after its first election attempt). */
  onFollower?: () => void;
  /** This process has started the field as the owner. */
  onFieldStarted?: () => void;
  onFieldLost?: () => void;
}

export interface FieldControl {
  /** One process: starts the field now. Several: joins the election once listening. */
  start(): Promise<void>;
  /** Resolves when this process knows its role (after its first election attempt). */
  ready(): Promise<void>;
  stop(): Promise<void>;
  role(): FieldRole;
  /**
   * Several processes, and this one does not serve the field: no process holds the lease, or
   * the one that holds it did not answer the last request passed on to it (it died and its
   * lease has not lapsed yet). What the server-status channel calls ServerDisconnected.
   */
  ownerLost(): boolean;
  /** The election, with several processes; null for one. */
  owner(): FieldOwner | null;
  /** For the hubs: passes a WebSocket upgrade on to the owner when this process is not it. */
  forwardUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
}

const HUB_URL = /^\/hubs\/([a-z0-9-]+)(?:\/negotiate)?\/?(?:\?|$)/;

/** The hub a /hubs/ URL (negotiate or WebSocket) is for, if it is one. */
export function hubOfUrl(url: string): string | null {
  return HUB_URL.exec(url)?.[1] ?? null;
}

/**
 * Who runs the field and the engines (data acquisition, alert engine, remote alarm, historian
 * writer, scheduled jobs): with one process, that process; with several, the one elected
 * through the PostgreSQL lease. The others serve the web app, /healthz and /metrics
 * themselves and pass every API request and hub connection on to the owner, so any request may
 * land on any process (no sticky sessions) and every write is made, audited and published by
 * the one process whose in-memory engines hold the plant's state. On a takeover the new owner
 * starts the field from the store: open alerts, escalation states and the archive's last
 * values, as a restart of a single process does.
 */
export function createFieldControl(deps: FieldControlDeps): FieldControl {
  const { app, config, store, domain, processId, scaled } = deps;
  const localHubs = new Set(deps.localHubs ?? []);
  const servedLocally = (url: string) => {
    const hub = hubOfUrl(url);
    return hub !== null && localHubs.has(hub);
  };
  const forwardedPath = (url: string | undefined) =>
    url !== undefined && (url.startsWith('/api/') || (url.startsWith('/hubs/') && !servedLocally(url)));
  let fieldOwner: FieldOwner | null = null;
  let started = false;
  let stopped = false;
  let resolveReady: () => void = () => {};
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));

  let starting: Promise<void> | null = null;
  // The holder the last passed-on request failed to reach; cleared by a success or a new holder.
  let unreachableHolder: string | null = null;
  const reached = (holder: string | null) => (ok: boolean) => {
    if (ok) {
      if (unreachableHolder === holder) unreachableHolder = null;
    } else unreachableHolder = holder;
  };
  const holder = () => fieldOwner?.state().holder ?? null;

  function startField(): Promise<void> {
    if (started || stopped) return Promise.resolve();
    starting ??= domain.start().then(
      () => {
        started = true;
        starting = null;
        deps.onFieldStarted?.();
      },
      (error: unknown) => {
        starting = null;
        throw error;
      },
    );
    return starting;
  }

  async function stopField(): Promise<void> {
    // A start under way finishes first: stopping half-started engines would leave parts running.
    await starting?.catch(() => {});
    if (!started) return;
    started = false;
    await domain.stop();
  }

  const servesHere = () => !scaled || (started && fieldOwner?.isOwner() === true);

  /** The owner's address, unless that is this process (still starting) or unknown. */
  function ownerUrl(): URL | null {
    const state = fieldOwner?.state();
    if (!state || state.holder === null || state.holder === processId || state.holderAddress === null)
      return null;
    return new URL(state.holderAddress);
  }

  if (scaled) {
    // First of the request hooks: a passed-on request is checked (session, CSRF, rights) by the owner.
    app.addHook('onRequest', async (request, reply) => {
      if (servesHere() || !forwardedPath(request.raw.url)) return;
      void reply.hijack();
      const again = request.headers[FORWARDED_HEADER] !== undefined;
      request.raw.headers[FORWARDED_HEADER] = processId;
      forwardRequest(request.raw, reply.raw, again ? null : ownerUrl(), reached(holder()));
    });
    app.addHook('onListen', async () => {
      const address = app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : config.port;
      const host = config.host === '0.0.0.0' || config.host === '::' ? os.hostname() : config.host;
      fieldOwner = createFieldOwner({
        db: store.db,
        processId,
        address: config.processUrl ?? `http://${host}:${port}`,
        onAcquired: startField,
        onLost: async () => {
          await stopField();
          if (!stopped) deps.onFieldLost?.();
        },
        log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
      });
      const owner = fieldOwner;
      store.setWriteFence((trx, what) => owner.fence(trx, what));
      try {
        await fieldOwner.start();
        // Ready means serving: an owner has started its field.
        if (fieldOwner.isOwner()) await starting?.catch(() => {});
        else deps.onFollower?.();
      } finally {
        resolveReady();
      }
    });
  }

  return {
    async start() {
      if (scaled) return;
      await startField();
      resolveReady();
    },
    ready: () => readyPromise,
    async stop() {
      stopped = true;
      resolveReady();
      // The owner stops its field before it gives the lease up.
      if (fieldOwner) await fieldOwner.stop();
      await stopField();
    },
    role: () => (servesHere() ? 'owner' : fieldOwner === null ? 'starting' : 'follower'),
    ownerLost() {
      if (!scaled || servesHere()) return false;
      const current = holder();
      return current === null || current === unreachableHolder;
    },
    owner: () => fieldOwner,
    forwardUpgrade(request, socket, head) {
      if (servesHere() || servedLocally(request.url ?? '/')) return false;
      const again = request.headers[FORWARDED_HEADER] !== undefined;
      request.headers[FORWARDED_HEADER] = processId;
      forwardUpgrade(request, socket, head, again ? null : ownerUrl(), reached(holder()));
      return true;
    },
  };
}
