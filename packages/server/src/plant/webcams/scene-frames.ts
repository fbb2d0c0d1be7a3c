import fs from 'node:fs/promises';
import path from 'node:path';
import { primaryValue, pvKey } from '@leitwarte/core';
import type { WebcamImageRecord } from '../../store/webcams/index.js';
import type { Plant } from '../plant.js';
import { renderSceneImage, type SceneState } from './scenes.js';
import { solarElevation } from './sun.js';
import { formatLocalTime, imageFileName, imagePath } from './webcam-files.js';
import type { SceneWebcam, WebcamBinding } from './webcams-content.js';

/** Draws and stores the frames of generated cameras from the plant state (now or in the past). */
export function createSceneFrames(deps: {
  plant: Plant;
  root: string;
  timeZone: string;
  /** A PV's value at a past time, for the backfill; without it the current value stands in. */
  valueAt?: (key: string, at: number) => Promise<number | boolean | undefined>;
}) {
  const current = (cam: SceneWebcam, binding: WebcamBinding): number | boolean | undefined => {
    const r = cam.bindings[binding];
    const value = r && deps.plant.values.get(pvKey(r));
    return value && primaryValue(value);
  };
  async function stateOf(cam: SceneWebcam, at: number, past: boolean): Promise<SceneState> {
    const read = async (b: WebcamBinding) => {
      const r = cam.bindings[b];
      const old = past && r && deps.valueAt ? await deps.valueAt(pvKey(r), at) : undefined;
      return old ?? current(cam, b);
    };
    const level = await read('level');
    return {
      time: at,
      label: cam.name,
      timestamp: formatLocalTime(at, deps.timeZone),
      sunElevation: solarElevation(at, cam.latitude, cam.longitude),
      level: typeof level === 'number' && cam.levelMax ? level / cam.levelMax : null,
      overflow: (await read('overflow')) === true,
      rain: Number(await read('rain')) || 0,
      pumpRunning: (await read('pump')) === true,
      doorOpen: (await read('door')) === true,
    };
  }
  return {
    /** Draws the frame of `at` and writes its file; the caller indexes it. */
    async write(cam: SceneWebcam, at: number, past: boolean): Promise<Omit<WebcamImageRecord, 'id'>> {
      const data = await renderSceneImage(cam.scene, await stateOf(cam, at, past));
      const fileName = imageFileName(cam.id, at, 'png');
      const file = imagePath(deps.root, fileName);
      if (!file) throw new Error(`no path for ${fileName}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return { webcamId: cam.id, at, fileName, bytes: data.length };
    },
  };
}
