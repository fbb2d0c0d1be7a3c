import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifySchema } from 'fastify';
import { createLoginCsrf } from './auth/login-csrf.js';
import { createLoginService } from './auth/login.js';
import { createLicence } from './auth/licence.js';
import { createRightsService } from './auth/rights.js';
import { createSessionService } from './auth/sessions.js';
import { bootstrapUsers, type BootstrappedUser } from './auth/users.js';
import { LOGIN_ADDRESS_WINDOW_MS, type Config } from './config.js';
import { createDomain } from './domain.js';
import { mergeScopes, pvKey } from '@leitwarte/core';
import { createInProcessBackplane, hubsPlugin, type Backplane, type HubsOptions } from './hubs/index.js';
import { createRedisBackplane, type RedisBackplane } from './hubs/redis-backplane.js';
import { bridgeProcesses } from './scale/process-bridge.js';
import { createFieldControl } from './scale/field-control.js';
import { createLiveMirror, type LiveMirror } from './scale/live-mirror.js';
import { createConnectionSigner, HUB_DEFAULTS } from './hubs/index.js';
import { apiAreaRoutes } from './http/api-routes.js';
import { apiDocs } from './http/docs.js';
import { installValidators } from './http/validators.js';
import { installErrorReplies } from './http/error-replies.js';
import { applySchemaPolicy } from './http/schema-policy.js';
import { ServerPaths } from './http/server-paths.js';
import { authGuard } from './http/auth-guard.js';
import { refusalAudit } from './http/refusal-audit.js';
import { authRoutes } from './http/auth.js';
import { chartsDataRoutes } from './http/charts-data.js';
import { compression } from './http/compression.js';
import { adminSourcesRoutes } from './http/admin-sources.js';
import { dataSourceRoutes } from './http/data-source.js';
import { metricsRoutes } from './http/metrics.js';
import { healthRoutes } from './http/health.js';
import { pvRoutes } from './http/pv.js';
import { securityHeaders } from './http/security-headers.js';
import { tileOrigins } from './plant/map-tiles/map-tiles.js';
import { stationRoutes } from './http/station.js';
import { userManagementRoutes } from './http/user-management.js';
import { webAppRoutes } from './http/web-app.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from './plant/index.js';
import { plantContentPath } from './plant/content-file.js';
import { loadPlantUsers } from './plant/users/users-content.js';
import type { Services } from './services.js';
import { createPlantSources } from './sources/plant-sources.js';
import { openStore } from './store/index.js';

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface BuildOptions {
  config: Config;
  /** Timer overrides for the hubs (tests shorten them). */
  hubs?: Partial<
    Pick<
      HubsOptions,
      | 'tickMs'
      | 'keepAliveMs'
      | 'clientTimeoutMs'
      | 'handshakeTimeoutMs'
      | 'maxRecordsPerSecond'
      | 'recordBurst'
      | 'stalledBytes'
      | 'stalledReaderMs'
    >
  >;
  /** Serve the web app from here instead of packages/web/dist. */
  webRoot?: string;
  /**
   * Several processes: this one owned the field and lost it (its engines are stopped). The
   * command's answer is to exit, so the supervisor starts it afresh as one of the others.
   */
  onFieldLost?: () => void;
}

/** A route as registered: what the spec-coverage and malformed-input tests walk. */
export interface RouteRecord {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** Declared `config: { public: true }`: reachable without a session. */
  isPublic: boolean;
  /** Public routes of plugins: the documentation browser, the web app's files. */
  publicGroup: 'documentation' | 'web app files' | null;
}

export interface Built {
  app: FastifyInstance;
  /** Every route of the app, in registration order. */
  routes: RouteRecord[];
  services: Services;
  /** The users this start created (on an empty store); each password only when it was generated. */
  bootstrappedUsers: BootstrappedUser[];
}

