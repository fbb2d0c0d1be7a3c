import type { SceneText } from './frame-encoder.js';
import { mix, type Raster, type Rgb } from './raster.js';
import { daylight } from './sun.js';

/** What a camera sees besides its fixed scenery: time, daylight and the plant's state. */
export interface SceneState {
  time: number;
  /** Camera name for the overlay. */
  label: string;
  /** Local time for the overlay, dd.MM.yyyy HH:mm:ss. */
  timestamp: string;
  /** Sun elevation in degrees. */
  sunElevation: number;
  /** Level as a fraction of the tank's height (0–1); null when unknown. */
  level: number | null;
  overflow: boolean;
  /** Rain intensity in mm/h. */
  rain: number;
  pumpRunning: boolean;
  doorOpen: boolean;
}

const DAY_TOP: Rgb = [64, 124, 196];
const DAY_HORIZON: Rgb = [176, 206, 232];
const DUSK_TOP: Rgb = [48, 62, 120];
const DUSK_HORIZON: Rgb = [238, 146, 86];
const NIGHT_TOP: Rgb = [4, 6, 18];
const NIGHT_HORIZON: Rgb = [18, 26, 48];
const OVERCAST: Rgb = [150, 156, 162];

/** Sky colours by sun elevation: night below −8°, dusk around the horizon, day above 10°. */
function skyColours(elevation: number, rain: number): [Rgb, Rgb] {
  let top: Rgb;
  let horizon: Rgb;
  if (elevation <= -8) [top, horizon] = [NIGHT_TOP, NIGHT_HORIZON];
  else if (elevation < 2) {
    const t = (elevation + 8) / 10;
    [top, horizon] = [mix(NIGHT_TOP, DUSK_TOP, t), mix(NIGHT_HORIZON, DUSK_HORIZON, t)];
  } else {
    const t = Math.min(1, (elevation - 2) / 8);
    [top, horizon] = [mix(DUSK_TOP, DAY_TOP, t), mix(DUSK_HORIZON, DAY_HORIZON, t)];
  }
  // Rain clouds grey the sky in proportion to the rain, as bright as the daylight allows.
  const grey = mix([10, 12, 16], OVERCAST, (daylight(elevation) - 0.12) / 0.88);
  const cover = Math.min(0.85, rain / 6);
  return [mix(top, grey, cover), mix(horizon, grey, cover)];
}

/** Sky with drifting clouds; the clouds' places follow the time so consecutive frames move. */
export function drawSky(r: Raster, s: SceneState, horizonY: number): void {
  const [top, horizon] = skyColours(s.sunElevation, s.rain);
  r.gradient(0, horizonY, top, horizon);
  const light = daylight(s.sunElevation);
  const cloud = mix([40, 44, 56], [246, 246, 250], (light - 0.12) / 0.88);
  const drift = (s.time / 60_000) * 0.6;
  for (let i = 0; i < 5; i++) {
    const x = ((i * 157 + drift * (1 + i * 0.15)) % (r.width + 160)) - 80;
    const y = 20 + ((i * 37) % Math.max(1, horizonY - 60));
    for (let k = 0; k < 4; k++) r.disc(x + k * 18, y + (k % 2) * 5, 16 + (k % 3) * 4, cloud, 0.75);
  }
}

/** Rain streaks over the scene, denser with more rain; positions follow the time. */
export function drawRain(r: Raster, s: SceneState): void {
  if (s.rain < 0.2) return;
  const count = Math.min(400, Math.round(s.rain * 40));
  let seed = Math.floor(s.time / 1000) % 2_147_483_647 || 1;
  const next = () => (seed = (seed * 16807) % 2_147_483_647) / 2_147_483_647;
  for (let i = 0; i < count; i++) {
    const x = next() * r.width;
    const y = next() * r.height;
    r.line(x, y, x - 4, y + 14, [200, 210, 225], 1, 0.45);
  }
}

/** Camera name top left, time stamp top right, white on a dark band. */
export function overlayTexts(width: number, s: SceneState): SceneText[] {
  return [
    { x: 10, y: 24, text: s.label, color: '#fff', size: 15, band: true },
    { x: width - 10, y: 24, text: s.timestamp, color: '#fff', size: 15, anchor: 'end', band: true },
  ];
}

/** How dark it is, 0 (day) to 1 (night). */
function darknessOf(s: SceneState): number {
  return 1 - (daylight(s.sunElevation) - 0.12) / 0.88;
}

/** Whether the site's lamps are on (dusk switch: on once it is 30 % dark). */
export function lampsOn(s: SceneState): boolean {
  return darknessOf(s) >= 0.3;
}

/** A lamp's glow, drawn after daylight so it stays bright at night. */
export function drawLampGlow(r: Raster, x: number, y: number, s: SceneState): void {
  const darkness = darknessOf(s);
  if (!lampsOn(s)) return;
  r.disc(x, y, 60, [255, 214, 140], 0.5 * darkness, true);
  r.disc(x, y, 5, [255, 240, 200], 1);
}
