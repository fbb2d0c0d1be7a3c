import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import {
  createAnnotationService,
  type AnnotationChange,
  type AnnotationService,
} from './annotation-service.js';
import { createChartService } from './chart-service.js';

const T0 = Date.UTC(2025, 5, 10, 8);
const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const plant = createPlant({
  definition,
  source: createSimulator(definition, { seed: 1, rates: QUIET_RATES, now: () => T0, autoTick: false }),
});
const actor = { userId: 7, username: 'schulz', role: 'operator' };
const level = { type: 'AnaIn' as const, nr: 900010 };

describe.each(BOTH_DIALECTS)('annotations on %s (screens §3 "Annotation", §4, §5)', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let annotations: AnnotationService;
  const changes: AnnotationChange[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    annotations = createAnnotationService({ store, plant, now: () => T0 });
    annotations.onAnnotationChange((c) => changes.push(c));
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('creates annotations with defaults, audits them and announces them', async () => {
    const a = await annotations.create(
      { timestamp: T0 - 3_600_000, pv: level, text: ' Becken gereinigt ' },
      actor,
    );
    expect(a).toMatchObject({
      id: expect.any(Number),
      text: 'Becken gereinigt',
      dataSource: 'MeasurementArchive',
      visible: true,
      showInDayReport: false,
    });
    await annotations.create(
      { timestamp: T0, pv: { type: 'AnaIn', nr: 200010 }, text: 'Sonde getauscht', showInMonthReport: true },
      actor,
    );
    expect(changes.map((c) => c.kind)).toEqual(['created', 'created']);
    const [row] = await store.audit.range(0, T0, 1);
    expect(row).toMatchObject({
      action: 'annotation.create',
      username: 'schulz',
      object: expect.stringMatching(/^annotation:\d+$/),
    });
  });

  it("refuses an empty text ('text cannot be empty'), an invalid time and an unknown PV, storing nothing", async () => {
    await expect(annotations.create({ timestamp: T0, pv: level, text: '  ' }, actor)).rejects.toThrow(
      'text: text cannot be empty',
    );
    await expect(annotations.create({ timestamp: -5, pv: level, text: 'x' }, actor)).rejects.toMatchObject({
      issues: [{ field: 'timestamp' }],
    });
    await expect(
      annotations.create({ timestamp: T0, pv: { type: 'AnaIn', nr: 999999 }, text: 'x' }, actor),
    ).rejects.toThrow(/unknown PV/);
    expect(await annotations.list({})).toHaveLength(2);
  });

  it('lists by range and/or PV', async () => {
    expect((await annotations.list({ start: T0 - 10, end: T0 + 10 })).map((a) => a.text)).toEqual([
      'Sonde getauscht',
    ]);
    expect((await annotations.list({ pvs: [level] })).map((a) => a.text)).toEqual(['Becken gereinigt']);
    expect(await annotations.list({ pvs: [level], start: T0 - 10 })).toEqual([]);
    expect(await annotations.list({ pvs: [] })).toEqual([]);
    const byPv = await annotations.listByPv({
      pvs: [level, { type: 'AnaIn', nr: 200010 }, { type: 'AnaIn', nr: 100010 }],
    });
    expect([...byPv].map(([key, list]) => [key, list.map((a) => a.text)])).toEqual([
      ['AnaIn-900010', ['Becken gereinigt']],
      ['AnaIn-200010', ['Sonde getauscht']],
      ['AnaIn-100010', []],
    ]);
    expect(
      [...(await annotations.listByPv({ pvs: [level], start: T0 - 10 }))].map(([k, l]) => [k, l.length]),
    ).toEqual([['AnaIn-900010', 0]]);
    await expect(annotations.listByPv({ pvs: [level], start: 10, end: 5 })).rejects.toMatchObject({
      code: 'invalid',
    });
    await expect(annotations.list({ start: 10, end: 5 })).rejects.toMatchObject({ code: 'invalid' });
  });

  it('patches only the fields given, refuses unsaved (no id) and unknown annotations', async () => {
    const [a] = await annotations.list({ pvs: [level] });
    const updated = await annotations.update(
      { id: a!.id, text: 'Becken gereinigt und gespült', visible: false },
      actor,
    );
    expect(updated).toMatchObject({
      id: a!.id,
      text: 'Becken gereinigt und gespült',
      visible: false,
      timestamp: a!.timestamp,
    });
    expect(changes.at(-1)).toMatchObject({ kind: 'updated', annotations: [{ id: a!.id }] });
    await expect(annotations.update({ text: 'x' }, actor)).rejects.toThrow(
      'cannot update unsaved update annotation',
    );
    await expect(annotations.update({ id: 999999, text: 'x' }, actor)).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(annotations.update({ id: a!.id, text: '' }, actor)).rejects.toThrow('text cannot be empty');
    expect((await annotations.list({ pvs: [level] }))[0]?.text).toBe('Becken gereinigt und gespült');
    const [row] = await store.audit.range(0, T0, 1);
    expect(row).toMatchObject({ action: 'annotation.update' });
    expect(JSON.parse(row!.old_value!)).toMatchObject({ text: 'Becken gereinigt', visible: true });
  });

  it('tells which charts an annotation belongs to: those with a series of its PV', async () => {
    const charts = createChartService({ store, plant, now: () => T0 });
    const withPv = await charts.createConfig(
      { type: 'Measurement', title: 'RÜB', series: [{ pv: level }] },
      actor,
    );
    await charts.createConfig(
      { type: 'Measurement', title: 'Anderes', series: [{ pv: { type: 'AnaIn', nr: 100010 } }] },
      actor,
    );
    const live = await charts.createConfig(
      {
        type: 'LiveMeasurement',
        title: 'RÜB live',
        series: [{ pv: { type: 'AnaIn', nr: 100010 } }, { pv: level }],
      },
      actor,
    );
    const [a] = await annotations.list({ pvs: [level] });
    const found = await annotations.charts(a!.id);
    expect(found?.map((c) => c.id)).toEqual([withPv.config.id, live.config.id]);
    expect(await annotations.charts(999999)).toBeUndefined();
  });

  it('deletes many at once, returning the ids that existed, one audit row each', async () => {
    const all = await annotations.list({});
    const deleted = await annotations.delete([...all.map((a) => a.id), 999999], actor);
    expect(deleted).toEqual(all.map((a) => a.id));
    expect(await annotations.list({})).toEqual([]);
    expect(changes.at(-1)).toMatchObject({ kind: 'deleted', annotations: all });
    const rows = await store.audit.range(0, T0, 2);
    expect(rows.map((r) => r.action)).toEqual(['annotation.delete', 'annotation.delete']);
    await expect(annotations.delete(['x' as unknown as number], actor)).rejects.toMatchObject({
      code: 'invalid',
    });
    expect(await annotations.delete([], actor)).toEqual([]);
  });
});
