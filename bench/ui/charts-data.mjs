// The chart benchmark's scene: the real server in this process, a year of one-minute history
// for 8 tank levels written by the server's own backfill generator and repositories, and chart
// configs showing them. Only the 8 PVs get history: the server's full backfill writes every PV
// of the demo plant as well (about 40 s), which the chart never reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../support.mjs';

export const PASSWORD = 'Bench-Admin-Password-1';
export const DAY_MS = 86_400_000;
// The built server, as `npm run bench` builds it; BENCH_SERVER_DIR=packages/server/src runs the
// sources instead (with `node --import tsx`).
const SERVER_DIR = path.resolve(ROOT, process.env.BENCH_SERVER_DIR ?? 'packages/server/dist');
const FROM_SOURCES = SERVER_DIR.endsWith(`${path.sep}src`);
const serverModule = (p) => import(path.join(SERVER_DIR, FROM_SOURCES ? p.replace(/\.js$/, '.ts') : p));
const coreModule = () =>
  import(path.join(ROOT, FROM_SOURCES ? 'packages/core/src/index.ts' : 'packages/core/dist/index.js'));

/** The server with its web app, listening on loopback, without the demo backfill. */
export async function startApp(webRoot) {
  const { build } = await serverModule('app.js');
  const { loadConfig } = await serverModule('config.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-charts-'));
  const config = loadConfig({
    LEITWARTE_DATA_DIR: dataDir,
    LEITWARTE_ADMIN_PASSWORD: PASSWORD,
    LEITWARTE_LOG_LEVEL: 'warn',
    LEITWARTE_BACKFILL: 'false',
  });
  const built = await build({ config, webRoot: webRoot.endsWith('/') ? webRoot : `${webRoot}/` });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    built,
    dataDir,
    async stop() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** PV configs of the tank and basin levels of the demo plant (9), in plant order. */
export function levelConfigs(plant) {
  return plant.pvConfigs().filter((c) => c.pvRef.type === 'AnaIn' && c.subtype === 'Füllstand');
}

/**
 * Writes `days` of one-minute samples (and their quarter-hour, day and month rollups) for the
 * given PVs, ending now, through the server's backfill into the server's history database; then
 * the server packs the closed days, as its historian does in the background with a history
 * that has grown day by day (`packed`: what that took).
 */
export async function writeHistory(app, configs, days) {
  const { backfillHistory } = await serverModule('plant/history/backfill.js');
  const { openHistoryDb, createHistoryRepository, createSeriesRepository } =
    await serverModule('store/historian/index.js');
  const { createLocalPeriods, archivedNumber } = await coreModule();
  const { plant, store } = app.built.services;
  const hdb = await openHistoryDb(store, app.dataDir);
  const keys = configs.map((c) => `${c.pvRef.type}-${c.pvRef.nr}`);
  let written;
  try {
    const repo = createHistoryRepository(hdb);
    written = await backfillHistory(
      {
        // Only these PVs, each at full resolution, starting from its live value.
        configs,
        seriesIds: await createSeriesRepository(hdb).ensure(keys),
        periods: createLocalPeriods(plant.info.timeZone),
        end: Date.now(),
        plan: {
          days,
          rawDaysAll: days,
          quarterHourDaysAll: days,
          fullResolutionSubtypes: [...new Set(configs.map((c) => c.subtype))],
        },
        recent: null,
        anchors: new Map(
          keys.map((key) => {
            const value = plant.values.get(key);
            return [key, value ? (archivedNumber(value) ?? 0) : 0];
          }),
        ),
      },
      { write: (batch) => repo.write(batch) },
    );
  } finally {
    await hdb.close();
  }
  return { ...written, packed: await app.built.services.historian.packSampleDays() };
}

/** Creates an archive chart of the PVs in the first Measurement directory; returns its id. */
export async function createChart(
  app,
  title,
  configs,
  timeSpan = { factor: 1, unit: 'Year' },
  source = 'Auto',
) {
  const { store, domain } = app.built.services;
  const admin = await store.users.byName('admin');
  const actor = { userId: admin.id, username: admin.username, role: admin.role };
  const [directory] = await domain.charts.directories('Measurement', actor);
  const { config } = await domain.charts.createConfig(
    {
      type: 'Measurement',
      title,
      directoryId: directory?.id ?? null,
      timeSpanFactor: timeSpan.factor,
      timeSpanUnit: timeSpan.unit,
      dataSourcePreset: source,
      series: configs.map((c) => ({ pv: c.pvRef })),
    },
    actor,
  );
  return config.id;
}

/** Parses the server's CSV export (Zeitstempel;PV;…;Wert;…) into time and value columns. */
export function parseExport(csv) {
  const t = [];
  const v = [];
  for (const line of csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(1)) {
    if (line === '') continue;
    const cells = line.split(';');
    t.push(Date.parse(cells[0]));
    v.push(Number(cells[4]));
  }
  return { t, v };
}
