import { encodeFrame } from './frame-encoder.js';
import { Raster } from './raster.js';
import { renderBasin } from './scene-basin.js';
import { renderEntrance } from './scene-entrance.js';
import type { SceneState } from './scene-common.js';

export type { SceneState } from './scene-common.js';

/** The sceneries a demo webcam can show. */
export const SCENES = ['basin', 'entrance'] as const;
export type SceneKind = (typeof SCENES)[number];

/**
 * Renders one camera frame as PNG: the scenery drawn for 640×360 (clipped to other sizes), the
 * texts laid over it and encoded by sharp.
 */
export function renderSceneImage(
  kind: SceneKind,
  state: SceneState,
  width = 640,
  height = 360,
): Promise<Buffer> {
  const raster = new Raster(width, height);
  const texts = kind === 'basin' ? renderBasin(raster, state) : renderEntrance(raster, state);
  return encodeFrame(width, height, raster.data, texts);
}
