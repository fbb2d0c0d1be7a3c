import { Type, type Static } from 'typebox';
import {
  DASHBOARD_LAYOUTS,
  DASHBOARD_NOTE_MAX,
  isWebUrl,
  literalUnion,
  MAP_TYPES,
  parsePvKey,
  SINGLE_VALUE_STYLES,
  WEATHER_MODES,
  WIDGET_SIZES,
  WidgetPositionSchema,
  type PvRef,
} from '@leitwarte/core';
import type { NewWidget } from '../../store/dashboards/index.js';
import { PlantDefinitionError } from '../definition-error.js';
import type { Plant } from '../plant.js';

const closed = { additionalProperties: false } as const;
const PvKey = Type.String({ pattern: '^[A-Za-z]+-[0-9]{1,15}$' });
const common = {
  title: Type.String({ maxLength: 200 }),
  size: literalUnion(WIDGET_SIZES),
  position: Type.Optional(WidgetPositionSchema),
};

/** A widget in dashboards.json: PVs as "Type-nr", charts by their key in charts.json. */
const WidgetDocument = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('SingleValue'),
      ...common,
      pv: PvKey,
      style: literalUnion(SINGLE_VALUE_STYLES),
      min: Type.Optional(Type.Number()),
      max: Type.Optional(Type.Number()),
    },
    closed,
  ),
  Type.Object({ kind: Type.Literal('Placeholder'), ...common }, closed),
  Type.Object(
    { kind: Type.Literal('Note'), ...common, note: Type.String({ maxLength: DASHBOARD_NOTE_MAX }) },
    closed,
  ),
  Type.Object({ kind: Type.Literal('Chart'), ...common, chart: Type.String() }, closed),
  Type.Object(
    {
      kind: Type.Literal('HeatMap'),
      ...common,
      pvs: Type.Array(PvKey, { minItems: 1 }),
      min: Type.Number(),
      max: Type.Number(),
    },
    closed,
  ),
  Type.Object(
    {
      kind: Type.Literal('Weather'),
      ...common,
      mode: literalUnion(WEATHER_MODES),
      zip: Type.String({ maxLength: 16 }),
      country: Type.String({ pattern: '^[A-Z]{2}$' }),
    },
    closed,
  ),
  Type.Object(
    {
      kind: Type.Literal('GoogleMaps'),
      ...common,
      mapType: literalUnion(MAP_TYPES),
      latitude: Type.Number({ minimum: -90, maximum: 90 }),
      longitude: Type.Number({ minimum: -180, maximum: 180 }),
      zoom: Type.Integer({ minimum: 1, maximum: 20 }),
      stations: Type.Array(Type.Integer()),
    },
    closed,
  ),
  Type.Object({ kind: Type.Literal('Browser'), ...common, url: Type.String({ maxLength: 2000 }) }, closed),
  Type.Object({ kind: Type.Literal('Webcam'), ...common, webcam: Type.Integer({ minimum: 1 }) }, closed),
]);
type WidgetDocument = Static<typeof WidgetDocument>;

/** dashboards.json (format `leitwarte-dashboards/1`). */
export const DashboardsContentSchema = Type.Object(
  {
    format: Type.Literal('leitwarte-dashboards/1'),
    dashboards: Type.Array(
      Type.Object(
        {
          key: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }),
          name: Type.String({ minLength: 1, maxLength: 200 }),
          layout: literalUnion(DASHBOARD_LAYOUTS),
          isDefault: Type.Optional(Type.Boolean()),
          widgets: Type.Array(WidgetDocument),
        },
        closed,
      ),
      { minItems: 1 },
    ),
  },
  closed,
);
export type DashboardsContent = Static<typeof DashboardsContentSchema>;

/** A checked dashboard ready to insert. */
export interface SeedDashboard {
  key: string;
  name: string;
  layout: DashboardsContent['dashboards'][number]['layout'];
  isDefault: boolean;
  widgets: NewWidget[];
}

/** Settings of a widget as stored: the fields of its kind, PVs as references. */
function settingsOf(
  w: WidgetDocument,
  pv: (key: string, field: string) => PvRef,
  at: string,
): Record<string, unknown> {
  switch (w.kind) {
    case 'SingleValue':
      return { pv: pv(w.pv, `${at}.pv`), style: w.style, min: w.min ?? null, max: w.max ?? null };
    case 'Chart':
      return { chartKey: w.chart };
    case 'HeatMap':
      return { pvs: w.pvs.map((k, i) => pv(k, `${at}.pvs[${i}]`)), min: w.min, max: w.max };
    case 'Weather':
      return { mode: w.mode, zip: w.zip, country: w.country };
    case 'GoogleMaps':
      return {
        mapType: w.mapType,
        latitude: w.latitude,
        longitude: w.longitude,
        zoom: w.zoom,
        stations: w.stations,
      };
    case 'Browser':
      return { url: w.url };
    case 'Webcam':
      return { webcamId: w.webcam };
    default:
      return {};
  }
}

/**
 * Checks dashboards against the plant (PVs and stations exist, browser addresses are web URLs,
 * exactly one default) and turns them into rows; errors name the field.
 */
export function resolveDashboardsContent(
  content: DashboardsContent,
  plant: Plant,
  file?: string,
): SeedDashboard[] {
  const fail = (field: string, reason: string): never => {
    throw new PlantDefinitionError(field, reason, file);
  };
  const pv = (key: string, field: string): PvRef => {
    const ref = parsePvKey(key);
    return ref && plant.config(key) ? ref : fail(field, `unknown PV ${key}`);
  };
  const defaults = content.dashboards.filter((d) => d.isDefault === true).length;
  if (defaults > 1) fail('dashboards', 'at most one dashboard can be the default');
  return content.dashboards.map((d, i) => ({
    key: d.key,
    name: d.name,
    layout: d.layout,
    // Without an explicit default the first dashboard is shown at `/`.
    isDefault: d.isDefault ?? (defaults === 0 && i === 0),
    widgets: d.widgets.map((w, j) => {
      const at = `dashboards[${i}].widgets[${j}]`;
      if (w.kind === 'Browser' && !isWebUrl(w.url)) fail(`${at}.url`, 'only web URLs are supported');
      if (w.kind === 'GoogleMaps') {
        w.stations.forEach(
          (s, k) => plant.station(s) ?? fail(`${at}.stations[${k}]`, `unknown station ${s}`),
        );
      }
      return {
        sortIndex: j,
        kind: w.kind,
        title: w.title,
        size: w.size,
        position: w.position ?? null,
        settings: settingsOf(w, pv, at),
        note: w.kind === 'Note' ? w.note : null,
      };
    }),
  }));
}
