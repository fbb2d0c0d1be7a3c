import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChartConfig,
  deleteChartConfig,
  getChartConfig,
  getChartSeries,
  updateChartConfig,
} from '../../packages/web/src/api/charts';
import { openApiSession, type ApiSession } from './support/api-session';

const LEVEL = { type: 'AnaIn', nr: 200010 } as const;
const OUTFLOW = { type: 'AnaIn', nr: 200060 } as const;

// The chart config writes of the web client (screens §3, edited where currentUserCanEdit) against the real server.
describe('chart config calls', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
    await session.asAdmin();
  });
  afterAll(() => session.close());

  it('creates, replaces and deletes a chart', async () => {
    const created = await createChartConfig({
      type: 'Measurement',
      title: 'Lindenberg',
      series: [{ pv: LEVEL, yminOrNoneCase: 'Set', axisYMin: 4, ymaxOrNoneCase: 'Set', axisYMax: 0 }],
    });
    if (created.status !== 'Success') throw new Error(created.errorMessage);
    const { config, series } = created;
    expect(config).toMatchObject({ title: 'Lindenberg', currentUserCanEdit: true });
    expect(series[0]).toMatchObject({ pv: LEVEL, axisYMin: 0, axisYMax: 4 });

    const { id: _id, type: _type, directoryId: _dir, currentUserCanEdit: _edit, ...fields } = config;
    const updated = await updateChartConfig(config.id, {
      ...fields,
      title: 'Lindenberg Abgabe',
      series: [
        { id: series[0]!.id, pv: LEVEL },
        { pv: OUTFLOW, seriesViewType: 'StepLine' },
      ],
    });
    if (updated.status !== 'Success') throw new Error(updated.errorMessage);
    expect(updated.config.title).toBe('Lindenberg Abgabe');
    expect(updated.series.map((s) => [s.pv, s.seriesViewType])).toEqual([
      [LEVEL, 'Line'],
      [OUTFLOW, 'StepLine'],
    ]);
    expect(await getChartSeries(config.id)).toEqual(updated.series);

    expect(await deleteChartConfig(config.id)).toEqual({
      status: 'Success',
      errorMessage: '',
      deletedId: config.id,
    });
    await expect(getChartConfig(config.id)).rejects.toMatchObject({ status: 404 });
  });

  it('returns the error text of refused writes', async () => {
    const empty = await createChartConfig({ type: 'Measurement', title: '  ' });
    expect(empty).toEqual({ status: 'Failed', errorMessage: 'title: title cannot be empty' });
    const created = await createChartConfig({ type: 'LiveMeasurement', title: 'Prüfling' });
    if (created.status !== 'Success') throw new Error(created.errorMessage);
    const { id: _id, type: _type, directoryId: _dir, currentUserCanEdit: _edit, ...fields } = created.config;
    const badBase = await updateChartConfig(created.config.id, {
      ...fields,
      series: [{ pv: LEVEL, axisYIsLogarithmic: true, axisYLogarithmicBase: 1 }],
    });
    expect(badBase.status).toBe('Failed');
    if (badBase.status === 'Failed') expect(badBase.errorMessage).toContain('series[0].axisYLogarithmicBase');
    expect((await updateChartConfig(99_999, { ...fields, series: [] })).status).toBe('Failed');
    expect((await deleteChartConfig(99_999)).status).toBe('Failed');

    await session.as('chart-viewer', 'viewer');
    const insufficient = { status: 'Failed', errorMessage: 'Unzureichende Rechte für diese Operation.' };
    expect(await createChartConfig({ type: 'Measurement', title: 'x' })).toEqual(insufficient);
    expect(await updateChartConfig(created.config.id, { ...fields, series: [] })).toEqual(insufficient);
    expect(await deleteChartConfig(created.config.id)).toEqual(insufficient);
    await session.asAdmin();
    expect((await deleteChartConfig(created.config.id)).status).toBe('Success');
  });

  it('gives the network error text offline', async () => {
    session.offline();
    try {
      const failed = { status: 'Failed', errorMessage: 'Netzwerkfehler' };
      expect(await createChartConfig({ type: 'Measurement', title: 'x' })).toEqual(failed);
      expect(await deleteChartConfig(1)).toEqual(failed);
    } finally {
      session.online();
    }
  });
});
