const RAD = Math.PI / 180;

/**
 * Elevation of the sun in degrees above the horizon at a time and place (the low-precision
 * formulas of the Astronomical Almanac, good to about 1° — plenty for a camera's daylight).
 */
export function solarElevation(time: number, latitude: number, longitude: number): number {
  const d = time / 86_400_000 + 2440587.5 - 2451545.0;
  const g = (357.529 + 0.98560028 * d) * RAD;
  const q = 280.459 + 0.98564736 * d;
  const l = (q + 1.915 * Math.sin(g) + 0.02 * Math.sin(2 * g)) * RAD;
  const e = (23.439 - 0.00000036 * d) * RAD;
  const ra = Math.atan2(Math.cos(e) * Math.sin(l), Math.cos(l));
  const dec = Math.asin(Math.sin(e) * Math.sin(l));
  const gmst = (18.697374558 + 24.06570982441908 * d) * 15;
  const h = (gmst + longitude) * RAD - ra;
  const lat = latitude * RAD;
  return Math.asin(Math.sin(lat) * Math.sin(dec) + Math.cos(lat) * Math.cos(dec) * Math.cos(h)) / RAD;
}

/**
 * Daylight of a scene, 0.12 (night, the camera's residual sensitivity) to 1 (sun above 8°),
 * ramping through civil twilight (−6°).
 */
export function daylight(elevation: number): number {
  const t = Math.min(1, Math.max(0, (elevation + 6) / 14));
  return 0.12 + 0.88 * t * t * (3 - 2 * t);
}
