import type { MapTileLayer } from '@leitwarte/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStationAlertSummary } from '../../../live/station-alerts';
import type { PriorityLook } from '../../../lib/use-priorities';
import { DIAL_STATE_KEYS, markerAlarm, markerState, type LocatedStation } from './map-markers';

/** Room around the stations when the map fits them, in pixels. */
const FIT_PADDING = 28;

/**
 * The stations on map tiles drawn by Leaflet: the tiles of the widget's map type, fitted to the
 * stations; each station a marker that opens its page. Zoom stays within the levels the tile
 * source has (a tile file covers only some).
 */
export default function TileMap({
  layer,
  stations,
  priorities,
  label,
}: {
  layer: MapTileLayer;
  stations: readonly LocatedStation[];
  priorities: ReadonlyMap<number, PriorityLook>;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const created = L.map(element, {
      minZoom: layer.minZoom,
      maxZoom: layer.maxZoom,
      attributionControl: false,
      zoomSnap: 1,
    });
    L.tileLayer(layer.url, {
      minZoom: layer.minZoom,
      maxZoom: layer.maxZoom,
      className: 'map-widget__tiles',
    }).addTo(created);
    setMap(created);
    // The widget's size follows the layout (sizes, reflow on a phone).
    const observer = new ResizeObserver(() => created.invalidateSize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      created.remove();
      setMap(null);
    };
  }, [layer.url, layer.minZoom, layer.maxZoom]);

  // Fitted to the stations whenever the set of them changes (not on every state refresh).
  const where = stations.map((s) => `${s.location.latitude},${s.location.longitude}`).join(';');
  useEffect(() => {
    if (!map || where === '') return;
    const points = where.split(';').map((p) => p.split(',').map(Number) as [number, number]);
    map.fitBounds(L.latLngBounds(points), { padding: [FIT_PADDING, FIT_PADDING], maxZoom: layer.maxZoom });
  }, [map, where, layer.maxZoom]);

  return (
    <div
      ref={host}
      className="map-widget map-widget--tiles"
      role="group"
      aria-label={label}
      data-map-type={layer.mapType}
    >
      {map
        ? stations.map((s) => (
            <TileMarker key={s.stationNumber} map={map} station={s} priorities={priorities} />
          ))
        : null}
    </div>
  );
}

interface MarkerLook {
  number: number;
  name: string;
  dialState: string;
  state: string;
  alarm: { priority: number; color: string } | null;
  title: string;
}

/** A marker's icon and attributes: a pin filled by dial state, ringed by the alarm's colour. */
function applyLook(marker: L.Marker, look: MarkerLook) {
  const html = document.createElement('span');
  html.className = `map-pin map-pin--${look.state}`;
  html.dataset.state = look.dialState;
  if (look.alarm) {
    html.dataset.alarmPriority = String(look.alarm.priority);
    html.style.setProperty('--map-pin-alarm', look.alarm.color);
  }
  const label = document.createElement('span');
  label.className = 'map-pin__label';
  label.textContent = look.name;
  html.append(label);
  marker.setIcon(
    L.divIcon({ html, className: 'map-marker map-marker--tile', iconSize: [18, 18], iconAnchor: [9, 9] }),
  );
  labelElement(marker, look);
}

/** Labels of markers in the eastern part of the map go to the left, so they stay inside. */
function placeLabel(map: L.Map, marker: L.Marker) {
  const element = marker.getElement();
  if (!element) return;
  const x = map.latLngToContainerPoint(marker.getLatLng()).x;
  element.classList.toggle('map-marker--label-west', x > map.getSize().x * 0.6);
}

/** The marker's element (made by Leaflet once the map is ready): its title, name and station. */
function labelElement(marker: L.Marker, look: MarkerLook) {
  const element = marker.getElement();
  if (!element) return;
  element.title = look.title;
  element.setAttribute('aria-label', look.name);
  element.setAttribute('role', 'link');
  element.dataset.station = String(look.number);
}

/** One station's marker on the Leaflet map; its icon follows dial state and alarm. */
function TileMarker({
  map,
  station,
  priorities,
}: {
  map: L.Map;
  station: LocatedStation;
  priorities: ReadonlyMap<number, PriorityLook>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alarm = markerAlarm(useStationAlertSummary(station.stationNumber), priorities);
  const number = station.stationNumber;
  const { latitude, longitude } = station.location;
  const title = [
    station.name,
    t(DIAL_STATE_KEYS[station.dialState]),
    alarm ? t('dashboard.map.alarm', { priority: alarm.name }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const alarmPriority = alarm?.priority ?? null;
  const alarmColor = alarm?.color ?? null;
  const look = useMemo(
    (): MarkerLook => ({
      number,
      name: station.name,
      dialState: station.dialState,
      state: markerState(station.dialState),
      alarm:
        alarmPriority === null || alarmColor === null ? null : { priority: alarmPriority, color: alarmColor },
      title,
    }),
    [number, station.name, station.dialState, alarmPriority, alarmColor, title],
  );
  // The marker lives as long as its map and position; its handlers and looks read the newest.
  const latest = useRef({ look, navigate });
  const marker = useRef<L.Marker | null>(null);
  useEffect(() => {
    latest.current = { look, navigate };
    if (marker.current) {
      applyLook(marker.current, look);
      placeLabel(map, marker.current);
    }
  }, [map, look, navigate]);

  useEffect(() => {
    const created = L.marker([latitude, longitude], { keyboard: true, riseOnHover: true }).addTo(map);
    const open = () => void latest.current.navigate(`/stations/${number}`);
    created.on('click', open);
    created.on('keypress', (event: L.LeafletKeyboardEvent) => {
      if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') open();
    });
    // A map still without its first view adds the marker's element later.
    created.on('add', () => {
      labelElement(created, latest.current.look);
      placeLabel(map, created);
    });
    applyLook(created, latest.current.look);
    placeLabel(map, created);
    const place = () => placeLabel(map, created);
    map.on('moveend zoomend resize', place);
    marker.current = created;
    return () => {
      map.off('moveend zoomend resize', place);
      created.remove();
      marker.current = null;
    };
  }, [map, latitude, longitude, number]);
  return null;
}
