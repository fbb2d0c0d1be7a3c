import fs from 'node:fs/promises';
import path from 'node:path';
import { primaryValue, pvKey } from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import { createWebcamImagesRepository, type WebcamImageRecord } from '../../store/webcams/index.js';
import { refuse } from '../charts/input-refused.js';
import { createListeners } from '../listeners.js';
import type { Plant } from '../plant.js';
import { createRenderThread } from './render-thread.js';
import type { SceneState } from './scenes.js';
import { solarElevation } from './sun.js';
import { formatLocalTime, imageFileName, imagePath, parseImageFileName } from './webcam-files.js';
import type { WebcamBinding, WebcamDefinition, WebcamsSettings } from './webcams-content.js';

export interface WebcamServiceDeps extends WebcamsSettings {
  store: Store;
  plant: Plant;
  /** Images go to `<dataDir>/webcams/`. */
  dataDir: string;
  /** Time zone of the overlay's clock. */
  timeZone: string;
  now?: () => number;
  /** A PV's value at a past time, for the backfill; without it the current value stands in. */
  valueAt?: (key: string, at: number) => Promise<number | boolean | undefined>;
}

/** A webcam as listed (GET /api/webcam/{optional id}). */
export interface WebcamInfo {
  id: number;
  name: string;
  stationNumber: number;
  stationName: string;
  intervalMinutes: number;
  newestImage: WebcamImageRef | null;
}

/** One available image: its file name and capture time. */
export interface WebcamImageRef {
  fileName: string;
  timestamp: number;
}

export interface WebcamService {
  list(id?: number): Promise<WebcamInfo[]>;
  /** Images in [from, to], oldest first; undefined for an unknown webcam. */
  availableImages(id: number, from: number, to: number): Promise<WebcamImageRef[] | undefined>;
  /** The newest image, or the next newer than currentFilename (null: nothing newer); undefined for an unknown webcam. */
  current(id: number, currentFilename?: string): Promise<WebcamImageRef | null | undefined>;
  /** The bytes of one image; only generated names of this webcam that are in the index resolve. */
  readImage(
    id: number,
    fileName: string,
  ): Promise<{ data: Buffer; contentType: 'image/png'; timestamp: number } | undefined>;
  /** Takes one image per webcam at `at` (default now). */
  capture(at?: number): Promise<WebcamImageRecord[]>;
  /** Makes the missing images of the last backfillHours; returns how many it made. */
  backfill(): Promise<number>;
  /** Deletes images older than the retention; returns how many. */
  prune(): Promise<number>;
  /** Captures every intervalMinutes (aligned to the clock) until stop(); backfills in the background. */
  start(): Promise<void>;
  /** Stops capturing; resolves once a running backfill has ended. */
  stop(): Promise<void>;
  onNewImage(listener: (image: WebcamImageRecord) => void): () => void;
}

/** Frames of a backfill handed to the render thread at once (their past values read meanwhile). */
const BACKFILL_BATCH = 4;

const ref = (r: WebcamImageRecord): WebcamImageRef => ({ fileName: r.fileName, timestamp: r.at });