/** Builds the whole server without listening: store, sessions, plant and its services, routes and hubs. */
/** The value channels, which every one of several processes serves itself. */
const LOCAL_HUBS = ['pv', 'station'] as const;

export async function build(options: BuildOptions): Promise<Built> {
  const { config } = options;
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const plantPath = config.plantPath ?? DEMO_PLANT_PATH;
  const bootstrappedUsers = await bootstrapUsers(
    store,
    config.adminPassword,
    loadPlantUsers(plantContentPath(plantPath, 'users.json')),
    config.plantUsersPassword,
  );
  const csrfSecret = await store.meta.getOrInsert('login_csrf_secret', () =>
    randomBytes(32).toString('base64url'),
  );
  const sessions = createSessionService({ store, idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs });
  const loginCsrf = createLoginCsrf(csrfSecret);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
    },
    // Forwarding headers only from the configured proxies; from anyone else they are ignored,
    // so a client cannot choose the address the audit records or the scheme cookies follow.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // One line per request only when debugging: at info level the log is for events, not traffic.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  installValidators(app);
  installErrorReplies(app);
  const routes: RouteRecord[] = [];
  const serverPaths = new ServerPaths();
  // First of all onRoute hooks: validation, the OpenAPI document and the route list see the
  // schema with the policy applied (closed bodies, finite numbers, safe integers).
  app.addHook('onRoute', (route) => {
    route.schema = applySchemaPolicy(route.schema);
  });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        isPublic: route.config?.public === true,
        publicGroup: route.config?.publicGroup ?? null,
      });
      if (route.config?.publicGroup !== 'web app files') serverPaths.add(route.url);
    }
  });

  const definition = loadPlantDefinition(plantPath);
  const sources = await createPlantSources({
    definition,
    dataDir: config.dataDir,
    log: {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
      error: (message) => app.log.error(message),
    },
  });
  const plant = createPlant({ definition, source: sources.source });
  // The PV groups come with the plant's content; the rights model asks for them once the domain is up.
  const groupsByPv = new Map<string, number[]>();
  const rights = createRightsService(store, {
    stationOf: (ref) => plant.stationOf(ref),
    pvGroupsOf: (ref) => groupsByPv.get(pvKey(ref)) ?? [],
  });
  const domain = await createDomain({ config, store, plant, definition, plantPath, rights, log: app.log });
  for (const group of domain.pvGroups) {
    for (const ref of group.pvs)
      groupsByPv.set(pvKey(ref), [...(groupsByPv.get(pvKey(ref)) ?? []), group.id]);
  }
  await rights.reload();
  // A user's assigned PV groups are those their roles are scoped to (screens §6 licence limits).
  const groupNames = new Map(domain.pvGroups.map((g) => [g.id, g.name]));
  const licence = createLicence({
    store,
    idleMs: config.sessionIdleMs,
    limits: () => domain.systemConfig.get().licenseOptions,
    // A plant-wide user is counted among the active users only, not per area.
    pvGroupsOf: (userId) => {
      const ids = rights.roleIdsOf(userId);
      const scope = mergeScopes(
        rights
          .roles()
          .filter((r) => ids.includes(r.id))
          .map((r) => r.scope),
      );
      return scope.allStations ? [] : scope.pvGroups;
    },
    pvGroupName: (id) => groupNames.get(id) ?? null,
  });
  const login = createLoginService({
    store,
    sessions,
    csrf: loginCsrf,
    maxFailures: config.loginMaxFailures,
    addressMaxFailures: config.loginAddressMaxFailures,
    addressWindowMs: LOGIN_ADDRESS_WINDOW_MS,
    licence,
  });
  // With Redis every live topic crosses processes; alone, the in-process fan-out is enough.
  const redis: RedisBackplane | null =
    config.redisUrl === null
      ? null
      : createRedisBackplane({
          url: config.redisUrl,
          prefix: config.redisPrefix,
          log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
          // Whatever was published while Redis was away never arrived: the clients of this
          // process reconnect (allowReconnect) and fetch current state with their subscribe.
          onResumed: () => {
            // Changes published meanwhile never reached this process's mirror either.
            mirror?.resync();
            void app.hubs.closeAll({ allowReconnect: true });
          },
        });
  let mirror: LiveMirror | null = null;
  if (redis) await redis.ready();
  const backplane: Backplane = redis ?? createInProcessBackplane();
  const processId = redis?.origin ?? randomBytes(8).toString('base64url');
  const stopProcessBridge = bridgeProcesses({
    backplane,
    origin: processId,
    sessions,
    rights,
    log: { warn: (m) => app.log.warn(m) },
  });
  const field = createFieldControl({
    app,
    config,
    store,
    domain,
    processId,
    scaled: redis !== null,
    localHubs: LOCAL_HUBS,
    onFollower: () => mirror?.resync(),
    onFieldStarted: () => {
      try {
        mirror?.publish();
      } catch (error) {
        // The others ask again for a snapshot; the field runs regardless.
        app.log.warn({ err: error }, 'live state not published to the other processes');
      }
    },
    onFieldLost: options.onFieldLost,
  });
  // Several processes: each serves the value channels itself from a mirror of the owner's live
  // state, with connection tokens every process can check (the secret is shared in the store).
  if (redis !== null) {
    mirror = createLiveMirror({
      backplane,
      plant,
      domain,
      origin: processId,
      owns: () => field.role() === 'owner',
    });
  }
  const liveMirror = mirror;
  const signed =
    redis === null
      ? undefined
      : {
          signer: createConnectionSigner(
            await store.meta.getOrInsert('hub_connection_secret', () =>
              randomBytes(32).toString('base64url'),
            ),
            HUB_DEFAULTS.negotiateTtlMs,
          ),
          hubs: LOCAL_HUBS,
        };
  const services: Services = {
    config,
    store,
    sessions,
    login,
    licence,
    loginCsrf,
    rights,
    plant,
    domain,
    historian: domain.historian,
    sources: sources.registry,
    scale: { processId, redis, field },
  };

  app.addHook('onClose', async () => {
    await field.stop();
    liveMirror?.stop();
    stopProcessBridge();
    sessions.close();
    await redis?.close();
    await store.close();
  });

  await app.register(securityHeaders, {
    recaptcha: config.recaptchaSiteKey !== null,
    frameSources: config.frameSources,
    imageSources: tileOrigins(config.mapTiles),
  });
  if (config.httpCompression) await app.register(compression);
  await app.register(fastifyCookie);
  await app.register(apiDocs, { version: VERSION });
  // Before the guard: its refusals are part of each request's audit trail.
  await app.register(refusalAudit, { services });
  await app.register(authGuard, { services, serverPaths });
  await app.register(healthRoutes, { services });
  await app.register(authRoutes, { services });
  await app.register(userManagementRoutes, { services });
  await app.register(pvRoutes, { services });
  await app.register(stationRoutes, { services });
  await app.register(hubsPlugin, {
    gate: sessions.gate,
    plant,
    rights: services.rights,
    domain,
    backplane,
    forwardUpgrade: field.forwardUpgrade,
    ...(liveMirror ? { live: liveMirror } : {}),
    ...(signed ? { signed } : {}),
    allowedOrigins: config.allowedOrigins,
    ...options.hubs,
  });
  await app.register(dataSourceRoutes, { services });
  await app.register(adminSourcesRoutes, { services });
  await app.register(metricsRoutes, { services });
  await app.register(chartsDataRoutes, { services, chartSeries: domain.chartSeries });
  await app.register(apiAreaRoutes, { services });
  await app.register(webAppRoutes, {
    root: options.webRoot,
    precompressed: config.httpCompression,
    serverPaths,
  });
  await field.start();
  return { app, routes, services, bootstrappedUsers };
}
