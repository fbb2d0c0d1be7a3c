import {
  archivedNumber,
  createLocalPeriods,
  type ChartConfig,
  type ProcessValue,
  type ChartSeriesFields,
  type PvRef,
} from '@leitwarte/core';
import { backfillHistory } from '../../packages/server/src/plant/history/backfill';
import {
  createHistoryRepository,
  createSeriesRepository,
  openHistoryDb,
} from '../../packages/server/src/store/historian/index';
import type { TestServer } from '../../packages/server/src/test-support/test-server';

const archivedOf = (value: ProcessValue | undefined) => (value ? (archivedNumber(value) ?? 0) : 0);

/**
 * Writes `days` of one-minute history (samples and rollups) ending now for some PVs, with the
 * server's own backfill generator, into the running server's history database. A few days of a
 * few PVs take well under a second; the full demo backfill would take most of a minute.
 */
export async function writeChartHistory(
  server: TestServer,
  pvs: readonly PvRef[],
  days: number,
): Promise<void> {
  const { plant, store } = server.services;
  const configs = pvs.map((pv) => {
    const config = plant.config(`${pv.type}-${pv.nr}`);
    if (config === undefined) throw new Error(`no PV ${pv.type}-${pv.nr}`);
    return config;
  });
  const keys = pvs.map((pv) => `${pv.type}-${pv.nr}`);
  const hdb = await openHistoryDb(store, server.config.dataDir);
  try {
    const repo = createHistoryRepository(hdb);
    await backfillHistory(
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
        anchors: new Map(keys.map((key) => [key, archivedOf(plant.values.get(key))])),
      },
      { write: (batch) => repo.write(batch) },
    );
  } finally {
    await hdb.close();
  }
}

/** The tank and basin levels of the demo plant. */
export function levelPvs(server: TestServer): PvRef[] {
  return server.services.plant
    .pvConfigs()
    .filter((c) => c.pvRef.type === 'AnaIn' && c.subtype === 'Füllstand')
    .map((c) => c.pvRef);
}

/** Creates a chart in the first directory of its type as the administrator; returns its config. */
export async function createChart(
  server: TestServer,
  chart: {
    type: ChartConfig['type'];
    title: string;
    timeSpanFactor?: number;
    timeSpanUnit?: ChartConfig['timeSpanUnit'];
    series: (Partial<ChartSeriesFields> & { pv: PvRef })[];
  },
): Promise<ChartConfig> {
  const { store, domain } = server.services;
  const admin = await store.users.byName('admin');
  if (admin === undefined) throw new Error('no admin');
  const actor = { userId: admin.id, username: admin.username, role: admin.role };
  const [directory] = await domain.charts.directories(chart.type, actor);
  const { config } = await domain.charts.createConfig(
    { ...chart, directoryId: directory?.id ?? null },
    actor,
  );
  return config;
}
