import type { Config } from './config.js';
import type { Domain } from './domain.js';
import type { LoginService } from './auth/login.js';
import type { Licence } from './auth/licence.js';
import type { LoginCsrf } from './auth/login-csrf.js';
import type { RightsService } from './auth/rights.js';
import type { SessionService } from './auth/sessions.js';
import type { Historian } from './plant/history/index.js';
import type { Plant } from './plant/plant.js';
import type { SourceRegistry } from './sources/plant-sources.js';
import type { Store } from './store/index.js';
import type { RedisBackplane } from './hubs/redis-backplane.js';
import type { FieldControl } from './scale/field-control.js';

/** This process among several (docs/scale-out.md). */
export interface ScaleOut {
  /** Random per start; names the process on the backplane, in /healthz and /metrics. */
  processId: string;
  /** The Redis backplane when LEITWARTE_REDIS_URL is set; null in the one-process default. */
  redis: RedisBackplane | null;
  /** Who runs the field: this process, or the elected owner the requests are passed on to. */
  field: FieldControl;
}

/** Everything the route plugins and hubs work with; built once per app in build(). */
export interface Services {
  config: Config;
  store: Store;
  sessions: SessionService;
  login: LoginService;
  /** Licence limits (screens §6): checked at login, user creation and enabling. */
  licence: Licence;
  loginCsrf: LoginCsrf;
  rights: RightsService;
  plant: Plant;
  /** The plant's domain services: alerts, remote alarm, maintenance, reports, charts, ... */
  domain: Domain;
  historian: Historian;
  /** The plant's data sources, for their administration and metrics. */
  sources: SourceRegistry;
  scale: ScaleOut;
}

/** Options every route plugin receives. */
export interface RouteOptions {
  services: Services;
}
