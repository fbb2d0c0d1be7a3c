import type { Raster } from './raster.js';
import type { SceneText } from './frame-encoder.js';
import { drawLampGlow, lampsOn, drawRain, drawSky, overlayTexts, type SceneState } from './scene-common.js';
import { daylight } from './sun.js';

/**
 * The access road of an elevated tank: an earth-covered chamber with its concrete portal. The
 * door stands open (and the service van is parked) while the door contact reports open; the
 * lamp over the door shines at night.
 */
export function renderEntrance(r: Raster, s: SceneState): SceneText[] {
  drawSky(r, s, 190);
  r.beginGround();
  for (let x = 0; x < 200; x += 34) r.disc(x, 168 - ((x * 5) % 17), 26, [46, 78, 44]);
  r.polygon(
    [
      [150, 230],
      [220, 150],
      [320, 122],
      [470, 118],
      [590, 140],
      [640, 170],
      [640, 240],
      [150, 240],
    ],
    [92, 132, 66],
  );
  r.rect(0, 200, 640, 360, [108, 146, 78]);
  // Portal of the chamber, its sign and door.
  r.rect(300, 150, 486, 246, [186, 184, 176]);
  r.rect(292, 144, 494, 152, [150, 148, 142]);
  r.rect(312, 160, 474, 178, [236, 236, 228]);
  if (s.doorOpen) {
    r.rect(372, 192, 414, 246, [22, 22, 24]);
    r.polygon(
      [
        [414, 192],
        [432, 186],
        [432, 250],
        [414, 246],
      ],
      [88, 100, 112],
    );
  } else {
    r.rect(372, 192, 414, 246, [88, 100, 112]);
    r.rect(406, 218, 410, 222, [200, 200, 200]);
  }
  // Road towards the portal with its centre marking.
  r.polygon(
    [
      [360, 246],
      [426, 246],
      [590, 360],
      [170, 360],
    ],
    [84, 86, 90],
  );
  for (let k = 0; k < 6; k++) {
    const t0 = k / 6;
    const y0 = 250 + t0 * 110;
    r.line(393 - t0 * 12, y0, 393 - (t0 + 0.08) * 12, y0 + 9, [230, 230, 220], 1 + t0 * 3);
  }
  // Fence with the gate, opened while someone is on site.
  r.line(0, 286, 240, 286, [120, 124, 128], 2);
  r.line(540, 286, 640, 286, [120, 124, 128], 2);
  for (let x = 10; x < 640; x += 40) if (x < 240 || x > 540) r.line(x, 262, x, 300, [110, 112, 116], 3);
  if (!s.doorOpen) {
    r.rect(240, 266, 540, 268, [140, 144, 150]);
    r.rect(240, 286, 540, 288, [140, 144, 150]);
    for (let x = 240; x <= 540; x += 20) r.line(x, 266, x, 300, [140, 144, 150], 2);
  } else {
    // Service van parked before the portal.
    r.rect(440, 214, 520, 262, [236, 238, 240]);
    r.rect(498, 222, 516, 238, [60, 80, 100]);
    r.disc(456, 264, 7, [20, 20, 20]);
    r.disc(504, 264, 7, [20, 20, 20]);
    r.rect(440, 240, 520, 244, [230, 120, 30]);
  }
  r.light(
    daylight(s.sunElevation),
    [120, 140, 200],
    lampsOn(s) ? { x: 393, y: 184, radius: 280, strength: 0.85 } : undefined,
  );
  r.endGround();
  drawLampGlow(r, 393, 184, s);
  drawRain(r, s);
  // The sign's lettering, as dark as the daylight makes the wall it is painted on.
  const l = daylight(s.sunElevation);
  const sign: SceneText = {
    x: 393,
    y: 174,
    text: 'HOCHBEHÄLTER LINDENBERG',
    color: `rgb(${Math.round(30 * l)},${Math.round(60 * l)},${Math.round(120 * l)})`,
    size: 11,
    anchor: 'middle',
  };
  return [sign, ...overlayTexts(r.width, s)];
}
