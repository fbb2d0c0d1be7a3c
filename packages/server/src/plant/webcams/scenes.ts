import { encodePng } from './png.js';
import { Raster } from './raster.js';
import { renderBasin } from './scene-basin.js';
import { renderEntrance } from './scene-entrance.js';
import type { SceneState } from './scene-common.js';

export type { SceneState } from './scene-common.js';

/** The sceneries a demo webcam can show. */
export const SCENES = ['basin', 'entrance'] as const;
export type SceneKind = (typeof SCENES)[number];

/** Renders one camera frame as PNG. The scenery is drawn for 640×360 and clipped to other sizes. */
export function renderSceneImage(kind: SceneKind, state: SceneState, width = 640, height = 360): Buffer {
  return encodePng(width, height, renderScene(kind, state, width, height).data);
}

function renderScene(kind: SceneKind, state: SceneState, width: number, height: number): Raster {
  const raster = new Raster(width, height);
  if (kind === 'basin') renderBasin(raster, state);
  else renderEntrance(raster, state);
  return raster;
}