export function createWebcamService(deps: WebcamServiceDeps): WebcamService {
  const {
    store,
    plant,
    now = Date.now,
    webcams,
    intervalMinutes,
    retentionDays,
    backfillHours,
    timeZone,
  } = deps;
  const repo = createWebcamImagesRepository(store.db);
  const root = path.join(deps.dataDir, 'webcams');
  const byId = new Map(webcams.map((w) => [w.id, w]));
  const listeners = createListeners<WebcamImageRecord>();
  const intervalMs = intervalMinutes * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let background: Promise<unknown> = Promise.resolve();
  const renderer = createRenderThread();

  const current = (cam: WebcamDefinition, binding: WebcamBinding): number | boolean | undefined => {
    const r = cam.bindings[binding];
    const value = r && plant.values.get(pvKey(r));
    return value && primaryValue(value);
  };
  async function stateOf(cam: WebcamDefinition, at: number, past: boolean): Promise<SceneState> {
    const read = async (b: WebcamBinding) => {
      const r = cam.bindings[b];
      const old = past && r && deps.valueAt ? await deps.valueAt(pvKey(r), at) : undefined;
      return old ?? current(cam, b);
    };
    const level = await read('level');
    return {
      time: at,
      label: cam.name,
      timestamp: formatLocalTime(at, timeZone),
      sunElevation: solarElevation(at, cam.latitude, cam.longitude),
      level: typeof level === 'number' && cam.levelMax ? level / cam.levelMax : null,
      overflow: (await read('overflow')) === true,
      rain: Number(await read('rain')) || 0,
      pumpRunning: (await read('pump')) === true,
      doorOpen: (await read('door')) === true,
    };
  }
  async function write(
    cam: WebcamDefinition,
    at: number,
    past: boolean,
  ): Promise<Omit<WebcamImageRecord, 'id'>> {
    const data = await renderer.render(cam.scene, await stateOf(cam, at, past));
    const fileName = imageFileName(cam.id, at);
    const file = imagePath(root, fileName);
    if (!file) throw new Error(`no path for ${fileName}`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
    return { webcamId: cam.id, at, fileName, bytes: data.length };
  }
  const known = (id: number) => (Number.isSafeInteger(id) ? byId.get(id) : undefined);

  const service: WebcamService = {
    async list(id) {
      const cams =
        id === undefined ? webcams : [known(id)].filter((c): c is WebcamDefinition => c !== undefined);
      return Promise.all(
        cams.map(async (c) => {
          const newest = await repo.newest(c.id);
          const { id: camId, name, stationNumber, stationName } = c;
          return {
            id: camId,
            name,
            stationNumber,
            stationName,
            intervalMinutes,
            newestImage: newest ? ref(newest) : null,
          };
        }),
      );
    },
    async availableImages(id, from, to) {
      if (!known(id)) return undefined;
      if (!Number.isFinite(from) || !Number.isFinite(to))
        refuse('invalid', 'from', 'from and to must be times in milliseconds');
      if (from > to) refuse('invalid', 'to', 'must not be before from');
      return (await repo.range(id, from, to)).map(ref);
    },
    async current(id, currentFilename) {
      if (!known(id)) return undefined;
      if (currentFilename === undefined || currentFilename === '') {
        const newest = await repo.newest(id);
        return newest ? ref(newest) : null;
      }
      const parsed = parseImageFileName(currentFilename);
      if (!parsed || parsed.webcamId !== id)
        refuse('invalid', 'currentFilename', 'not an image of this webcam');
      const next = await repo.nextAfter(id, parsed.at);
      return next ? ref(next) : null;
    },
    async readImage(id, fileName) {
      if (!known(id) || typeof fileName !== 'string') return undefined;
      const parsed = parseImageFileName(fileName);
      if (!parsed || parsed.webcamId !== id) return undefined;
      const row = await repo.byFileName(fileName);
      const file = row && imagePath(root, row.fileName);
      if (!row || !file) return undefined;
      try {
        return { data: await fs.readFile(file), contentType: 'image/png', timestamp: row.at };
      } catch {
        return undefined;
      }
    },
    async capture(at = now()) {
      const saved: WebcamImageRecord[] = [];
      for (const cam of webcams) {
        const fileName = imageFileName(cam.id, at);
        if (await repo.byFileName(fileName)) continue;
        const record = await repo.insert(await write(cam, at, false));
        saved.push(record);
        listeners.emit(record);
      }
      return saved;
    },
    async backfill() {
      const end = Math.floor(now() / intervalMs) * intervalMs;
      const start = end - backfillHours * 3_600_000;
      let made = 0;
      for (const cam of webcams) {
        const have = new Set((await repo.range(cam.id, start, end)).map((r) => r.at));
        const missing: number[] = [];
        for (let at = start + intervalMs; at <= end; at += intervalMs) if (!have.has(at)) missing.push(at);
        const rows: Omit<WebcamImageRecord, 'id'>[] = [];
        // A few frames at a time, drawn in the render thread: this thread only reads the past
        // values and writes the files, so requests are served as usual during a backfill.
        for (let i = 0; i < missing.length && !stopped; i += BACKFILL_BATCH) {
          rows.push(
            ...(await Promise.all(missing.slice(i, i + BACKFILL_BATCH).map((at) => write(cam, at, true)))),
          );
        }
        if (stopped) break;
        made += await repo.insertMany(rows);
      }
      return made;
    },
    async prune() {
      const cutoff = now() - retentionDays * 86_400_000;
      let removed = 0;
      for (;;) {
        const old = await repo.olderThan(cutoff, 500);
        if (old.length === 0) return removed;
        for (const row of old) {
          const file = imagePath(root, row.fileName);
          if (file) await fs.rm(file, { force: true });
        }
        await repo.delete(old.map((r) => r.id));
        removed += old.length;
      }
    },
    async start() {
      if (timer) return;
      stopped = false;
      // A frame still being drawn when the service stops fails with its render thread: no fault.
      const warn = (error: unknown) => {
        if (!stopped)
          process.emitWarning(
            error instanceof Error ? error : new Error(String(error)),
            'WebcamCaptureError',
          );
      };
      // The backfill takes seconds; the server is ready meanwhile and the archive fills behind.
      background = service
        .backfill()
        .then(() => service.prune())
        .catch(warn);
      const schedule = () => {
        const wait = intervalMs - (now() % intervalMs);
        timer = setTimeout(() => {
          const at = Math.floor(now() / intervalMs) * intervalMs;
          void service
            .capture(at)
            .then(() => service.prune())
            .catch(warn)
            .finally(() => timer && schedule());
        }, wait);
        timer.unref();
      };
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // The store closes after this: a backfill still writing would write into a closed store.
      await background;
      await renderer.close();
    },
    onNewImage: (listener) => listeners.add(listener),
  };
  return service;
}
