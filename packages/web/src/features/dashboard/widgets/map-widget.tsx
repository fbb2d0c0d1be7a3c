import { Text } from '@mantine/core';
import type { DashboardWidget, DialState, Station } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { allStationsQuery } from '../../../api/station';
import { schematicMap } from '../map-projection';

type MapWidgetConfig = Extract<DashboardWidget, { kind: 'GoogleMaps' }>;

// The catalogue's texts of screens §4 "Station dial states shown as".
const DIAL_STATE_KEYS = {
  Busy: 'station.dialState.busy',
  CommunicationError: 'station.dialState.connectionError',
  ConnectionError: 'station.dialState.connectionError',
  Connected: 'station.dialState.connected',
  HangingUp: 'station.dialState.hangingUp',
  NotConnected: 'station.dialState.notConnected',
  NotDefined: 'station.dialState.notDefined',
  TimeOut: 'station.dialState.timeOut',
} as const satisfies Record<DialState, string>;

const WIDTH = 400;
const HEIGHT = 260;
/** Station states refresh on the spec's auto-refresh tick of 2 s (screens §9). */
const REFRESH_MS = 2_000;

/** Marker colour by the station's connection: faults red, unknown grey, a live link green. */
function markerState(state: DialState): 'ok' | 'busy' | 'fault' | 'unknown' {
  switch (state) {
    case 'Connected':
    case 'NotConnected':
      return 'ok';
    case 'Busy':
    case 'HangingUp':
      return 'busy';
    case 'CommunicationError':
    case 'ConnectionError':
    case 'TimeOut':
      return 'fault';
    default:
      return 'unknown';
  }
}

function distanceText(metres: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return metres >= 1000 ? `${format.format(metres / 1000)} km` : `${format.format(metres)} m`;
}

/**
 * The stations of the widget with a known position, as markers coloured by connection state; a
 * click opens the station's page. Without configured map tiles this is a schematic map, true to
 * scale with a scale bar, so an offline plant network never sees a broken grey map.
 */
export function MapWidget({ widget, locale }: { widget: MapWidgetConfig; locale: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stations = useQuery({ ...allStationsQuery, refetchInterval: REFRESH_MS });
  const located = useMemo(() => {
    const wanted = new Set(widget.stations);
    return (stations.data ?? []).filter(
      (s): s is Station & { location: NonNullable<Station['location']> } =>
        wanted.has(s.stationNumber) && s.location !== null,
    );
  }, [stations.data, widget.stations]);
  const map = useMemo(
    () =>
      schematicMap(
        located.map((s) => s.location),
        WIDTH,
        HEIGHT,
      ),
    [located],
  );

  if (stations.isPending)
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
      {located.map((s) => {
        const p = map.project(s.location);
        const state = markerState(s.dialState);
        const open = () => void navigate(`/stations/${s.stationNumber}`);
        return (
          <g
            key={s.stationNumber}
            className={`map-marker map-marker--${state}`}
            transform={`translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`}
            role="link"
            tabIndex={0}
            aria-label={s.name}
            data-station={s.stationNumber}
            data-state={s.dialState}
            onClick={open}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') open();
            }}
          >
            <title>{`${s.name} · ${t(DIAL_STATE_KEYS[s.dialState])}`}</title>
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
      })}
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
