// Report figures: a year report of 100 data bindings (target ≤ 1 s on the server) and the demo's
// day report in quarter hours, from the demo year's rollups (SQLite), against a year report of one
// binding in the same run as the baseline; and the export of the year report as XLSX and PDF.
// Imports the compiled server modules: run `npm run build` first (npm run bench does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, report } from '../support.mjs';

const dist = (p) => new URL(`packages/server/dist/${p}`, `file://${ROOT}`).href;
const { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } = await import(dist('plant/index.js'));
const { createSimulator } = await import(dist('sources/index.js'));
const { openStore } = await import(dist('store/index.js'));
const { createHistorian } = await import(dist('plant/history/index.js'));
const { createReportService, createLiveReportValueSource, loadReportContent } = await import(
  dist('plant/reports/index.js')
);
const { exportReport } = await import(dist('plant/reports/report-export.js'));
const { DEFAULT_EXPORT_SETTINGS, REPORT_VALUE_TYPES, pvKey } = await import(
  new URL('packages/core/dist/index.js', `file://${ROOT}`).href
);

const BINDINGS = 100;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(fn, runs = 5) {
  await fn();
  const times = [];
  let out;
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    out = await fn();
    times.push(performance.now() - s);
  }
  return { ms: +median(times).toFixed(1), out };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-'));
const store = await openStore({ databaseUrl: null, dataDir });
const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const plant = createPlant({ definition, source: createSimulator(definition, { autoTick: false }) });
await plant.start();
const historian = await createHistorian({ store, plant, dataDir, backfill: false });
const backfill = await historian.backfill({ end: Date.now(), recent: null, anchors: new Map() });
const timeZone = plant.info.timeZone;

// A year report over 100 bindings: the demo's measured and counted PVs, value types in turn.
const pvs = plant
  .pvConfigs()
  .filter((c) => c.valueType === 'DoubleValue' || c.valueType === 'CounterValue')
  .map((c) => c.pvRef);
const column = (pvRef, i) => ({
  title: `${pvKey(pvRef)} ${i}`,
  unit: '',
  decimals: 2,
  manualInput: false,
  dataBinding: {
    reportValueType: REPORT_VALUE_TYPES[i % REPORT_VALUE_TYPES.length],
    pvRef,
    offset: 0,
    offsetUnit: 'Days',
  },
});
const columns = Array.from({ length: BINDINGS }, (_, i) => column(pvs[i % pvs.length], i));
const demo = loadReportContent(path.dirname(DEMO_PLANT_PATH), plant);
const content = [
  ...demo,
  { id: 101, name: 'Jahresbericht 100 Bindungen', kind: 'year', columns },
  { id: 102, name: 'Jahresbericht 1 Bindung', kind: 'year', columns: columns.slice(0, 1) },
];
const source = createLiveReportValueSource({ plant, timeZone, pvs: columns.map((c) => c.dataBinding.pvRef) });
const reports = await createReportService({
  store,
  timeZone,
  source,
  content,
  archive: { reports: historian, isCounter: (pv) => plant.config(pvKey(pv))?.valueType === 'CounterValue' },
});
// The current year: the backfilled year reaches back 366 days, so its months before today are full.
const thisYear = `${new Date().getFullYear()}-01-01`;
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const one = await timed(() => reports.data(102, 'year', thisYear));
const hundred = await timed(() => reports.data(101, 'year', thisYear));
const day = await timed(() => reports.data(1, 'day', yesterday));
const meta = {
  reportName: 'Jahresbericht 100 Bindungen',
  plantName: plant.info.name,
  timeZone,
  annotations: [],
};
const xlsx = await timed(() => exportReport(hundred.out, meta, 'xlsx', DEFAULT_EXPORT_SETTINGS), 3);
const pdf = await timed(() => exportReport(hundred.out, meta, 'pdf', DEFAULT_EXPORT_SETTINGS), 3);
const filled = hundred.out.rows.flatMap((r) => r.values).filter((v) => v.value !== null).length;

source.stop();
await historian.stop();
await plant.stop();
await store.close();
fs.rmSync(dataDir, { recursive: true, force: true });

report('reports', {
  'demo year backfill (setup)': { ms: backfill.ms, rollups: backfill.rollups },
  'year report, 1 binding (baseline)': { ms: one.ms },
  'year report, 100 bindings (target ≤ 1,000 ms)': {
    ms: hundred.ms,
    cellsWithValue: filled,
    ratioToBaseline: +(hundred.ms / one.ms).toFixed(1),
  },
  'day report, 96 quarter hours × 8 bindings': { ms: day.ms, rows: day.out.rows.length },
  'XLSX of the 100-binding year report': { ms: xlsx.ms, bytes: xlsx.out.body.length },
  'PDF of the 100-binding year report': { ms: pdf.ms, bytes: pdf.out.body.length },
});
