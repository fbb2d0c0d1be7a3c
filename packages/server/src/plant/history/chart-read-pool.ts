import { Worker } from 'node:worker_threads';
import type { Point } from '@leitwarte/core';
import { workerEntry } from '../worker-entry.js';

/** A series to reduce on a read thread: the M4 of its raw samples over [start, end) at `width` columns. */
export interface ChartReadTask {
  id: number;
  seriesId: number;
  start: number;
  end: number;
  width: number;
}

/**
 * A read thread's answer: the points as t, v, t, v, … (transferred, not copied) and as the
 * chart data reply writes them; id −1: ready.
 */
export interface ChartReadReply {
  id: number;
  points?: Float64Array<ArrayBuffer>;
  pointsJson?: string;
  error?: string;
}

/** Reduced points of a series; `pointsJson`: written by a read thread already (see SeriesData). */
export interface ReducedPoints {
  points: Point[];
  pointsJson?: string;
}

type RawM4 = (seriesId: number, start: number, end: number, width: number) => Promise<Point[]>;

/**
 * Threads that reduce raw samples to chart points, each on a read-only connection of its own.
 * A year of one series is some 15 ms of SQLite reads; the series of a chart are spread over
 * the threads, and the server's thread stays free for other calls meanwhile. The threads also
 * write the points' JSON, while the other series are still being read.
 */
export interface ChartReadPool {
  /** Threads ready to read. */
  readonly threads: number;
  /** Resolves once every thread started is ready (or has failed). */
  readonly started: Promise<void>;
  /** The M4 of a series' raw samples on a thread; on this thread (`fallback`) if none is left. */
  rawM4(seriesId: number, start: number, end: number, width: number): Promise<ReducedPoints>;
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  task: Pending | null;
}

interface Pending {
  task: ChartReadTask;
  resolve: (reduced: ReducedPoints) => void;
  reject: (error: Error) => void;
}

const unpack = (packed: Float64Array): Point[] => {
  const points = new Array<Point>(packed.length / 2);
  for (let i = 0; i < points.length; i++) {
    points[i] = { t: packed[2 * i] as number, v: packed[2 * i + 1] as number };
  }
  return points;
};

export function createChartReadPool(options: {
  file: string;
  size: number;
  fallback: RawM4;
  log?: { warn(msg: string): void };
}): ChartReadPool {
  const { file, fallback } = options;
  const threads = new Set<Thread>();
  const queue: Pending[] = [];
  let nextId = 0;
  let closed = false;
  const { entry, eval: isCode } = workerEntry(import.meta.url, 'chart-read-worker');

  const ready = () => [...threads].filter((t) => t.ready);
  const dispatch = () => {
    for (const thread of ready()) {
      if (queue.length === 0) return;
      if (thread.task !== null) continue;
      const pending = queue.shift() as Pending;
      thread.task = pending;
      thread.worker.postMessage(pending.task);
    }
  };
  // A task whose thread is gone is read here, as are those waiting when no thread is left.
  const readHere = (pending: Pending) => {
    const { seriesId, start, end, width } = pending.task;
    fallback(seriesId, start, end, width).then((points) => pending.resolve({ points }), pending.reject);
  };

  const startThread = () =>
    new Promise<void>((resolve) => {
      const worker = new Worker(entry, { workerData: { file }, eval: isCode });
      const thread: Thread = { worker, ready: false, task: null };
      threads.add(thread);
      worker.unref();
      worker.on('message', (reply: ChartReadReply) => {
        if (reply.id === -1) {
          thread.ready = true;
          resolve();
          dispatch();
          return;
        }
        const pending = thread.task;
        thread.task = null;
        if (pending !== null && pending.task.id === reply.id) {
          if (reply.points) pending.resolve({ points: unpack(reply.points), pointsJson: reply.pointsJson });
          else pending.reject(new Error(reply.error ?? 'chart read failed'));
        }
        dispatch();
      });
      const gone = (why: string) => {
        if (!threads.delete(thread)) return;
        resolve();
        const orphans = [
          ...(thread.task ? [thread.task] : []),
          ...(ready().length === 0 ? queue.splice(0) : []),
        ];
        thread.task = null;
        if (closed) {
          for (const pending of orphans) pending.reject(new Error('the historian has stopped'));
          return;
        }
        options.log?.warn(`historian: a chart read thread ended: ${why}`);
        for (const pending of orphans) readHere(pending);
      };
      worker.on('error', (error) => gone(String(error)));
      worker.on('exit', (code) => gone(`exit code ${code}`));
    });

  const started = Promise.all(Array.from({ length: options.size }, startThread)).then(() => {});

  return {
    get threads() {
      return ready().length;
    },
    started,
    rawM4(seriesId, start, end, width) {
      if (closed || ready().length === 0) {
        return fallback(seriesId, start, end, width).then((points) => ({ points }));
      }
      return new Promise<ReducedPoints>((resolve, reject) => {
        queue.push({ task: { id: nextId++, seriesId, start, end, width }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const all = [...threads];
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}
