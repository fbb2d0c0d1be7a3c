import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-entry.js';
import type { SampleWriterThread } from './ingest.js';

/** What the writer thread is given at start. */
export interface WriterThreadData {
  /** The historian's SQLite file (migrated by openHistoryDb before). */
  file: string;
  timeZone: string;
  /** Samples per transaction. */
  chunkSize: number;
}

/** A batch to write: columns of equal length, transferred (not copied) to the thread. */
export interface WriterTask {
  id: number;
  seriesIds: Int32Array;
  times: Float64Array;
  values: Float64Array;
}

/**
 * The thread's answer to a task (id −1: ready): the packed days its writes dropped, as series
 * id, day pairs, to be packed again by the server thread's packer, or the error that ended
 * the write.
 */
export interface WriterReply {
  id: number;
  dropped?: [number, number][];
  error?: string;
}

export interface WriterThread extends SampleWriterThread {
  /** False once the thread has ended: the historian writes on its own thread again. */
  readonly alive: boolean;
  /** Ends the thread after the writes under way. */
  close(): Promise<void>;
}

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The historian's SQLite writer on a thread of its own, on a connection of its own. A plant of
 * 100,000 PVs brings 100,000 samples a second, and writing them with their rollups took 450 to
 * 700 ms of every second on the server's thread (measured with a CPU profile), which every
 * request and live message then waited behind. Here the server's thread only hands over the
 * three columns. `onDropped` receives the packed days the thread's writes dropped.
 */
export function startWriterThread(
  data: WriterThreadData,
  onDropped: (pairs: readonly [number, number][]) => void,
  log?: { error(msg: string): void },
): WriterThread {
  const { entry, eval: isCode } = workerEntry(import.meta.url, 'writer-worker');
  const worker = new Worker(entry, { workerData: data, eval: isCode });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let alive = true;
  let closing = false;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: WriterReply) => {
      if (reply.id === -1) return resolve();
      const task = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.dropped && reply.dropped.length > 0) onDropped(reply.dropped);
      if (reply.error === undefined) task?.resolve();
      else task?.reject(new Error(reply.error));
    });
    const gone = (why: string) => {
      if (!alive) return;
      alive = false;
      const error = new Error(`the historian's writer thread ended: ${why}`);
      if (!closing) log?.error(error.message);
      reject(error);
      for (const task of pending.values()) task.reject(error);
      pending.clear();
    };
    worker.on('error', (error) => gone(String(error)));
    worker.on('exit', (code) => gone(`exit code ${code}`));
  });
  ready.catch(() => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  return {
    get alive() {
      return alive;
    },
    async write(seriesIds, times, values) {
      await ready;
      const id = nextId++;
      const done = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
      const task: WriterTask = { id, seriesIds, times, values };
      worker.postMessage(task, [seriesIds.buffer, times.buffer, values.buffer] as ArrayBuffer[]);
      return done;
    },
    async close() {
      closing = true;
      if (!alive) return;
      // Tasks are answered in order: the stop message comes after every write handed over.
      worker.postMessage({ id: -2 });
      await exited;
    },
  };
}
