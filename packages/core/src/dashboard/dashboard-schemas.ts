import { Type, type Static } from 'typebox';
import { literalUnion, PvRefSchema } from '../contract/common.js';
import {
  DASHBOARD_LAYOUTS,
  DASHBOARD_NOTE_MAX,
  MAP_TYPES,
  SINGLE_VALUE_STYLES,
  WEATHER_MODES,
  WIDGET_SIZES,
} from './dashboard-constants.js';

/** Place of a widget: column/row for TableLayout, grid units for FreeLayout; null lets the layout flow. */
export const WidgetPositionSchema = Type.Union([
  Type.Null(),
  Type.Object({
    x: Type.Integer({ minimum: 0, maximum: 1000 }),
    y: Type.Integer({ minimum: 0, maximum: 1000 }),
    width: Type.Integer({ minimum: 1, maximum: 1000 }),
    height: Type.Integer({ minimum: 1, maximum: 1000 }),
  }),
]);

const Common = {
  id: Type.Integer(),
  title: Type.String({ maxLength: 200 }),
  size: literalUnion(WIDGET_SIZES),
  sortIndex: Type.Integer(),
  position: WidgetPositionSchema,
};

/** One dashboard widget (screens §2): common fields plus the fields of its kind. */
export const DashboardWidgetSchema = Type.Union([
  Type.Object({
    ...Common,
    kind: Type.Literal('SingleValue'),
    pv: PvRefSchema,
    style: literalUnion(SINGLE_VALUE_STYLES),
    /** Gauge scale; null takes the PV's domain. */
    min: Type.Union([Type.Number(), Type.Null()]),
    max: Type.Union([Type.Number(), Type.Null()]),
  }),
  Type.Object({ ...Common, kind: Type.Literal('Placeholder') }),
  Type.Object({
    ...Common,
    kind: Type.Literal('Note'),
    note: Type.String({ maxLength: DASHBOARD_NOTE_MAX }),
  }),
  Type.Object({ ...Common, kind: Type.Literal('Chart'), chartId: Type.Union([Type.Integer(), Type.Null()]) }),
  Type.Object({
    ...Common,
    kind: Type.Literal('HeatMap'),
    pvs: Type.Array(PvRefSchema),
    min: Type.Number(),
    max: Type.Number(),
  }),
  Type.Object({
    ...Common,
    kind: Type.Literal('Weather'),
    mode: literalUnion(WEATHER_MODES),
    zip: Type.String({ maxLength: 16 }),
    country: Type.String({ maxLength: 2 }),
  }),
  Type.Object({
    ...Common,
    kind: Type.Literal('GoogleMaps'),
    mapType: literalUnion(MAP_TYPES),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    zoom: Type.Integer({ minimum: 1, maximum: 20 }),
    /** Stations shown as markers. */
    stations: Type.Array(Type.Integer()),
  }),
  Type.Object({ ...Common, kind: Type.Literal('Browser'), url: Type.String({ maxLength: 2000 }) }),
  Type.Object({ ...Common, kind: Type.Literal('Webcam'), webcamId: Type.Integer() }),
]);
export type DashboardWidget = Static<typeof DashboardWidgetSchema>;

/** A dashboard with its widgets in display order. */
export const DashboardSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  layout: literalUnion(DASHBOARD_LAYOUTS),
  isDefault: Type.Boolean(),
  widgets: Type.Array(DashboardWidgetSchema),
});
export type Dashboard = Static<typeof DashboardSchema>;

/** GET dashboard config: every dashboard and which one `/` shows. */
export const DashboardConfigSchema = Type.Object({
  defaultDashboardId: Type.Union([Type.Integer(), Type.Null()]),
  dashboards: Type.Array(DashboardSchema),
});
export type DashboardConfig = Static<typeof DashboardConfigSchema>;

/** PATCH dashboard note body (screens §7): the note widget's id and the new text. */
export const DashboardNotePatchSchema = Type.Object(
  { id: Type.Integer({ minimum: 1 }), note: Type.String({ maxLength: DASHBOARD_NOTE_MAX }) },
  { additionalProperties: false },
);
export type DashboardNotePatch = Static<typeof DashboardNotePatchSchema>;
