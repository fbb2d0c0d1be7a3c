import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Rights } from '../auth/rights.js';
import type { SessionGate } from '../auth/session-gate.js';
import type { ServerInfoMessage } from '@leitwarte/core';
import type { Plant } from '../plant/plant.js';
import { createInProcessBackplane, type Backplane } from './backplane.js';
import { HUB_DEFAULTS, HubServer, type HubServerOptions } from './hub-server.js';
import { registerNegotiateRoute } from './negotiate.js';
import { benchNumber, startBenchFeed } from './bench-feed.js';
import { bridgePlant, registerChannels, type ChannelLiveState } from './channels.js';
import { bridgeDomain, type HubDomain } from './domain-bridge.js';
import { createUpgradeHandler } from './upgrade.js';

export type { Backplane, BackplaneTopics } from './backplane.js';
export { createInProcessBackplane } from './backplane.js';
export { HUB_DEFAULTS } from './hub-server.js';
export { HubError } from './hub.js';
export type { ConnectionStats } from './hub-endpoint.js';
export type { StationSubscribeReply } from './station-hub.js';
export type { HubClient, HubDefinition, HubMethod } from './hub.js';
export type { SubscribeReply } from './pv-hub.js';
export type { HubDomain } from './domain-bridge.js';
export type { ChannelLiveState } from './channels.js';
export { createConnectionSigner, type ConnectionSigner } from './signed-ids.js';
export type { AllAlertsReply } from './alert-hub.js';
export type { LinesSubscribeReply, PlansSubscribeReply } from './station-alarm-topics.js';
export type { ReportDataSubscribeReply, ReportDataUpdate } from './report-data-hub.js';

export interface HubsOptions {
  gate: SessionGate;
  plant: Plant;
  rights: Rights;
  /** Origins allowed besides the page's own (Origin host = Host header), e.g. a dev server. */
  allowedOrigins: string[];
  /** Batch interval of the conflated channels (default 50 ms; newValues 16 ms unless given). */
  tickMs?: number;
  /** Ping after this long without sending (default 15 s). */
  keepAliveMs?: number;
  /** Drop a client silent for this long (default 30 s). */
  clientTimeoutMs?: number;
  /** Handshake must arrive within this time (default 15 s). */
  handshakeTimeoutMs?: number;
  /** Largest record a client may send (default 32 KB). */
  maxMessageBytes?: number;
  /** A session's client records per second and at once before a connection is closed (default 500, 2,000). */
  maxRecordsPerSecond?: number;
  recordBurst?: number;
  /** A client with more than stalledBytes unsent for stalledReaderMs is closed (default 1 MiB, 30 s). */
  stalledBytes?: number;
  stalledReaderMs?: number;
  /** Negotiated ids that no socket claims expire after this (default 30 s). */
  negotiateTtlMs?: number;
  /** Where hubs get their events; default in-process. */
  backplane?: Backplane;
  /** The plant services (alerts, remote alarm, reports, ...) behind the further channels. */
  domain?: HubDomain;
  /** Several processes: the state behind pv's and station's config, plan and line topics. */
  live?: ChannelLiveState;
  /** Several processes: pv and station are served by every process, with signed connection tokens. */
  signed?: HubServerOptions['signed'];
  /** Several processes: true when the upgrade was passed on to the process that owns the field. */
  forwardUpgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
}

/** What the app sees of the hubs: `fastify.hubs`. */
export interface HubsHandle {
  /** Sends a Close record to every connection and waits until the sockets are closed. */
  closeAll(options: { allowReconnect: boolean; error?: string }): Promise<void>;
  connectionCount(): number;
  /** Sends `sendServerInfoMessage` to every server-status connection (of every process). */
  broadcastServerInfo(message: ServerInfoMessage): void;
  /** Per open connection: hub, id, user, unsent bytes and the hub's queue figures. */
  connectionStats(): ReturnType<HubServer['stats']>;
}

declare module 'fastify' {
  interface FastifyInstance {
    hubs: HubsHandle;
  }
}

const DEFAULT_TICK_MS = 50;
// One display frame: the web client applies live values once per animation frame, so a
// shorter tick would not show, and a longer one would add up to a tick to every value's age.
const DEFAULT_PV_TICK_MS = 16;
// ws refuses bigger frames outright (close code 1009); below it the record reader answers an
// oversized record with a Close record that tells the client why.
const MIN_FRAME_LIMIT = 1024 * 1024;

