import type { Raster } from './raster.js';
import type { SceneText } from './frame-encoder.js';
import { drawLampGlow, lampsOn, drawRain, drawSky, overlayTexts, type SceneState } from './scene-common.js';
import { daylight } from './sun.js';

const CONCRETE: [number, number, number] = [168, 166, 158];
const CONCRETE_DARK: [number, number, number] = [118, 116, 110];
const WATER: [number, number, number] = [104, 96, 74];
const RAILING: [number, number, number] = [222, 178, 34];

/**
 * A stormwater overflow basin seen from its pump house: the water surface rises up the back
 * wall with the level, foam spills over the weir while it overflows, the pump house's green
 * beacon is lit while the emptying pump runs.
 */
export function renderBasin(r: Raster, s: SceneState): SceneText[] {
  drawSky(r, s, 160);
  r.beginGround();
  r.polygon(
    [
      [0, 150],
      [90, 132],
      [210, 146],
      [330, 128],
      [470, 142],
      [640, 126],
      [640, 200],
      [0, 200],
    ],
    [74, 104, 62],
  );
  for (let x = 20; x < 640; x += 46) r.disc(x, 150 - ((x * 7) % 13), 16, [52, 82, 46]);
  r.rect(0, 190, 640, 360, [104, 142, 72]);
  // Rim (top of the walls) and the inner faces.
  r.polygon(
    [
      [110, 198],
      [570, 198],
      [640, 336],
      [30, 336],
    ],
    CONCRETE,
  );
  r.polygon(
    [
      [130, 210],
      [550, 210],
      [618, 322],
      [52, 322],
    ],
    CONCRETE_DARK,
  );
  r.polygon(
    [
      [130, 210],
      [550, 210],
      [535, 262],
      [145, 262],
    ],
    [140, 138, 130],
  );
  r.polygon(
    [
      [145, 262],
      [535, 262],
      [618, 322],
      [52, 322],
    ],
    [92, 88, 80],
  );
  // Weir notch in the back wall, right.
  r.rect(430, 206, 510, 214, [70, 70, 68]);
  const f = s.level === null ? 0 : Math.min(1, Math.max(0, s.level));
  if (f > 0.01) {
    const y = 262 - f * 50;
    const inset = 15 * (1 - (262 - y) / 52);
    r.polygon(
      [
        [145 - (15 - inset), y],
        [535 + (15 - inset), y],
        [618, 322],
        [52, 322],
      ],
      WATER,
    );
    for (let k = 1; k < 6; k++) {
      const yy = y + k * ((322 - y) / 6);
      const wave = Math.sin(s.time / 20_000 + k) * 20;
      r.line(160 + wave, yy, 500 + wave, yy, [132, 124, 100], 1, 0.6);
    }
    if (s.overflow) {
      r.rect(430, 206, 510, y + 4, [236, 238, 232], 0.85);
      for (let x = 432; x < 510; x += 6) r.line(x, 206, x + 2, y + 6, [255, 255, 255], 1, 0.7);
    }
  }
  // Railing along the near wall.
  r.line(30, 300, 640, 300, RAILING, 3);
  r.line(30, 318, 640, 318, RAILING, 2);
  for (let x = 40; x < 640; x += 60) r.line(x, 300, x, 336, RAILING, 3);
  // Pump house with door and beacon.
  r.rect(8, 150, 112, 238, [196, 178, 150]);
  r.polygon(
    [
      [2, 152],
      [60, 124],
      [118, 152],
    ],
    [128, 62, 48],
  );
  r.rect(46, 192, 74, 238, [82, 92, 104]);
  r.line(8, 238, 112, 238, [90, 90, 86], 2);
  r.light(
    daylight(s.sunElevation),
    [120, 140, 200],
    lampsOn(s) ? { x: 60, y: 182, radius: 620, strength: 0.75 } : undefined,
  );
  r.endGround();
  drawLampGlow(r, 60, 182, s);
  if (s.pumpRunning) {
    r.disc(98, 160, 14, [80, 255, 120], 0.45, true);
    r.disc(98, 160, 4, [120, 255, 150]);
  }
  drawRain(r, s);
  return overlayTexts(r.width, s);
}
