import type { Config } from './config.js';
import type { LoginService } from './auth/login.js';
import type { LoginCsrf } from './auth/login-csrf.js';
import type { Rights } from './auth/rights.js';
import type { SessionService } from './auth/sessions.js';
import type { Plant } from './plant/plant.js';
import type { Store } from './store/index.js';

/** Everything the route plugins and hubs work with; built once per app in build(). */
export interface Services {
  config: Config;
  store: Store;
  sessions: SessionService;
  login: LoginService;
  loginCsrf: LoginCsrf;
  rights: Rights;
  plant: Plant;
}

/** Options every route plugin receives. */
export interface RouteOptions {
  services: Services;
}
