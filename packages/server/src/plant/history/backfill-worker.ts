import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createLocalPeriods } from '@leitwarte/core';
import { createHistoryRepository, openHistoryDbForWorker } from '../../store/historian/index.js';
import { backfillHistory } from './backfill.js';
import type { BackfillThreadData, BackfillThreadMessage } from './backfill-thread.js';
import { createDayPacker } from './day-packer.js';

// The backfill thread (backfill-thread.ts): writes the generated history in small transactions
// on a connection of its own, then packs the days it wrote.
const port = parentPort;
if (port === null) throw new Error('the backfill runs as a worker thread');
const data = workerData as BackfillThreadData;
const send = (message: BackfillThreadMessage) => port.postMessage(message);
let stopping = false;
let packer: ReturnType<typeof createDayPacker> | null = null;
port.on('message', (message: { kind: string }) => {
  if (message.kind !== 'stop') return;
  stopping = true;
  void packer?.stop();
});

try {
  // On Linux a thread has a nice value of its own (0 here: this thread): the scheduler gives
  // the server's thread the core first. Where that is not allowed the thread runs at normal priority.
  os.setPriority(0, os.constants.priority.PRIORITY_LOW);
} catch {
  // not permitted: nothing to do
}

const hdb = openHistoryDbForWorker(data.db);
const repo = createHistoryRepository(hdb);
// Between batches the write lock is free for a moment, long enough for the server's thread to
// take it for its flush (SQLite's busy wait polls); a stop message gets its turn too.
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 4));

try {
  const result = await backfillHistory(
    {
      configs: data.configs,
      seriesIds: new Map(data.seriesIds),
      periods: createLocalPeriods(data.timeZone),
      end: data.end,
      plan: data.plan,
      recent: data.recent,
      anchors: new Map(data.anchors),
    },
    {
      async write(batch) {
        await repo.write(batch);
        await pause();
      },
      aborted: () => stopping,
      onProgress: (done, total) => send({ kind: 'progress', done, total }),
    },
  );
  let packed = null;
  if (data.pack && repo.sampleDays && !stopping) {
    const days = repo.sampleDays;
    packer = createDayPacker({ days, seriesIds: async () => days.seriesIds(), now: () => data.end });
    packed = await packer.run();
  }
  send({ kind: 'done', result, packed });
} catch (error) {
  send({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
} finally {
  await hdb.close();
  port.close();
}
