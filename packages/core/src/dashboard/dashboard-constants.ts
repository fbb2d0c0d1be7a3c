/** Widget kinds of screens §2 "Dashboard". */
export const WIDGET_KINDS = [
  'SingleValue',
  'Placeholder',
  'Note',
  'Chart',
  'HeatMap',
  'Weather',
  'GoogleMaps',
  'Browser',
  'Webcam',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** Dashboard layouts (screens §2). */
export const DASHBOARD_LAYOUTS = [
  'StackLayout',
  'TableLayout',
  'FlowLayout',
  'FreeLayout',
  'Unspecified',
] as const;
export type DashboardLayout = (typeof DASHBOARD_LAYOUTS)[number];

/** Widget sizes (screens §2). */
export const WIDGET_SIZES = ['Small', 'Medium', 'Large'] as const;
export type WidgetSize = (typeof WIDGET_SIZES)[number];

/** Styles of a single-value widget (screens §2). */
export const SINGLE_VALUE_STYLES = [
  'DigitalGauge',
  'CircularGauge',
  'VerticalGauge',
  'HorizontalGauge',
  'StateIndicatorGauge',
  'StateIndicatorText',
  'ValueTextView',
] as const;
export type SingleValueStyle = (typeof SINGLE_VALUE_STYLES)[number];

/**
 * Map types of the map widget (screens §2: Hybrid, Roadmap, Satellite, Terrain "plus two more (not
 * shown)"). The two more are the map provider's own further ids: `None`, no base map (the schematic
 * plan of the stations with its scale bar, never tiles), and `Unspecified`, no choice made (shown as
 * the default, Roadmap).
 */
export const MAP_TYPES = ['Hybrid', 'Roadmap', 'Satellite', 'Terrain', 'None', 'Unspecified'] as const;
export type MapType = (typeof MAP_TYPES)[number];

/** The map types with a base map of tiles: the ones LEITWARTE_MAP_TILES can give tiles for. */
export const TILED_MAP_TYPES = ['Hybrid', 'Roadmap', 'Satellite', 'Terrain'] as const;
export type TiledMapType = (typeof TILED_MAP_TYPES)[number];

/** The map type a widget is shown with: Unspecified takes the default (Roadmap), None has no base map (null). */
export function shownMapType(mapType: MapType): TiledMapType | null {
  if (mapType === 'None') return null;
  return mapType === 'Unspecified' ? 'Roadmap' : mapType;
}

/** Weather widget modes (screens §2). */
export const WEATHER_MODES = ['ActualWeather', 'ForecastWeather'] as const;
export type WeatherMode = (typeof WEATHER_MODES)[number];

/** Longest dashboard note we keep; a note is a shift hand-over text, not a document. */
export const DASHBOARD_NOTE_MAX = 4000;

/** Where a dashboard comes from: the plant's content file, or the editor. */
export const DASHBOARD_ORIGINS = ['plant', 'user'] as const;
export type DashboardOrigin = (typeof DASHBOARD_ORIGINS)[number];

/** Longest dashboard name, as long as a widget title. */
export const DASHBOARD_NAME_MAX = 200;

/** Most widgets on one dashboard: more is no overview any more, and bounds a save's size. */
export const DASHBOARD_WIDGETS_MAX = 200;
