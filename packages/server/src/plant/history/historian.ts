import { createLocalPeriods, pvKey, type PvRef, type RollupArchive, rollupSamples } from '@leitwarte/core';
import {
  ALL_SERIES,
  createHistoryRepository,
  createSeriesRepository,
  openHistoryDb,
} from '../../store/historian/index.js';
import { isFencedOut, type Store } from '../../store/index.js';
import type { Plant } from '../plant.js';
import { DEFAULT_BACKFILL_PLAN, type BackfillResult } from './backfill.js';
import { startBackfillThread, type BackfillThread } from './backfill-thread.js';
import type { Historian, Retention } from './historian-types.js';
import { createIngestBuffer, type SampleWriterThread } from './ingest.js';
import { startWriterThread, type WriterThread } from './writer-thread.js';
import { chartData, edgeDate, exportCsv, reportData, type QueryContext } from './queries.js';
import { applyRetention } from './retention.js';
import { createChartReadPool } from './chart-read-pool.js';
import { rawM4 } from './raw-m4.js';
import { createDayPacker } from './day-packer.js';

/** Raw samples 400 days (a year plus the same month last year), quarter hours 3 years, days 10 years, months forever. */
export const DEFAULT_RETENTION: Retention = {
  MeasurementArchive: 400,
  QuarterHourValues: 3 * 366,
  DayValues: 10 * 366,
  MonthValues: null,
};

export interface HistorianDeps {
  store: Store;
  plant: Plant;
  /** Data directory: on SQLite the historian keeps history.sqlite there. */
  dataDir: string;
  now?: () => number;
  /** Buffer interval: at most this much of samples is lost on a crash. Default 1000 ms. */
  flushMs?: number;
  /** A buffer this full is written at once. Default 5000. */
  maxBuffer?: number;
  retention?: Partial<Retention>;
  /** Retention runs this often. Default one hour. */
  retentionMs?: number;
  /** PostgreSQL: where the backfill thread connects (its own small pool). */
  databaseUrl?: string | null;
  log?: { info(msg: string): void; warn(msg: string): void; error(msg: string): void };
  /**
   * SQLite: threads that reduce raw samples for charts, started by start(). Default 0: read on
   * the server's thread. Threads pay off only with a free core: with a core to spare a year of
   * 8 series read in about 80 instead of 145 ms, but sharing two cores with other work they were
   * slower than the server's thread (README: LEITWARTE_CHART_READ_THREADS).
   */
  readThreads?: number;
  /** SQLite: closed days are packed for charts this often (and at start). Default 10 minutes. */
  packMs?: number;
  /**
   * SQLite: flushes of at least this many samples are written on the historian's writer
   * thread (writer-thread.ts). Default `maxBuffer`: a plant that fills the buffer within a
   * flush interval.
   */
  writerThreadFrom?: number;
}

const ARCHIVES: readonly RollupArchive[] = ['QuarterHourValues', 'DayValues', 'MonthValues'];
/** Set once a backfill has written the whole history: a later start never generates again. */
const BACKFILL_KEY = 'historian_backfill';

