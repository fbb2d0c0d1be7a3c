/** A point on the earth in degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface SchematicMap {
  /** Projects a position into the drawing (x to the east, y to the south), in drawing units. */
  project(p: GeoPoint): { x: number; y: number };
  /** A scale bar: its length in drawing units and the distance it stands for in metres. */
  scaleBar: { length: number; metres: number };
}

const EARTH_RADIUS_M = 6_371_000;
const NICE = [1, 2, 5];

/** The round distance (1, 2 or 5 × 10ⁿ m) closest below `metres`. */
export function niceDistance(metres: number): number {
  if (!(metres > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(metres));
  let best = power;
  for (const n of NICE) if (n * power <= metres) best = n * power;
  return best;
}

/**
 * A schematic map of positions for when no map tiles are configured: an equirectangular
 * projection around the positions' middle (true to scale over the few kilometres of a supply
 * area), fitted into width × height with a margin, and a scale bar of a round distance about a
 * quarter of the width long.
 */
export function schematicMap(
  points: readonly GeoPoint[],
  width: number,
  height: number,
  margin = 24,
): SchematicMap {
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const midLat = points.length ? (Math.min(...lats) + Math.max(...lats)) / 2 : 0;
  const midLon = points.length ? (Math.min(...lons) + Math.max(...lons)) / 2 : 0;
  const cos = Math.cos((midLat * Math.PI) / 180);
  const toMetres = (p: GeoPoint) => ({
    x: ((p.longitude - midLon) * Math.PI * EARTH_RADIUS_M * cos) / 180,
    y: ((midLat - p.latitude) * Math.PI * EARTH_RADIUS_M) / 180,
  });
  const metres = points.map(toMetres);
  // A single station (or all at one place) is shown in a 2 km window.
  const spanX = Math.max(1, ...metres.map((m) => Math.abs(m.x) * 2)) || 2000;
  const spanY = Math.max(1, ...metres.map((m) => Math.abs(m.y) * 2)) || 2000;
  const span = Math.max(spanX, spanY) < 10 ? 2000 : 0;
  const unitsPerMetre = Math.min(
    (width - 2 * margin) / Math.max(spanX, span),
    (height - 2 * margin) / Math.max(spanY, span),
  );
  const metresForQuarter = width / 4 / unitsPerMetre;
  const distance = niceDistance(metresForQuarter);
  return {
    project: (p) => {
      const m = toMetres(p);
      return { x: width / 2 + m.x * unitsPerMetre, y: height / 2 + m.y * unitsPerMetre };
    },
    scaleBar: { length: distance * unitsPerMetre, metres: distance },
  };
}