const plugin: FastifyPluginAsync<HubsOptions> = async (fastify, options) => {
  const maxMessageBytes = options.maxMessageBytes ?? HUB_DEFAULTS.maxMessageBytes;
  const hubs = new HubServer({
    gate: options.gate,
    allowedOrigins: options.allowedOrigins,
    keepAliveMs: options.keepAliveMs ?? HUB_DEFAULTS.keepAliveMs,
    clientTimeoutMs: options.clientTimeoutMs ?? HUB_DEFAULTS.clientTimeoutMs,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? HUB_DEFAULTS.handshakeTimeoutMs,
    maxMessageBytes,
    // Benchmark switch: the flood benchmark's baseline runs without the limit.
    maxRecordsPerSecond:
      benchNumber('LEITWARTE_BENCH_HUB_RECORD_RATE') ??
      options.maxRecordsPerSecond ??
      HUB_DEFAULTS.maxRecordsPerSecond,
    recordBurst:
      benchNumber('LEITWARTE_BENCH_HUB_RECORD_RATE') ?? options.recordBurst ?? HUB_DEFAULTS.recordBurst,
    stalledBytes: options.stalledBytes ?? HUB_DEFAULTS.stalledBytes,
    stalledReaderMs: options.stalledReaderMs ?? HUB_DEFAULTS.stalledReaderMs,
    negotiateTtlMs: options.negotiateTtlMs ?? HUB_DEFAULTS.negotiateTtlMs,
    maxUnclaimedPerSession: HUB_DEFAULTS.maxUnclaimedPerSession,
    log: fastify.log,
    ...(options.signed ? { signed: options.signed } : {}),
  });
  const backplane = options.backplane ?? createInProcessBackplane();
  const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
  // Benchmark switches: a synthetic all-PV feed and the per-change baseline (tick 0).
  const benchTick = benchNumber('LEITWARTE_BENCH_PV_TICK_MS');
  const benchFeedHz = benchNumber('LEITWARTE_BENCH_FEED_HZ');
  registerChannels(hubs, {
    plant: options.plant,
    rights: options.rights,
    backplane,
    pvTickMs: benchTick ?? options.tickMs ?? DEFAULT_PV_TICK_MS,
    tickMs,
    domain: options.domain,
    ...(options.live ? { live: options.live } : {}),
  });

  await registerNegotiateRoute(fastify, hubs);

  const upgrades = createUpgradeHandler(hubs, Math.max(MIN_FRAME_LIMIT, 2 * maxMessageBytes), fastify.log);
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (request.url?.startsWith('/hubs/') && options.forwardUpgrade?.(request, socket, head)) return;
    if (upgrades.handle(request, socket, head)) return;
    // Nobody else listens for upgrades: don't leave the socket hanging.
    if (fastify.server.listenerCount('upgrade') === 1) socket.destroy();
  };

  let stopBridge: (() => void) | undefined;
  fastify.addHook('onReady', async () => {
    // The plant publishes on the backplane; with Redis only the acquiring process has changes.
    const stopPlant = bridgePlant(options.plant, backplane);
    const stopDomain = options.domain ? bridgeDomain(options.domain, backplane) : undefined;
    stopBridge = () => {
      stopPlant();
      stopDomain?.();
    };
    const stopFeed = benchFeedHz ? startBenchFeed(options.plant, backplane, benchFeedHz) : undefined;
    if (stopFeed) {
      const stop = stopBridge;
      stopBridge = () => {
        stop();
        stopFeed();
      };
    }
    hubs.start();
    fastify.server.on('upgrade', onUpgrade);
  });
  // preClose, not onClose: the HTTP server's close waits for every open socket, upgraded ones
  // included, so the hub sockets must be closed (with allowReconnect) before it is called.
  fastify.addHook('preClose', async () => {
    fastify.server.off('upgrade', onUpgrade);
    stopBridge?.();
    stopBridge = undefined;
    await hubs.stop();
    upgrades.close();
  });

  fastify.decorate('hubs', {
    closeAll: (closeOptions) => hubs.closeAll(closeOptions),
    connectionCount: () => hubs.connectionCount(),
    broadcastServerInfo: (message) => backplane.publish('server.info', message),
    connectionStats: () => hubs.stats(),
  } satisfies HubsHandle);
};

// Not encapsulated (what fastify-plugin does): the `hubs` decorator must be visible to the app.
Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'hubs' });

/** Live channels under /hubs/: negotiate routes, WebSocket upgrades and the hub protocol. */
export const hubsPlugin: FastifyPluginAsync<HubsOptions> = plugin;
