import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from '../services.js';
import { adminUserRoutes } from './admin-users.js';
import { alertsRoutes } from './alerts.js';
import { chartsRoutes } from './charts.js';
import { controlEventsRoutes } from './control-events.js';
import { dashboardRoutes } from './dashboard.js';
import { mapTileRoutes } from './map-tiles.js';
import { maintenanceRoutes } from './maintenance.js';
import { plantInfoRoutes } from './plant-info.js';
import { protocolRoutes } from './protocols.js';
import { pvWriteRoutes } from './pv-writes.js';
import { remoteAlertRoutes } from './remote-alert.js';
import { remoteAlertDeliveryRoutes } from './remote-alert-delivery.js';
import { reportsRoutes } from './reports.js';
import { rightsRoutes } from './rights.js';
import { secondFactorRoutes } from './second-factor.js';
import { stationCallRoutes } from './station-call.js';
import { systemConfigRoutes } from './system-config.js';
import { visualizationRoutes } from './visualization.js';
import { webcamRoutes } from './webcam.js';

/**
 * The call layer's areas (calls §7, screens §7), one plugin each.
 *
 * For route authors (README, Security → Rules for route authors): every route needs a session
 * and, when it changes state, the CSRF token, without anything to do; one that must not declares
 * `config: { public: true }`. Write bodies are closed (unknown fields refused) and numbers
 * bounded by the schema policy; give every string a maxLength and every array a maxItems.
 * Audit every write and every refusal (`….refused`). The security suite checks all of it.
 */
export const apiAreaRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  for (const area of [
    alertsRoutes,
    controlEventsRoutes,
    systemConfigRoutes,
    pvWriteRoutes,
    stationCallRoutes,
    remoteAlertRoutes,
    remoteAlertDeliveryRoutes,
    visualizationRoutes,
    protocolRoutes,
    dashboardRoutes,
    mapTileRoutes,
    maintenanceRoutes,
    chartsRoutes,
    reportsRoutes,
    webcamRoutes,
    rightsRoutes,
    secondFactorRoutes,
    adminUserRoutes,
    plantInfoRoutes,
  ]) {
    await app.register(area, options);
  }
};
