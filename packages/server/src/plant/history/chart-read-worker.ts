import { parentPort, workerData } from 'node:worker_threads';
import { createSqliteChartReads, openHistoryFileReadOnly } from '../../store/historian/index.js';
import { rawM4 } from './raw-m4.js';
import type { ChartReadReply, ChartReadTask } from './chart-read-pool.js';

// A read thread of the chart read pool: the M4 of raw samples on a read-only connection of its own.
const port = parentPort;
if (port === null) throw new Error('the chart read thread runs as a worker thread');
const raw = openHistoryFileReadOnly((workerData as { file: string }).file);
const reads = createSqliteChartReads(raw);
const begin = raw.prepare('begin');
const commit = raw.prepare('commit');

port.on('message', (task: ChartReadTask) => {
  void read(task).then((reply) => {
    if (reply.points) port.postMessage(reply, [reply.points.buffer]);
    else port.postMessage(reply);
  });
});
port.postMessage({ id: -1 } satisfies ChartReadReply);

async function read(task: ChartReadTask): Promise<ChartReadReply> {
  // One read transaction: all statements of a series see the same commit. rawM4 awaits only
  // settled promises, so no other task runs in between.
  begin.run();
  try {
    const points = await rawM4(reads, task.seriesId, task.start, task.end, task.width);
    const packed = new Float64Array(2 * points.length);
    for (let i = 0; i < points.length; i++) {
      const p = points[i] as { t: number; v: number };
      packed[2 * i] = p.t;
      packed[2 * i + 1] = p.v;
    }
    const pointsJson = JSON.stringify(points.map((p) => ({ timestamp: p.t, value: p.v })));
    return { id: task.id, points: packed, pointsJson };
  } catch (error) {
    return { id: task.id, error: error instanceof Error ? error.message : String(error) };
  } finally {
    commit.run();
  }
}
