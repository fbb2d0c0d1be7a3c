import { Type, type Static } from 'typebox';
import { PvTypeSchema } from '../contract/common.js';

/** Query naming one PV (calls §7 Maintenance: pvType, pvNr). */
export const MaintenancePvQuerySchema = Type.Object({
  pvType: PvTypeSchema,
  pvNr: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
});
export type MaintenancePvQuery = Static<typeof MaintenancePvQuerySchema>;

/** Query of the notifications: one PV (a runtime or a machine), or none for every runtime. */
export const MaintenanceNotificationsQuerySchema = Type.Partial(MaintenancePvQuerySchema);
export type MaintenanceNotificationsQuery = Static<typeof MaintenanceNotificationsQuerySchema>;

/** Station number of the overview protocols; -1 means all stations (screens §4). */
export const OverviewStationParamsSchema = Type.Object({
  stationNr: Type.Integer({ minimum: -1, maximum: 2_147_483_647 }),
});
export type OverviewStationParams = Static<typeof OverviewStationParamsSchema>;

/** Query of the overview protocol by compare value (screens §7): stationNr, compareValue, isPercent. */
export const OverviewCompareQuerySchema = Type.Object({
  stationNr: Type.Integer({ minimum: -1, maximum: 2_147_483_647 }),
  compareValue: Type.Number({ minimum: 0 }),
  isPercent: Type.Boolean(),
});
export type OverviewCompareQuery = Static<typeof OverviewCompareQuerySchema>;

/** Path of the overview protocol of a station (screens §7). */
export const overviewStationPath = (stationNr: number) => `/api/maintenance/overview/station/${stationNr}`;
/** Path of the overview protocol by compare value (screens §7); query stationNr, compareValue, isPercent. */
export const OVERVIEW_COMPARE_PATH = '/api/maintenance/overview/compare';
/** Path of the overview protocol of a PV (screens §7); query pvType, pvNr. */
export const OVERVIEW_PV_PATH = '/api/maintenance/overview/pv';