/** The historian service (see the README section "Historian"). */
export async function createHistorian(deps: HistorianDeps): Promise<Historian> {
  const { store, plant } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? { info: () => {}, warn: () => {}, error: () => {} };
  const hdb = await openHistoryDb(store, deps.dataDir);
  const repo = createHistoryRepository(hdb);
  const series = createSeriesRepository(hdb, now);
  const periods = createLocalPeriods(plant.info.timeZone);
  const ctx: QueryContext = { repo, series, periods, readsBlock: hdb.sqlite !== null, readPool: null };
  const retention: Retention = { ...DEFAULT_RETENTION, ...deps.retention };
  const maxBuffer = deps.maxBuffer ?? 5000;
  const threadFrom = deps.writerThreadFrom ?? maxBuffer;
  // SQLite: a flush of a big plant is written on the writer thread, started at the first one.
  // A small plant's flush (the demo: some 500 samples) costs about a millisecond here, less
  // than handing it over, and needs no thread.
  let writerThread: WriterThread | null = null;
  const lazyWriter: SampleWriterThread | undefined =
    hdb.file === null
      ? undefined
      : {
          get alive() {
            return writerThread?.alive ?? !stopping;
          },
          write(seriesIds, times, values) {
            if (writerThread === null) {
              log.info(
                `historian: flushes of ${threadFrom} samples or more are written on the writer thread`,
              );
            }
            writerThread ??= startWriterThread(
              { file: hdb.file as string, timeZone: plant.info.timeZone, chunkSize: maxBuffer },
              (pairs) => {
                for (const [seriesId, day] of pairs) repo.sampleDays?.noteDropped(seriesId, day);
              },
              log,
            );
            return writerThread.write(seriesIds, times, values);
          },
        };
  const ingest = createIngestBuffer({
    repo,
    series,
    periods,
    maxBuffer,
    chunkSize: hdb.sqlite ? maxBuffer : undefined,
    thread: lazyWriter,
    threadFrom,
    // A batch refused by the fencing token (another process owns the field now) is dropped, not
    // retried: the field owner logs the loss once and stops this process's engines.
    onError: (error) => {
      if (!isFencedOut(error)) log.error(`historian: samples not written: ${String(error)}`);
    },
  });
  const names = (pv: PvRef) => plant.config(pvKey(pv))?.name ?? '';
  let unsubscribe: (() => void) | null = null;
  let flushTimer: ReturnType<typeof setInterval> | null = null;
  let retentionTimer: ReturnType<typeof setInterval> | null = null;
  let stopping = false;
  let backfillRun: Promise<BackfillResult | null> = Promise.resolve(null);
  let backfilling = false;
  let packTimer: ReturnType<typeof setInterval> | null = null;
  const packer =
    repo.sampleDays &&
    createDayPacker({
      days: repo.sampleDays,
      seriesIds: async () => repo.sampleDays?.seriesIds() ?? [],
      now,
    });
  const pack = async () => {
    // While the backfill thread writes, it packs what it wrote itself, after.
    if (!packer || backfilling) return { days: 0, samples: 0, ms: 0 };
    const result = await packer.run();
    if (result.days > 0) {
      log.info(
        `historian: packed ${result.days} days (${result.samples} samples) for charts in ${result.ms} ms`,
      );
    }
    return result;
  };
  const packInBackground = () =>
    void pack().catch((e: unknown) => log.warn(`historian: packing days failed: ${String(e)}`));

  let backfillThread: BackfillThread | null = null;
  const backfill: Historian['backfill'] = async (input) => {
    const plan = input.plan ?? DEFAULT_BACKFILL_PLAN;
    const configs = [...plant.pvConfigs()];
    const ids = await series.ensure(configs.map((c) => pvKey(c.pvRef)));
    log.info(`historian: backfilling ${plan.days} days of history in the background`);
    let lastLog = 0;
    const where =
      hdb.file !== null ? { file: hdb.file } : deps.databaseUrl ? { databaseUrl: deps.databaseUrl } : null;
    if (where === null) throw new Error('the historian has no database location for the backfill thread');
    backfilling = true;
    backfillThread = startBackfillThread(
      {
        timeZone: plant.info.timeZone,
        db: where,
        configs,
        seriesIds: [...ids],
        end: input.end,
        plan,
        recent: input.recent,
        anchors: [...input.anchors],
        pack: packer !== null,
      },
      (done, total) => {
        if (done === total || performance.now() - lastLog > 5000) {
          lastLog = performance.now();
          log.info(`historian: backfill ${done}/${total} PVs`);
        }
      },
    );
    backfillRun = backfillThread.done
      .finally(() => (backfilling = false))
      .then(
        async ({ result, packed }) => {
          log.info(
            `historian: backfill done: ${result.samples} samples, ${result.rollups} rollups in ${result.ms} ms` +
              (packed ? `; packed ${packed.days} days for charts in ${packed.ms} ms` : ''),
          );
          if (!stopping) await store.meta.getOrInsert(BACKFILL_KEY, () => String(input.end));
          return result;
        },
        (error: unknown) => {
          if (!stopping) log.error(`historian: backfill failed: ${String(error)}`);
          return null;
        },
      );
    return backfillRun;
  };

  const historian: Historian = {
    async start() {
      if (unsubscribe) return;
      const live = plant.values.onChange((values) => ingest.add(values));
      // A device's buffered values land at their own times (the day packer redoes a packed day).
      const late = plant.values.onArchive((values) => ingest.add(values));
      unsubscribe = () => {
        live();
        late();
      };
      flushTimer = setInterval(() => void ingest.flush(), deps.flushMs ?? 1000);
      flushTimer.unref();
      retentionTimer = setInterval(
        () => void historian.applyRetention().catch((e: unknown) => log.warn(String(e))),
        deps.retentionMs ?? 3600_000,
      );
      retentionTimer.unref();
      const threads = deps.readThreads ?? 0;
      if (hdb.file !== null && threads > 0) {
        // Not awaited: until a thread is ready, charts read on this thread.
        ctx.readPool = createChartReadPool({
          file: hdb.file,
          size: threads,
          fallback: (id, from, to, width) => rawM4(repo, id, from, to, width),
          log,
        });
      }
      if (packer) {
        packTimer = setInterval(packInBackground, deps.packMs ?? 600_000);
        packTimer.unref();
      }
      // What the history holds is packed in the background; a backfill packs what it writes.
      if (packer) void backfillRun.then(packInBackground);
    },
    async stop() {
      stopping = true;
      unsubscribe?.();
      ingest.closeGaps(now());
      unsubscribe = null;
      if (flushTimer) clearInterval(flushTimer);
      if (retentionTimer) clearInterval(retentionTimer);
      if (packTimer) clearInterval(packTimer);
      await backfillThread?.stop();
      await backfillRun;
      await packer?.stop();
      await ctx.readPool?.close();
      ctx.readPool = null;
      await ingest.flush();
      await writerThread?.close();
      await hdb.close();
    },
    flush: () => ingest.flush(),
    chartData: (query) => chartData(ctx, query, query.reduce ?? true),
    edgeDate: (pvs, source, edge) => edgeDate(ctx, pvs, source, edge),
    exportCsv: (query, nameOf) => exportCsv(ctx, query, nameOf ?? names),
    reportData: (pvs, range) => reportData(ctx, pvs, range),
    async rebuildRollups(from, to, pvs) {
      const keys = (pvs ?? plant.pvConfigs().map((c) => c.pvRef)).map(pvKey);
      const ids = await series.find(keys);
      for (const id of ids.values()) {
        for (const archive of ARCHIVES) {
          // Whole periods only: a rebuilt period holds all its samples.
          const a = periods.periodStart(archive, from);
          const b = periods.periodStart(archive, to - 1);
          const end = periods.nextPeriod(archive, b);
          const samples: { t: number; v: number }[] = [];
          await repo.scanSamples(id, a, end, (t, v) => samples.push({ t, v }));
          await repo.replaceRollups(
            archive,
            id,
            a,
            end,
            rollupSamples(samples, (t) => periods.periodStart(archive, t)),
          );
        }
      }
    },
    applyRetention: () => applyRetention(repo, series, plant, retention, now()),
    backfill,
    backfillDone: () => backfillRun,
    recordGap: (from, to) => repo.addGaps([{ seriesId: ALL_SERIES, from, to }]),
    async hasHistory() {
      if ((await store.meta.get(BACKFILL_KEY)) !== undefined) return true;
      const ids = [...(await series.find(plant.pvConfigs().map((c) => pvKey(c.pvRef)))).values()];
      return (await repo.edgeTime('MeasurementArchive', ids, 'last')) !== null;
    },
    async lastSamples() {
      const ids = await series.find(plant.pvConfigs().map((c) => pvKey(c.pvRef)));
      const out = new Map<string, { t: number; v: number }>();
      for (const [key, id] of ids) {
        const last = await repo.lastSample(id);
        if (last !== null) out.set(key, last);
      }
      return out;
    },
    packSampleDays: pack,
    async readThreadsReady() {
      await ctx.readPool?.started;
      return ctx.readPool?.threads ?? 0;
    },
    get buffered() {
      return ingest.buffered;
    },
  };
  return historian;
}
