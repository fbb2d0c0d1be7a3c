import fs from 'node:fs/promises';
import path from 'node:path';
import type { WebcamImageRef, WebcamInfo } from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import { createWebcamImagesRepository, type WebcamImageRecord } from '../../store/webcams/index.js';
import { refuse } from '../charts/input-refused.js';
import { createListeners } from '../listeners.js';
import type { Plant } from '../plant.js';
import { createSceneFrames } from './scene-frames.js';
import { createSnapshotCameras, type CameraStatus } from './snapshot-cameras.js';
import { imageFileName, imagePath, parseImageFileName } from './webcam-files.js';
import type { SceneWebcam, SnapshotWebcam, WebcamDefinition, WebcamsSettings } from './webcams-content.js';

export type { WebcamImageRef, WebcamInfo } from '@leitwarte/core';

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
  /** A real camera stopped or started answering (for the event archive). */
  onStatus?: (camera: SnapshotWebcam, status: CameraStatus) => void;
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
  ): Promise<{ data: Buffer; contentType: 'image/png' | 'image/jpeg'; timestamp: number } | undefined>;
  /** Takes one image per generated webcam at `at` (default now). */
  capture(at?: number): Promise<WebcamImageRecord[]>;
  /** Fetches one snapshot of a real camera now; null when it failed (it is offline then). */
  fetchSnapshot(id: number): Promise<WebcamImageRecord | null>;
  /** Makes the missing images of the last backfillHours; returns how many it made. */
  backfill(): Promise<number>;
  /** Deletes images older than each camera's retention; returns how many. */
  prune(): Promise<number>;
  /** Captures at each camera's interval until stop(); backfills in the background. */
  start(): Promise<void>;
  /** Stops capturing; resolves once a running backfill and fetches have ended. */
  stop(): Promise<void>;
  onNewImage(listener: (image: WebcamImageRecord) => void): () => void;
}

/** Frames rendered together in a backfill (sharp encodes them on its own threads). */
const BACKFILL_BATCH = 4;

const ref = (r: WebcamImageRecord): WebcamImageRef => ({ fileName: r.fileName, timestamp: r.at });
const warn = (error: unknown) =>
  process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'WebcamCaptureError');

export function createWebcamService(deps: WebcamServiceDeps): WebcamService {
  const { store, now = Date.now, webcams, intervalMinutes, backfillHours } = deps;
  const repo = createWebcamImagesRepository(store.db);
  const root = path.join(deps.dataDir, 'webcams');
  const byId = new Map(webcams.map((w) => [w.id, w]));
  const scenes = webcams.filter((w): w is SceneWebcam => w.kind === 'generated');
  const listeners = createListeners<WebcamImageRecord>();
  const intervalMs = intervalMinutes * 60_000;
  const frames = createSceneFrames({
    plant: deps.plant,
    root,
    timeZone: deps.timeZone,
    valueAt: deps.valueAt,
  });
  const snapshots = createSnapshotCameras({
    cameras: webcams.filter((w): w is SnapshotWebcam => w.kind === 'http'),
    repo,
    root,
    now,
    onImage: (image) => listeners.emit(image),
    onStatus: (camera, status) => deps.onStatus?.(camera, status),
  });
  let timer: NodeJS.Timeout | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  let stopped = false;
  let background: Promise<unknown> = Promise.resolve();

  const known = (id: number) => (Number.isSafeInteger(id) ? byId.get(id) : undefined);
  const info = async (c: WebcamDefinition): Promise<WebcamInfo> => {
    const newest = await repo.newest(c.id);
    const status: CameraStatus =
      c.kind === 'http'
        ? (snapshots.status(c.id) ?? { status: 'unknown', offlineSince: null, lastError: null })
        : { status: 'online', offlineSince: null, lastError: null };
    return {
      id: c.id,
      name: c.name,
      stationNumber: c.stationNumber,
      stationName: c.stationName,
      intervalMinutes: c.intervalMs / 60_000,
      newestImage: newest ? ref(newest) : null,
      source: c.kind,
      ...status,
    };
  };

  const service: WebcamService = {
    async list(id) {
      const cams =
        id === undefined ? webcams : [known(id)].filter((c): c is WebcamDefinition => c !== undefined);
      return Promise.all(cams.map(info));
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
        const contentType = parsed.extension === 'jpg' ? 'image/jpeg' : 'image/png';
        return { data: await fs.readFile(file), contentType, timestamp: row.at };
      } catch {
        return undefined;
      }
    },
    async capture(at = now()) {
      const saved: WebcamImageRecord[] = [];
      for (const cam of scenes) {
        if (await repo.byFileName(imageFileName(cam.id, at, 'png'))) continue;
        const record = await repo.insert(await frames.write(cam, at, false));
        saved.push(record);
        listeners.emit(record);
      }
      return saved;
    },
    fetchSnapshot(id) {
      const cam = known(id);
      if (cam?.kind !== 'http') return Promise.resolve(null);
      return snapshots.take(cam);
    },
    async backfill() {
      const end = Math.floor(now() / intervalMs) * intervalMs;
      const start = end - backfillHours * 3_600_000;
      let made = 0;
      for (const cam of scenes) {
        const have = new Set((await repo.range(cam.id, start, end)).map((r) => r.at));
        const missing: number[] = [];
        for (let at = start + intervalMs; at <= end; at += intervalMs) if (!have.has(at)) missing.push(at);
        const rows: Omit<WebcamImageRecord, 'id'>[] = [];
        // A few frames at a time: they encode in parallel, and the event loop gets a turn between
        // batches so requests are served during a backfill.
        for (let i = 0; i < missing.length && !stopped; i += BACKFILL_BATCH) {
          rows.push(
            ...(await Promise.all(
              missing.slice(i, i + BACKFILL_BATCH).map((at) => frames.write(cam, at, true)),
            )),
          );
        }
        if (stopped) break;
        made += await repo.insertMany(rows);
      }
      return made;
    },
    async prune() {
      let removed = 0;
      for (const cam of webcams) {
        const cutoff = now() - cam.retentionDays * 86_400_000;
        for (;;) {
          const old = await repo.olderThan(cutoff, 500, cam.id);
          if (old.length === 0) break;
          for (const row of old) {
            const file = imagePath(root, row.fileName);
            if (file) await fs.rm(file, { force: true });
          }
          await repo.delete(old.map((r) => r.id));
          removed += old.length;
        }
      }
      return removed;
    },
    async start() {
      if (timer) return;
      stopped = false;
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
            .catch(warn)
            .finally(() => timer && schedule());
        }, wait);
        timer.unref();
      };
      if (scenes.length > 0) schedule();
      snapshots.start();
      // Real cameras may take an image every few seconds: retention runs on its own clock.
      pruneTimer = setInterval(() => void service.prune().catch(warn), 10 * 60_000);
      pruneTimer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (pruneTimer) clearInterval(pruneTimer);
      timer = null;
      pruneTimer = null;
      // The store closes after this: a backfill still writing would write into a closed store.
      await Promise.all([background, snapshots.stop()]);
    },
    onNewImage: (listener) => listeners.add(listener),
  };
  return service;
}
