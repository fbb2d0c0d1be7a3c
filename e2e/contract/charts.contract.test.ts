import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnnotation,
  deleteAnnotations,
  exportChartData,
  getAnnotationCharts,
  getAnnotations,
  getAutoChartColumns,
  getAutoChartData,
  getChartColumns,
  getChartConfig,
  getChartData,
  getChartDirectories,
  getChartEdgeDate,
  getChartSeries,
  getPvsEdgeDate,
  updateAnnotation,
} from '../../packages/web/src/api/charts';
import { ApiError, NetworkError } from '../../packages/web/src/api/http';
import {
  createHistoryRepository,
  createSeriesRepository,
  openHistoryDb,
} from '../../packages/server/src/store/historian/index';
import { openApiSession, type ApiSession } from './support/api-session';

const LEVEL = { type: 'AnaIn', nr: 200010 } as const;
const HOUR = 3_600_000;

// The chart calls of calls §7 against the real server: success and failure of every client method.
describe('chart calls', () => {
  let session: ApiSession;
  let chartId: number;
  const now = Date.now();

  beforeAll(async () => {
    session = await openApiSession();
    await session.asAdmin();
    const tree = await getChartDirectories('Measurement');
    chartId = tree[0]!.configList.find((c) => c.title.startsWith('Hochbehälter Lindenberg'))!.id;
    // An hour of archived samples of the chart's PVs, as the historian's ingest writes them.
    const { store, historian } = session.server.services;
    const hdb = await openHistoryDb(store, session.server.config.dataDir);
    try {
      const keys = ['AnaIn-200010', 'AnaIn-200060'];
      const ids = await createSeriesRepository(hdb).ensure(keys);
      const samples = keys.flatMap((key, k) =>
        Array.from({ length: 60 }, (_, m) => ({
          seriesId: ids.get(key)!,
          t: now - HOUR + m * 60_000,
          v: k + m / 10,
        })),
      );
      await createHistoryRepository(hdb).write({ samples, merge: {} });
    } finally {
      await hdb.close();
    }
    await historian.rebuildRollups(now - HOUR, now, [LEVEL, { type: 'AnaIn', nr: 200060 }]);
  });
  afterAll(() => session.close());

  it('reads the directory tree, a config and its series', async () => {
    const tree = await getChartDirectories('LiveMeasurement');
    expect(tree[0]!.type).toBe('LiveMeasurement');
    const config = await getChartConfig(chartId);
    expect(config.currentUserCanEdit).toBe(true);
    const series = await getChartSeries(chartId);
    expect(series[0]!.pv).toEqual(LEVEL);
    await expect(getChartConfig(99_999)).rejects.toMatchObject({ status: 404 });
    await expect(getChartSeries(99_999)).rejects.toBeInstanceOf(ApiError);
    await expect(getChartDirectories('Unsinn' as 'Measurement')).rejects.toMatchObject({ status: 400 });
  });

  it('creates, reads, updates and deletes annotations', async () => {
    const created = await createAnnotation({ timestamp: now - HOUR, pv: LEVEL, text: 'Spülung' });
    if (created.status !== 'Success') throw new Error(created.errorMessage);
    const id = created.annotation.id;
    expect((await getAnnotations({ pvs: [LEVEL] })).map((a) => a.id)).toEqual([id]);
    expect((await getAnnotations({ start: now - 2 * HOUR, end: now })).map((a) => a.id)).toEqual([id]);
    const updated = await updateAnnotation({ id, text: 'Spülung beendet' });
    expect(updated).toMatchObject({ status: 'Success', annotation: { id, text: 'Spülung beendet' } });
    expect((await getAnnotationCharts(id)).map((c) => c.id)).toContain(chartId);
    expect(await deleteAnnotations([id])).toEqual({ status: 'Success', errorMessage: '', deletedIds: [id] });
    await expect(getAnnotationCharts(id)).rejects.toMatchObject({ status: 404 });
    await expect(getAnnotations({ start: now, end: now - 1 })).rejects.toMatchObject({ status: 400 });
  });

  it('returns the error text of refused annotation writes', async () => {
    const empty = await createAnnotation({ timestamp: now, pv: LEVEL, text: '   ' });
    expect(empty.status).toBe('Failed');
    expect(empty.errorMessage).toContain('text cannot be empty');
    const unsaved = await updateAnnotation({ text: 'neu' });
    expect(unsaved).toEqual({
      status: 'Failed',
      errorMessage: 'id: cannot update unsaved update annotation',
    });
    expect(await updateAnnotation({ id: 424_242, text: 'x' })).toMatchObject({ status: 'Failed' });
    await session.as('chart-viewer', 'viewer');
    expect(await createAnnotation({ timestamp: now, pv: LEVEL, text: 'x' })).toEqual({
      status: 'Failed',
      errorMessage: 'Unzureichende Rechte für diese Operation.',
    });
    expect((await deleteAnnotations([1])).status).toBe('Failed');
    await session.asAdmin();
  });

  it('reads chart data, automatic trend lines and first/last dates', async () => {
    const range = { startDate: now - HOUR, endDate: now + 60_000, source: 'MeasurementArchive' as const };
    const data = await getChartData(chartId, { ...range, width: 300 });
    expect(data.series.map((s) => s.pv)).toEqual([LEVEL, { type: 'AnaIn', nr: 200060 }]);
    expect(data.series[0]!.dataPoints.length).toBeGreaterThan(0);
    const auto = await getAutoChartData([{ pv: LEVEL }], range);
    expect(auto.series[0]!.pv).toEqual(LEVEL);
    // Unreduced: every one of the hour's 60 samples, though a width of 5 keeps at most 20.
    const raw = await getChartData(chartId, { ...range, width: 5, reduce: false });
    expect(raw.series[0]!.dataPoints.slice(0, 60).map((p) => p.value)).toEqual(
      Array.from({ length: 60 }, (_, m) => m / 10),
    );
    const rawAuto = await getAutoChartData([{ pv: LEVEL }], { ...range, width: 5, reduce: false });
    expect(rawAuto.series[0]!.dataPoints.length).toBeGreaterThanOrEqual(60);
    expect(
      (await getChartData(chartId, { ...range, width: 5 })).series[0]!.dataPoints.length,
    ).toBeLessThanOrEqual(20);
    expect((await getChartEdgeDate(chartId, 'first', 'MeasurementArchive')).timestamp).toBeGreaterThan(0);
    expect((await getChartEdgeDate(chartId, 'last')).timestamp).toBeGreaterThan(0);
    expect((await getPvsEdgeDate([LEVEL], 'first', 'MeasurementArchive')).timestamp).toBeGreaterThan(0);
    expect(await getPvsEdgeDate([{ type: 'AnaIn', nr: 999_999 }], 'last')).toEqual({ timestamp: 0 });
    await expect(getChartData(chartId, { startDate: now, endDate: now - 1 })).rejects.toMatchObject({
      status: 400,
    });
    await expect(getChartEdgeDate(99_999, 'first')).rejects.toMatchObject({ status: 404 });
  });

  it('reads chart data as columns, the same as the JSON', async () => {
    const range = { startDate: now - HOUR, endDate: now + 60_000, source: 'MeasurementArchive' as const };
    const columns = await getChartColumns(chartId, { ...range, width: 300 });
    const json = await getChartData(chartId, { ...range, width: 300 });
    expect(columns.series.map((s) => s.pv)).toEqual(json.series.map((s) => s.pv));
    expect(columns.series[0]!.t).toEqual(json.series[0]!.dataPoints.map((p) => p.timestamp));
    expect(columns.series[0]!.v).toEqual(json.series[0]!.dataPoints.map((p) => p.value));
    expect(columns.series[0]!.v.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, m) => m / 10));
    const auto = await getAutoChartColumns([{ pv: LEVEL, measurementType: 'Maxwert' }], range);
    expect(auto.series[0]).toMatchObject({ pv: LEVEL, measurementType: 'Maxwert' });
    await expect(getChartColumns(chartId, { startDate: now, endDate: now - 1 })).rejects.toMatchObject({
      status: 400,
    });
    await expect(getChartColumns(99_999, range)).rejects.toMatchObject({ status: 404 });
  });

  it('exports a file named by content-disposition, or says why not', async () => {
    const file = await exportChartData({ chartId, startDate: now - HOUR, endDate: now + 60_000 });
    if (file.status !== 'Success') throw new Error(file.errorMessage);
    expect(file.fileName).toMatch(
      new RegExp(`^Diagramm-${chartId}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    expect((await file.blob.text()).split('\r\n')[0]).toContain('Zeitstempel;PV;Name;Messart;Wert;Quelle');
    const refused = await exportChartData({ chartId, startDate: now, endDate: now - 1 });
    expect(refused.status).toBe('Failed');
    if (refused.status === 'Failed') expect(refused.errorMessage).toContain('endDate after startDate');
  });

  it('gives the network error text offline and throws NetworkError for reads', async () => {
    session.offline();
    try {
      const failed = { status: 'Failed', errorMessage: 'Netzwerkfehler' };
      expect(await createAnnotation({ timestamp: now, pv: LEVEL, text: 'x' })).toEqual(failed);
      expect(await updateAnnotation({ id: 1, text: 'x' })).toEqual(failed);
      expect(await deleteAnnotations([1])).toEqual(failed);
      expect(await exportChartData({ chartId, startDate: 0, endDate: 1 })).toEqual(failed);
      await expect(getChartDirectories('Measurement')).rejects.toBeInstanceOf(NetworkError);
      await expect(getChartData(chartId, { startDate: 0, endDate: 1 })).rejects.toBeInstanceOf(NetworkError);
    } finally {
      session.online();
    }
  });
});
