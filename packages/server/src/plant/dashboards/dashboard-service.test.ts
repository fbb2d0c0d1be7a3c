import { DASHBOARD_LAYOUTS, SINGLE_VALUE_STYLES, WIDGET_KINDS } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import {
  ChartsContentSchema,
  contentPath,
  createChartService,
  readContentFile,
  resolveChartsContent,
} from '../charts/index.js';
import { checkContent } from '../charts/content-file.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { DashboardsContentSchema, resolveDashboardsContent } from './dashboards-content.js';
import { createDashboardService, type DashboardService, type NoteUpdate } from './dashboard-service.js';

const T0 = Date.UTC(2025, 5, 10, 8);
const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const plant = createPlant({
  definition,
  source: createSimulator(definition, { seed: 1, rates: QUIET_RATES, now: () => T0, autoTick: false }),
});
const actor = { userId: 3, username: 'wagner', role: 'operator' };
const demo = readContentFile(contentPath(DEMO_PLANT_PATH, 'dashboards.json'), DashboardsContentSchema);

describe('dashboards content file', () => {
  it('refuses unknown PVs, non-web URLs and bad kinds, naming the field', () => {
    const copy = () =>
      structuredClone(demo) as typeof demo & { dashboards: { widgets: Record<string, unknown>[] }[] };
    const pv = copy();
    pv.dashboards[0]!.widgets[0]!.pv = 'AnaIn-999999';
    expect(() => resolveDashboardsContent(pv, plant)).toThrow(
      'dashboards[0].widgets[0].pv: unknown PV AnaIn-999999',
    );
    const url = copy();
    const browser = url.dashboards[1]!.widgets.find((w) => w.kind === 'Browser')!;
    browser.url = 'file:///c:/radar.html';
    expect(() => resolveDashboardsContent(url, plant)).toThrow(
      /widgets\[7\]\.url: only web URLs are supported/,
    );
    const style = copy();
    style.dashboards[0]!.widgets[0]!.style = 'Tacho';
    expect(() => checkContent(style, DashboardsContentSchema)).toThrow(/dashboards\[0\]\.widgets\[0\]/);
  });

  it('takes the map types None and Unspecified from the file; an unknown map type names the field', () => {
    const withMapType = (mapType: string) => {
      const content = structuredClone(demo) as typeof demo & {
        dashboards: { widgets: Record<string, unknown>[] }[];
      };
      const index = content.dashboards[0]!.widgets.findIndex((w) => w.kind === 'GoogleMaps');
      content.dashboards[0]!.widgets[index]!.mapType = mapType;
      return { content, index };
    };
    for (const mapType of ['None', 'Unspecified']) {
      const { content, index } = withMapType(mapType);
      expect(() => checkContent(content, DashboardsContentSchema)).not.toThrow();
      const [overview] = resolveDashboardsContent(content, plant);
      expect(overview!.widgets[index]).toMatchObject({ kind: 'GoogleMaps', settings: { mapType } });
    }
    const { content, index } = withMapType('Street');
    expect(() => checkContent(content, DashboardsContentSchema)).toThrow(
      new RegExp(`dashboards\\[0\\]\\.widgets\\[${index}\\]`),
    );
  });
});

