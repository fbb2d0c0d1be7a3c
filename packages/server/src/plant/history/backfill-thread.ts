import { Worker } from 'node:worker_threads';
import type { PvConfig } from '@leitwarte/core';
import type { BackfillPlan, BackfillResult, RecentHistory } from './backfill.js';
import type { PackResult } from './day-packer.js';
import { workerEntry } from '../worker-entry.js';

/** What the backfill thread is given (structured-cloned; the recent columns are transferred). */
export interface BackfillThreadData {
  timeZone: string;
  db: { file: string } | { databaseUrl: string };
  configs: PvConfig[];
  seriesIds: [string, number][];
  end: number;
  plan: BackfillPlan;
  recent: RecentHistory | null;
  anchors: [string, number][];
  /** SQLite: pack the closed days once written (day-packer.ts). */
  pack: boolean;
}

/** Messages of the backfill thread. */
export type BackfillThreadMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; result: BackfillResult; packed: PackResult | null }
  | { kind: 'failed'; error: string };

export interface BackfillThread {
  /** The backfill's result and the days packed after it; rejects when the thread failed. */
  readonly done: Promise<{ result: BackfillResult; packed: PackResult | null }>;
  /** Asks the thread to stop after the batch under way; resolves once it has ended. */
  stop(): Promise<void>;
}

/**
 * Runs the backfill (and then the packing of its days) in a worker thread of its own, on a
 * connection of its own, at the lowest scheduling priority. The server's thread stays free for
 * requests and live values: measured before, generating and writing a year on it held requests
 * up for up to 365 ms at a time, and pages took many seconds to load while it ran.
 */
export function startBackfillThread(
  data: BackfillThreadData,
  onProgress?: (done: number, total: number) => void,
): BackfillThread {
  const { entry, eval: isCode } = workerEntry(import.meta.url, 'backfill-worker');
  const transfer = data.recent ? data.recent.columns.map((c) => c.buffer as ArrayBuffer) : [];
  const worker = new Worker(entry, { workerData: data, eval: isCode, transferList: transfer });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const done = new Promise<{ result: BackfillResult; packed: PackResult | null }>((resolve, reject) => {
    worker.on('message', (message: BackfillThreadMessage) => {
      if (message.kind === 'progress') onProgress?.(message.done, message.total);
      else if (message.kind === 'done') resolve({ result: message.result, packed: message.packed });
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the backfill thread ended (exit code ${code})`)));
  });
  return {
    done,
    async stop() {
      worker.postMessage({ kind: 'stop' });
      await exited;
    },
  };
}
