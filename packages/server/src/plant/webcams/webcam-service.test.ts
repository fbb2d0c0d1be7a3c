import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import { contentPath, readContentFile } from '../charts/content-file.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { decodeRgb, imageInfo } from './frame-encoder.js';
import { renderSceneImage, type SceneState } from './scenes.js';
import { imageFileName, imagePath, parseImageFileName } from './webcam-files.js';
import { createWebcamService, type WebcamService } from './webcam-service.js';
import { resolveWebcamsContent, WebcamsContentSchema } from './webcams-content.js';

/** 10 June 2025 12:00 UTC (14:00 in Berlin). */
const NOON = Date.UTC(2025, 5, 10, 12);
const definition = loadPlantDefinition(DEMO_PLANT_PATH);
let clock = NOON;
const sim = createSimulator(definition, { seed: 3, rates: QUIET_RATES, now: () => clock, autoTick: false });
const plant = createPlant({ definition, source: sim, now: () => clock });
const settings = resolveWebcamsContent(
  readContentFile(contentPath(DEMO_PLANT_PATH, 'webcams.json'), WebcamsContentSchema),
  plant,
);

/** Mean brightness of an image over rows y0..y1 (decoded by sharp). */
async function brightness(png: Buffer, y0: number, y1: number): Promise<number> {
  const { width, data } = await decodeRgb(png);
  const rows = data.subarray(y0 * width * 3, y1 * width * 3);
  return rows.reduce((sum, v) => sum + v, 0) / rows.length;
}

const scene = (over: Partial<SceneState>): SceneState => ({
  time: NOON,
  label: 'RÜB Talheim Becken',
  timestamp: '10.06.2025 14:00:00',
  sunElevation: 55,
  level: 0.5,
  overflow: false,
  rain: 0,
  pumpRunning: false,
  doorOpen: false,
  ...over,
});

