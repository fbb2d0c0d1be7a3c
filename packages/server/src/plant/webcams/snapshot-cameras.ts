import fs from 'node:fs/promises';
import path from 'node:path';
import type { WebcamImageRecord, WebcamImagesRepository } from '../../store/webcams/index.js';
import { fetchSnapshot } from './snapshot-fetch.js';
import { imageFileName, imagePath } from './webcam-files.js';
import type { SnapshotWebcam } from './webcams-content.js';

/** Whether a camera answers, since when it does not, and why. */
export interface CameraStatus {
  status: 'online' | 'offline' | 'unknown';
  offlineSince: number | null;
  lastError: string | null;
}

/**
 * Real cameras: each one's snapshot is fetched at its own interval into the archive. A camera
 * that does not answer (or answers with anything but a JPEG or PNG) is offline from its first
 * failed fetch until one succeeds; every change of that is reported once.
 */
export function createSnapshotCameras(deps: {
  cameras: readonly SnapshotWebcam[];
  repo: WebcamImagesRepository;
  root: string;
  now: () => number;
  onImage: (image: WebcamImageRecord) => void;
  onStatus: (camera: SnapshotWebcam, status: CameraStatus) => void;
}) {
  const statuses = new Map<number, CameraStatus>(
    deps.cameras.map((c) => [c.id, { status: 'unknown', offlineSince: null, lastError: null }]),
  );
  const timers = new Map<number, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = true;

  const setStatus = (camera: SnapshotWebcam, next: CameraStatus) => {
    const before = statuses.get(camera.id);
    statuses.set(camera.id, next);
    if (before?.status !== next.status) deps.onStatus(camera, next);
  };

  /** Takes one snapshot of a camera now; returns the stored image, or null when it failed. */
  async function take(camera: SnapshotWebcam): Promise<WebcamImageRecord | null> {
    const at = Math.floor(deps.now() / 1000) * 1000;
    try {
      const snapshot = await fetchSnapshot(camera.source);
      const fileName = imageFileName(camera.id, at, snapshot.format === 'jpeg' ? 'jpg' : 'png');
      const file = imagePath(deps.root, fileName);
      if (!file) throw new Error(`no path for ${fileName}`);
      setStatus(camera, { status: 'online', offlineSince: null, lastError: null });
      if (await deps.repo.byFileName(fileName)) return null;
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, snapshot.data);
      const record = await deps.repo.insert({
        webcamId: camera.id,
        at,
        fileName,
        bytes: snapshot.data.length,
      });
      deps.onImage(record);
      return record;
    } catch (error) {
      const previous = statuses.get(camera.id);
      setStatus(camera, {
        status: 'offline',
        offlineSince: previous?.status === 'offline' ? previous.offlineSince : at,
        lastError: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }

  const schedule = (camera: SnapshotWebcam, delay: number) => {
    const timer = setTimeout(() => {
      const job = take(camera).finally(() => {
        running.delete(job);
        if (!stopped) schedule(camera, camera.intervalMs);
      });
      running.add(job);
    }, delay);
    timer.unref();
    timers.set(camera.id, timer);
  };

  return {
    status: (id: number): CameraStatus | undefined => statuses.get(id),
    take,
    /** Fetches every camera now and then at its interval. */
    start(): void {
      if (!stopped) return;
      stopped = false;
      for (const camera of deps.cameras) schedule(camera, 0);
    },
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
