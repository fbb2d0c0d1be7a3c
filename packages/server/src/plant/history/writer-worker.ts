import { parentPort, workerData } from 'node:worker_threads';
import { createLocalPeriods } from '@leitwarte/core';
import {
  createHistoryRepository,
  openHistoryDbForWorker,
  type SampleRow,
} from '../../store/historian/index.js';
import { uniqueSamples, writeSampleChunks } from './ingest.js';
import type { WriterReply, WriterTask, WriterThreadData } from './writer-thread.js';

// The historian's writer thread (writer-thread.ts): writes each batch in transactions of
// `chunkSize` samples on a connection of its own, in the order the batches come.
const port = parentPort;
if (port === null) throw new Error("the historian's writer runs as a worker thread");
const data = workerData as WriterThreadData;
const hdb = openHistoryDbForWorker({ file: data.file });
const repo = createHistoryRepository(hdb);
const periods = createLocalPeriods(data.timeZone);
// Between two transactions the write lock is free for a moment, long enough for the server's
// thread (its packer, retention, a new series) to take it: SQLite's busy wait polls.
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 2));

let queue = Promise.resolve();
port.on('message', (task: WriterTask | { id: -2 }) => {
  queue = queue.then(async () => {
    if (task.id === -2) {
      await hdb.close();
      port.close();
      return;
    }
    port.postMessage(await write(task as WriterTask));
  });
});
port.postMessage({ id: -1 } satisfies WriterReply);

async function write(task: WriterTask): Promise<WriterReply> {
  const rows = new Array<SampleRow>(task.seriesIds.length);
  for (let i = 0; i < rows.length; i++) {
    rows[i] = {
      seriesId: task.seriesIds[i] as number,
      t: task.times[i] as number,
      v: task.values[i] as number,
    };
  }
  try {
    let left = uniqueSamples(rows);
    // The write lock stayed taken past the connection's busy wait (5 s): this thread may wait,
    // nothing else waits for it.
    while (left.length > 0) {
      left = await writeSampleChunks(repo, periods, left, data.chunkSize, pause);
      if (left.length > 0) await pause();
    }
    return { id: task.id, dropped: repo.sampleDays?.drainDropped() ?? [] };
  } catch (error) {
    return {
      id: task.id,
      dropped: repo.sampleDays?.drainDropped() ?? [],
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
