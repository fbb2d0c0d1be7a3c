import { Text } from '@mantine/core';
import { shownMapType, type DashboardWidget } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mapTilesQuery } from '../../../api/map-tiles';
import { allStationsQuery } from '../../../api/station';
import { useStationAlertsChannel, useStationAlertSummary } from '../../../live/station-alerts';
import { usePriorities, type PriorityLook } from '../../../lib/use-priorities';
import { schematicMap } from '../map-projection';
import { DIAL_STATE_KEYS, markerAlarm, markerState, type LocatedStation } from './map-markers';

type MapWidgetConfig = Extract<DashboardWidget, { kind: 'GoogleMaps' }>;

const WIDTH = 400;
const HEIGHT = 260;
/** Station states refresh on the spec's auto-refresh tick of 2 s (screens §9). */
const REFRESH_MS = 2_000;

// Leaflet and its styles load only for a map with tiles.
const TileMap = lazy(() => import('./tile-map'));

function distanceText(metres: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return metres >= 1000 ? `${format.format(metres / 1000)} km` : `${format.format(metres)} m`;
}

/**
 * The stations of the widget with a known position, as markers filled by connection state and
 * ringed in the priority colour of their most urgent open alert; a click opens the station's
 * page. With tiles configured for the widget's map type (LEITWARTE_MAP_TILES; Unspecified takes
 * Roadmap's) the markers lie on a tile map; without, and always for None (no base map), on a
 * schematic map true to scale with a scale bar, so an offline plant network never sees a broken
 * grey map.
 */
export function MapWidget({ widget, locale }: { widget: MapWidgetConfig; locale: string }) {
  const { t } = useTranslation();
  const stations = useQuery({ ...allStationsQuery, refetchInterval: REFRESH_MS });
  const tiles = useQuery(mapTilesQuery);
  const priorities = usePriorities();
  useStationAlertsChannel();
  const located = useMemo(() => {
    const wanted = new Set(widget.stations);
    return (stations.data ?? []).filter(
      (s): s is LocatedStation => wanted.has(s.stationNumber) && s.location !== null,
    );
  }, [stations.data, widget.stations]);
  // None draws no base map (the schematic plan), Unspecified the default map type's tiles.
  const shown = shownMapType(widget.mapType);
  const layer = shown === null ? null : (tiles.data?.layers.find((l) => l.mapType === shown) ?? null);
  const map = useMemo(
    () =>
      schematicMap(
        located.map((s) => s.location),
        WIDTH,
        HEIGHT,
      ),
    [located],
  );

  // Until the tile sources are known it is not yet clear which map to draw (but for None).
  if (stations.isPending || (shown !== null && tiles.isPending))
    return (
      <Text size="sm" c="dimmed">
        {t('app.loading')}
      </Text>
    );
  if (located.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('dashboard.map.noStations')}
      </Text>
    );

  if (layer)
    return (
      <Suspense
        fallback={
          <Text size="sm" c="dimmed">
            {t('app.loading')}
          </Text>
        }
      >
        <TileMap
          layer={layer}
          stations={located}
          priorities={priorities}
          label={t('dashboard.map.label', { count: located.length })}
        />
      </Suspense>
    );

  const bar = map.scaleBar;
  return (
    <svg
      className="map-widget"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="group"
      aria-label={t('dashboard.map.label', { count: located.length })}
      data-map-type={widget.mapType}
    >
      <rect width={WIDTH} height={HEIGHT} className="map-widget__ground" />
      {located.map((s) => (
        <SchematicMarker
          key={s.stationNumber}
          station={s}
          point={map.project(s.location)}
          priorities={priorities}
        />
      ))}
      <g className="map-widget__scale" transform={`translate(12 ${HEIGHT - 14})`}>
        <line x1="0" y1="0" x2={bar.length} y2="0" />
        <line x1="0" y1="-4" x2="0" y2="4" />
        <line x1={bar.length} y1="-4" x2={bar.length} y2="4" />
        <text x={bar.length / 2} y="-6" textAnchor="middle">
          {distanceText(bar.metres, locale)}
        </text>
      </g>
      <text x={WIDTH - 10} y="16" textAnchor="end" className="map-widget__north">
        N ↑
      </text>
    </svg>
  );
}

function SchematicMarker({
  station: s,
  point: p,
  priorities,
}: {
  station: LocatedStation;
  point: { x: number; y: number };
  priorities: ReadonlyMap<number, PriorityLook>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alarm = markerAlarm(useStationAlertSummary(s.stationNumber), priorities);
  const state = markerState(s.dialState);
  const open = () => void navigate(`/stations/${s.stationNumber}`);
  return (
    <g
      className={`map-marker map-marker--${state}`}
      transform={`translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`}
      role="link"
      tabIndex={0}
      aria-label={s.name}
      data-station={s.stationNumber}
      data-state={s.dialState}
      data-alarm-priority={alarm?.priority}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') open();
      }}
    >
      <title>
        {[
          s.name,
          t(DIAL_STATE_KEYS[s.dialState]),
          alarm ? t('dashboard.map.alarm', { priority: alarm.name }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </title>
      {alarm ? <circle r="11" className="map-marker__alarm" style={{ stroke: alarm.color }} /> : null}
      <circle r="7" />
      {/* Labels of markers in the eastern part go to the left, so they stay inside. */}
      <text
        x={p.x > WIDTH * 0.6 ? -10 : 10}
        y="4"
        textAnchor={p.x > WIDTH * 0.6 ? 'end' : 'start'}
        className="map-marker__label"
      >
        {s.name}
      </text>
    </g>
  );
}
