import { Type, type Static } from 'typebox';
import { literalUnion, PvRefSchema } from '../contract/common.js';
import {
  DASHBOARD_LAYOUTS,
  DASHBOARD_NAME_MAX,
  DASHBOARD_NOTE_MAX,
  DASHBOARD_ORIGINS,
  DASHBOARD_WIDGETS_MAX,
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

/** The fields of each widget kind beside the common ones (screens §2). */
const KIND = {
  SingleValue: {
    kind: Type.Literal('SingleValue'),
    pv: PvRefSchema,
    style: literalUnion(SINGLE_VALUE_STYLES),
    /** Gauge scale; null takes the PV's domain. */
    min: Type.Union([Type.Number(), Type.Null()]),
    max: Type.Union([Type.Number(), Type.Null()]),
  },
  Placeholder: { kind: Type.Literal('Placeholder') },
  Note: { kind: Type.Literal('Note'), note: Type.String({ maxLength: DASHBOARD_NOTE_MAX }) },
  Chart: { kind: Type.Literal('Chart'), chartId: Type.Union([Type.Integer(), Type.Null()]) },
  HeatMap: {
    kind: Type.Literal('HeatMap'),
    pvs: Type.Array(PvRefSchema, { maxItems: 50 }),
    min: Type.Number(),
    max: Type.Number(),
  },
  Weather: {
    kind: Type.Literal('Weather'),
    mode: literalUnion(WEATHER_MODES),
    zip: Type.String({ maxLength: 16 }),
    country: Type.String({ maxLength: 2 }),
  },
  GoogleMaps: {
    kind: Type.Literal('GoogleMaps'),
    mapType: literalUnion(MAP_TYPES),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    zoom: Type.Integer({ minimum: 1, maximum: 20 }),
    /** Stations shown as markers. */
    stations: Type.Array(Type.Integer(), { maxItems: 1000 }),
  },
  Browser: { kind: Type.Literal('Browser'), url: Type.String({ maxLength: 2000 }) },
  Webcam: { kind: Type.Literal('Webcam'), webcamId: Type.Integer() },
};

/** One dashboard widget (screens §2): common fields plus the fields of its kind. */
export const DashboardWidgetSchema = Type.Union([
  Type.Object({ ...Common, ...KIND.SingleValue }),
  Type.Object({ ...Common, ...KIND.Placeholder }),
  Type.Object({ ...Common, ...KIND.Note }),
  Type.Object({ ...Common, ...KIND.Chart }),
  Type.Object({ ...Common, ...KIND.HeatMap }),
  Type.Object({ ...Common, ...KIND.Weather }),
  Type.Object({ ...Common, ...KIND.GoogleMaps }),
  Type.Object({ ...Common, ...KIND.Browser }),
  Type.Object({ ...Common, ...KIND.Webcam }),
]);
export type DashboardWidget = Static<typeof DashboardWidgetSchema>;

/** A dashboard with its widgets in display order. */
export const DashboardSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  layout: literalUnion(DASHBOARD_LAYOUTS),
  isDefault: Type.Boolean(),
  /**
   * `plant`: defined by the plant's content file, kept as the plant defines it (copy it to
   * change it); `user`: made in the editor, changed and deleted there.
   */
  origin: literalUnion(DASHBOARD_ORIGINS),
  /** Counts the saves; a save names the version it started from, so a stale one is refused. */
  version: Type.Integer(),
  updatedAt: Type.Union([Type.Number(), Type.Null()]),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  widgets: Type.Array(DashboardWidgetSchema),
});
export type Dashboard = Static<typeof DashboardSchema>;

/** GET dashboard config: every dashboard and which one `/` shows. */
export const DashboardConfigSchema = Type.Object({
  defaultDashboardId: Type.Union([Type.Integer(), Type.Null()]),
  /** The user may make dashboards and change those of origin user (right editDashboards). */
  currentUserCanEdit: Type.Boolean(),
  dashboards: Type.Array(DashboardSchema),
});
export type DashboardConfig = Static<typeof DashboardConfigSchema>;

/** PATCH dashboard note body (screens §7): the note widget's id and the new text. */
export const DashboardNotePatchSchema = Type.Object(
  { id: Type.Integer({ minimum: 1 }), note: Type.String({ maxLength: DASHBOARD_NOTE_MAX }) },
  { additionalProperties: false },
);
export type DashboardNotePatch = Static<typeof DashboardNotePatchSchema>;

/** Common fields of a widget the editor saves: a new widget has no id yet, the order is the list's. */
const InputCommon = {
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  title: Type.String({ maxLength: 200 }),
  size: literalUnion(WIDGET_SIZES),
  position: WidgetPositionSchema,
};

/** A widget as the editor sends it. A note's text is taken for a new note only (later: PATCH note). */
// Closed objects: an unknown field is refused instead of silently dropped.
const closed = { additionalProperties: false } as const;
export const DashboardWidgetInputSchema = Type.Union([
  Type.Object({ ...InputCommon, ...KIND.SingleValue }, closed),
  Type.Object({ ...InputCommon, ...KIND.Placeholder }, closed),
  Type.Object({ ...InputCommon, ...KIND.Note }, closed),
  Type.Object({ ...InputCommon, ...KIND.Chart }, closed),
  Type.Object({ ...InputCommon, ...KIND.HeatMap }, closed),
  Type.Object({ ...InputCommon, ...KIND.Weather }, closed),
  Type.Object({ ...InputCommon, ...KIND.GoogleMaps }, closed),
  Type.Object({ ...InputCommon, ...KIND.Browser }, closed),
  Type.Object({ ...InputCommon, ...KIND.Webcam }, closed),
]);
export type DashboardWidgetInput = Static<typeof DashboardWidgetInputSchema>;

const dashboardInputFields = {
  name: Type.String({ minLength: 1, maxLength: DASHBOARD_NAME_MAX }),
  layout: literalUnion(DASHBOARD_LAYOUTS),
  widgets: Type.Array(DashboardWidgetInputSchema, { maxItems: DASHBOARD_WIDGETS_MAX }),
};

/** POST /api/dashboard: a new dashboard made in the editor. */
export const DashboardCreateSchema = Type.Object(dashboardInputFields, { additionalProperties: false });
export type DashboardCreate = Static<typeof DashboardCreateSchema>;

/** PUT /api/dashboard/{id}: the whole dashboard, with the version the editor started from. */
export const DashboardSaveSchema = Type.Object(
  { ...dashboardInputFields, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type DashboardSave = Static<typeof DashboardSaveSchema>;

/** POST /api/dashboard/{id}/copy: a copy under a new name (also of a plant dashboard). */
export const DashboardCopySchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: DASHBOARD_NAME_MAX }) },
  { additionalProperties: false },
);
export type DashboardCopy = Static<typeof DashboardCopySchema>;

/** The dashboard channel's dashboardChange: a dashboard was made, saved or deleted. */
export const DashboardChangeSchema = Type.Object({
  id: Type.Integer(),
  /** The new version; null when the dashboard was deleted. */
  version: Type.Union([Type.Integer(), Type.Null()]),
  by: Type.String(),
});
export type DashboardChange = Static<typeof DashboardChangeSchema>;