describe('webcam images', () => {
  it('are PNGs of 640×360 whose sky is bright at noon and dark at midnight', async () => {
    const noon = await renderSceneImage('basin', scene({}));
    const night = await renderSceneImage('basin', scene({ time: NOON + 12 * 3_600_000, sunElevation: -15 }));
    expect(noon.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(await imageInfo(noon)).toEqual({ format: 'png', width: 640, height: 360 });
    expect(await brightness(noon, 40, 100)).toBeGreaterThan(3 * (await brightness(night, 40, 100)));
    expect(await brightness(noon, 200, 360)).toBeGreaterThan(await brightness(night, 200, 360));
  });

  it('show the plant state: a fuller basin and an opened door change the picture', async () => {
    const low = await renderSceneImage('basin', scene({ level: 0.1 }));
    const high = await renderSceneImage('basin', scene({ level: 0.95 }));
    expect(await brightness(low, 215, 260)).not.toBeCloseTo(await brightness(high, 215, 260), 1);
    const shut = await renderSceneImage('entrance', scene({}));
    const open = await renderSceneImage('entrance', scene({ doorOpen: true }));
    expect(open.equals(shut)).toBe(false);
  });

  it('carry the camera name and the time as text over the picture', async () => {
    const plain = await decodeRgb(await renderSceneImage('basin', scene({ label: '', timestamp: '' })));
    const labelled = await decodeRgb(await renderSceneImage('basin', scene({})));
    // The band with white letters top left and top right; the middle of the top stays as it was.
    const differs = (x0: number, x1: number) => {
      let n = 0;
      for (let y = 8; y < 30; y++)
        for (let x = x0; x < x1; x++) {
          const i = (y * 640 + x) * 3;
          if (Math.abs((plain.data[i] ?? 0) - (labelled.data[i] ?? 0)) > 40) n++;
        }
      return n;
    };
    expect(differs(10, 150)).toBeGreaterThan(200);
    expect(differs(480, 630)).toBeGreaterThan(200);
    expect(differs(300, 340)).toBe(0);
  });

  it('are named cam<id>-<UTC date>-<UTC time>.<png|jpg>; other names never resolve to a path', () => {
    expect(imageFileName(1, NOON)).toBe('cam1-20250610-120000.png');
    expect(imageFileName(3, NOON, 'jpg')).toBe('cam3-20250610-120000.jpg');
    expect(parseImageFileName('cam1-20250610-120000.png')).toEqual({
      webcamId: 1,
      at: NOON,
      extension: 'png',
    });
    expect(parseImageFileName('cam3-20250610-120000.jpg')).toEqual({
      webcamId: 3,
      at: NOON,
      extension: 'jpg',
    });
    expect(imagePath('/data/webcams', 'cam1-20250610-120000.png')).toBe(
      '/data/webcams/1/2025-06-10/cam1-20250610-120000.png',
    );
    for (const bad of [
      '../cam1-20250610-120000.png',
      'cam1-20250610-120000.png/../../x',
      '/etc/passwd',
      'cam1-20250231-120000.png',
      'cam1-20250610-120000.PNG',
      'cam1-20250610-120000.gif',
    ]) {
      expect(imagePath('/data/webcams', bad)).toBeNull();
    }
  });
});

describe.each(BOTH_DIALECTS)('webcam service on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let webcams: WebcamService;

  beforeAll(async () => {
    clock = NOON;
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    await plant.start();
    sim.step();
    webcams = createWebcamService({
      ...settings,
      store,
      plant,
      dataDir: database.dataDir,
      timeZone: 'Europe/Berlin',
      now: () => clock,
    });
  });
  afterAll(async () => {
    await webcams.stop();
    await plant.stop();
    await store.close();
    await database.drop();
  });

  it('lists the demo webcams with their stations', async () => {
    const list = await webcams.list();
    expect(list.map((w) => [w.id, w.name, w.stationName])).toEqual([
      [1, 'RÜB Talheim Becken', 'Regenüberlaufbecken Talheim'],
      [2, 'Hochbehälter Lindenberg Zufahrt', 'Hochbehälter Lindenberg'],
    ]);
    expect(await webcams.list(2)).toHaveLength(1);
    expect(await webcams.list(77)).toEqual([]);
  });

  it('backfills the last 24 hours once, quickly, and skips what exists', async () => {
    const started = performance.now();
    const made = await webcams.backfill();
    const ms = performance.now() - started;
    const perCam = (24 * 60) / settings.intervalMinutes;
    expect(made).toBe(2 * perCam);
    console.log(
      `webcam backfill: ${made} images in ${Math.round(ms)} ms (${(ms / made).toFixed(1)} ms each)`,
    );
    expect(await webcams.backfill()).toBe(0);
    const images = await webcams.availableImages(1, NOON - 86_400_000, NOON);
    expect(images).toHaveLength(perCam);
    expect(images![0]).toEqual({
      fileName: imageFileName(1, NOON - 86_400_000 + 300_000),
      timestamp: NOON - 86_400_000 + 300_000,
    });
  });

  it('answers range queries, newest and next-newer images', async () => {
    const hour = await webcams.availableImages(1, NOON - 3_600_000, NOON - 1);
    expect(hour!.map((i) => i.timestamp)).toEqual(
      Array.from({ length: 12 }, (_, k) => NOON - 3_600_000 + k * 300_000),
    );
    expect(await webcams.availableImages(1, NOON + 1, NOON + 2)).toEqual([]);
    expect(await webcams.availableImages(9, 0, NOON)).toBeUndefined();
    await expect(webcams.availableImages(1, NOON, 0)).rejects.toMatchObject({ code: 'invalid' });
    expect(await webcams.current(1)).toEqual({ fileName: imageFileName(1, NOON), timestamp: NOON });
    expect(await webcams.current(1, imageFileName(1, NOON - 600_000))).toMatchObject({
      timestamp: NOON - 300_000,
    });
    expect(await webcams.current(1, imageFileName(1, NOON))).toBeNull();
    await expect(webcams.current(1, '../x.png')).rejects.toMatchObject({ code: 'invalid' });
    await expect(webcams.current(1, imageFileName(2, NOON))).rejects.toMatchObject({ code: 'invalid' });
  });

  it('captures new images on the clock and reads them back; refuses traversal and foreign names', async () => {
    clock = NOON + 300_000;
    sim.step();
    const [first] = await webcams.capture(clock);
    expect(first).toMatchObject({ webcamId: 1, at: clock });
    const image = await webcams.readImage(1, first!.fileName);
    expect(await imageInfo(image!.data)).toEqual({ format: 'png', width: 640, height: 360 });
    expect(image!.contentType).toBe('image/png');
    expect(image!.timestamp).toBe(clock);
    for (const bad of [
      '../../leitwarte.sqlite',
      `../1/${first!.fileName}`,
      '/etc/passwd',
      imageFileName(2, clock),
      imageFileName(1, clock + 1000),
      '',
    ]) {
      expect(await webcams.readImage(1, bad)).toBeUndefined();
    }
    expect(await webcams.readImage(2, imageFileName(2, clock))).toBeDefined();
  });

  it('prunes images older than the retention, files and index', async () => {
    const oldest = (await webcams.availableImages(1, 0, NOON))![0]!;
    const file = imagePath(`${database.dataDir}/webcams`, oldest.fileName)!;
    expect(fs.existsSync(file)).toBe(true);
    clock = NOON + settings.retentionDays * 86_400_000 - 12 * 3_600_000;
    const removed = await webcams.prune();
    expect(removed).toBeGreaterThan(0);
    expect(fs.existsSync(file)).toBe(false);
    expect((await webcams.availableImages(1, 0, NOON + 3_600_000))![0]!.timestamp).toBeGreaterThanOrEqual(
      clock - settings.retentionDays * 86_400_000,
    );
  });
});
