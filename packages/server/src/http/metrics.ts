import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { Type } from 'typebox';
import type { SourceCounters, SourceStatus } from '../sources/field/field-types.js';
import type { Plant } from '../plant/plant.js';
import type { SourceRegistry } from '../sources/plant-sources.js';
import type { RedisBackplaneStats } from '../hubs/redis-backplane.js';
import type { RouteOptions, ScaleOut } from '../services.js';

/** Process metrics (CPU, memory, event loop, GC) once per process, whichever app serves them. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'leitwarte_' });
  }
  return processRegistry;
}

const STATES = ['Connected', 'Connecting', 'Disconnected', 'Degraded'] as const;

/** The data sources' metrics, read from their status at each scrape (nothing is counted twice). */
function sourceMetrics(sources: SourceRegistry): Registry {
  const registry = new Registry();
  const labels = ['source', 'kind'] as const;
  const each = (fn: (labels: { source: string; kind: string }, status: SourceStatus) => void) => {
    for (const source of sources.list()) {
      const status = source.status();
      fn({ source: status.id, kind: status.kind }, status);
    }
  };
  const counter = (name: string, help: string, pick: (c: SourceCounters) => number) =>
    new Counter({
      name,
      help,
      labelNames: labels,
      registers: [registry],
      collect() {
        this.reset();
        each((l, s) => this.inc(l, pick(s.counters)));
      },
    });
  new Gauge({
    name: 'leitwarte_source_up',
    help: 'Whether the data source is connected (1) or not (0)',
    labelNames: labels,
    registers: [registry],
    collect() {
      each((l, s) => this.set(l, s.state === 'Connected' ? 1 : 0));
    },
  });
  new Gauge({
    name: 'leitwarte_source_state',
    help: 'Connection state of the data source (1 for the current state)',
    labelNames: [...labels, 'state'],
    registers: [registry],
    collect() {
      each((l, s) => STATES.forEach((state) => this.set({ ...l, state }, s.state === state ? 1 : 0)));
    },
  });
  counter(
    'leitwarte_source_messages_total',
    'Messages received (MQTT, Sparkplug, OPC UA notifications)',
    (c) => c.messages,
  );
  counter(
    'leitwarte_source_reads_total',
    'Read requests answered (Modbus polls, OPC UA reads)',
    (c) => c.reads,
  );
  counter('leitwarte_source_writes_total', 'Writes confirmed by the device', (c) => c.writes);
  counter('leitwarte_source_errors_total', 'Errors of the data source', (c) => c.errors);
  counter(
    'leitwarte_source_reconnects_total',
    'Connections established after the first',
    (c) => c.reconnects,
  );
  new Gauge({
    name: 'leitwarte_source_pvs',
    help: 'PVs of the data source',
    labelNames: labels,
    registers: [registry],
    collect() {
      each((l, s) => this.set(l, s.pvs));
    },
  });
  new Gauge({
    name: 'leitwarte_source_bad_pvs',
    help: 'PVs of the data source whose value is Bad',
    labelNames: labels,
    registers: [registry],
    collect() {
      each((l, s) => this.set(l, s.badPvs));
    },
  });
  return registry;
}

/** Values the plant took from its sources (into the live values and the historian's buffer). */
function plantMetrics(registry: Registry, plant: Plant): void {
  let values = 0;
  let archived = 0;
  plant.values.onChange((batch) => (values += batch.length));
  plant.values.onArchive((batch) => (archived += batch.length));
  new Counter({
    name: 'leitwarte_plant_values_total',
    help: 'Process values the plant received from its data sources (live values)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(values);
    },
  });
  new Counter({
    name: 'leitwarte_plant_late_values_total',
    help: 'Values a device sent late (buffered), for the archive only',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(archived);
    },
  });
}

/** Several processes: whether this one owns the field, takeovers seen, and the Redis backplane's traffic. */
function scaleMetrics(registry: Registry, scale: ScaleOut): void {
  new Gauge({
    name: 'leitwarte_field_owner',
    help: 'This process runs the field and the engines (1) or passes requests to the owner (0)',
    registers: [registry],
    collect() {
      this.set(scale.field.role() === 'owner' ? 1 : 0);
    },
  });
  new Counter({
    name: 'leitwarte_field_owner_changes_total',
    help: 'Changes of the field owner this process saw since its start (the first election included)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(scale.field.owner()?.state().takeovers ?? 0);
    },
  });
  const redis = scale.redis;
  if (redis === null) return;
  new Gauge({
    name: 'leitwarte_backplane_connected',
    help: 'The Redis backplane is connected (1) or reconnecting (0)',
    registers: [registry],
    collect() {
      this.set(redis.stats().connected ? 1 : 0);
    },
  });
  const counter = (name: string, help: string, pick: (s: RedisBackplaneStats) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(pick(redis.stats()));
      },
    });
  counter(
    'leitwarte_backplane_published_total',
    'Messages this process published on Redis',
    (s) => s.published,
  );
  counter(
    'leitwarte_backplane_published_bytes_total',
    'Bytes this process published on Redis',
    (s) => s.publishedBytes,
  );
  counter(
    'leitwarte_backplane_received_total',
    'Messages of other processes received from Redis',
    (s) => s.received,
  );
  counter(
    'leitwarte_backplane_received_bytes_total',
    'Bytes of other processes received from Redis',
    (s) => s.receivedBytes,
  );
  counter(
    'leitwarte_backplane_dropped_total',
    'Messages not published because Redis was away',
    (s) => s.dropped,
  );
  counter('leitwarte_backplane_resumed_total', 'Reconnections to Redis after a loss', (s) => s.resumed);
}

/** Open live-channel connections of this process, per hub (passed-on ones count at the owner). */
function hubMetrics(registry: Registry, app: Pick<FastifyInstance, 'hasDecorator' | 'hubs'>): void {
  new Gauge({
    name: 'leitwarte_hub_connections',
    help: 'Open live-channel connections this process serves, per hub',
    labelNames: ['hub'],
    registers: [registry],
    collect() {
      this.reset();
      // Not registered (yet) in apps without the hubs.
      if (!app.hasDecorator('hubs')) return;
      const counts = new Map<string, number>();
      for (const stat of app.hubs.connectionStats()) counts.set(stat.hub, (counts.get(stat.hub) ?? 0) + 1);
      for (const [hub, count] of counts) this.set({ hub }, count);
    },
  });
}

function allowed(request: FastifyRequest, token: string | null): boolean {
  if (token === null) {
    // The socket's own address: X-Forwarded-For cannot make a remote caller look local.
    const address = request.socket.remoteAddress ?? '';
    return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  }
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at /metrics: per data source its state, counters and Bad PVs, and the
 * process's. Deny by default: with LEITWARTE_METRICS_TOKEN set the scraper sends it as a bearer
 * token; without it only the loopback is answered.
 */
export const metricsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const ours = sourceMetrics(services.sources);
  plantMetrics(ours, services.plant);
  scaleMetrics(ours, services.scale);
  hubMetrics(ours, app);
  app.get(
    '/metrics',
    {
      // Its own access rule (the scraper's token, or the loopback), not a session.
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (bearer token, or the loopback only)',
        response: { 200: Type.String(), 401: Type.String() },
      },
    },
    async (request, reply) => {
      if (!allowed(request, services.config.metricsToken)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain')
          .send('metrics need the token\n');
      }
      const text = await Registry.merge([ours, processMetrics()]).metrics();
      return reply.type(Registry.PROMETHEUS_CONTENT_TYPE).send(text);
    },
  );
};