describe.each(BOTH_DIALECTS)(
  'dashboards on %s (screens §2 Dashboard, §7 dashboard config and note)',
  (dialect) => {
    let database: TestDatabase;
    let store: Store;
    let dashboards: DashboardService;
    const updates: NoteUpdate[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      store = await openStore(database);
      const charts = createChartService({ store, plant, now: () => T0 });
      await charts.seed(
        resolveChartsContent(
          readContentFile(contentPath(DEMO_PLANT_PATH, 'charts.json'), ChartsContentSchema),
          plant,
        ),
      );
      dashboards = createDashboardService({ store, now: () => T0 });
      dashboards.onNoteUpdate((u) => updates.push(u));
    });
    afterAll(async () => {
      await store.close();
      await database.drop();
    });

    it('seeds the demo once; the default dashboard is the overview with every widget kind', async () => {
      expect(await dashboards.seed(resolveDashboardsContent(demo, plant))).toBe(true);
      expect(await dashboards.seed(resolveDashboardsContent(demo, plant))).toBe(false);
      const config = await dashboards.config();
      expect(config.dashboards).toHaveLength(4);
      // The demo shows every layout, and every dashboard of the plant stays the plant's.
      expect(new Set(config.dashboards.map((d) => d.layout))).toEqual(
        new Set(DASHBOARD_LAYOUTS.filter((l) => l !== 'Unspecified')),
      );
      expect(config.dashboards.every((d) => d.origin === 'plant' && d.version === 1)).toBe(true);
      const overview = config.dashboards.find((d) => d.id === config.defaultDashboardId)!;
      expect(overview).toMatchObject({
        name: 'Übersicht Zweckverband',
        layout: 'TableLayout',
        isDefault: true,
      });
      expect(new Set(overview.widgets.map((w) => w.kind))).toEqual(new Set(WIDGET_KINDS));
      const styles = overview.widgets.flatMap((w) => (w.kind === 'SingleValue' ? [w.style] : []));
      expect(new Set(styles)).toEqual(new Set(SINGLE_VALUE_STYLES));
      expect(overview.widgets[0]).toMatchObject({
        kind: 'SingleValue',
        pv: { type: 'AnaIn', nr: 200010 },
        style: 'VerticalGauge',
        min: 0,
        max: 5,
      });
      const chart = overview.widgets.find((w) => w.kind === 'Chart');
      expect(chart).toMatchObject({ chartId: expect.any(Number) });
      expect(overview.widgets.find((w) => w.kind === 'GoogleMaps')).toMatchObject({
        mapType: 'Hybrid',
        zoom: 12,
      });
      expect(await dashboards.dashboard(overview.id)).toEqual(overview);
      expect(await dashboards.dashboard(9999)).toBeUndefined();
    });

    it('saves a note, audits old → new and announces noteUpdate', async () => {
      const overview = (await dashboards.config()).dashboards[0]!;
      const note = overview.widgets.find((w) => w.kind === 'Note')!;
      const update = await dashboards.updateNote(
        { id: note.id, note: 'Pumpe 2 wieder in Ordnung.\r\n' },
        actor,
      );
      expect(update).toEqual({
        id: note.id,
        dashboardId: overview.id,
        note: 'Pumpe 2 wieder in Ordnung.',
        updatedAt: T0,
        updatedBy: 'wagner',
      });
      expect(updates).toEqual([update]);
      expect((await dashboards.dashboard(overview.id))!.widgets.find((w) => w.id === note.id)).toMatchObject({
        note: 'Pumpe 2 wieder in Ordnung.',
      });
      const [row] = await store.audit.range(0, T0, 1);
      expect(row).toMatchObject({
        action: 'dashboard.note',
        object: `dashboard-note:${note.id}`,
        new_value: 'Pumpe 2 wieder in Ordnung.',
      });
      expect(row!.old_value).toContain('Schichtübergabe');
    });

    it('refuses notes for unknown ids or other widgets, and malformed patches, changing nothing', async () => {
      const overview = (await dashboards.config()).dashboards[0]!;
      const gauge = overview.widgets[0]!;
      await expect(dashboards.updateNote({ id: gauge.id, note: 'x' }, actor)).rejects.toMatchObject({
        code: 'not-found',
      });
      await expect(dashboards.updateNote({ id: 99999, note: 'x' }, actor)).rejects.toMatchObject({
        code: 'not-found',
      });
      await expect(dashboards.updateNote({ id: 'a', note: 'x' }, actor)).rejects.toMatchObject({
        code: 'invalid',
        issues: [{ field: 'id' }],
      });
      await expect(
        dashboards.updateNote({ id: gauge.id, note: 'x'.repeat(5000) }, actor),
      ).rejects.toMatchObject({ code: 'invalid' });
      await expect(dashboards.updateNote(null, actor)).rejects.toMatchObject({ code: 'invalid' });
      expect(updates).toHaveLength(1);
      const after = (await dashboards.dashboard(overview.id))!;
      expect(after.widgets.find((w) => w.kind === 'Note')).toMatchObject({
        note: 'Pumpe 2 wieder in Ordnung.',
      });
      expect(after.widgets[0]).toEqual(gauge);
    });
  },
);
