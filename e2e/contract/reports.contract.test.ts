import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../packages/web/src/api/http';
import {
  createScheduledExport,
  deleteScheduledExport,
  exportReport,
  getExportSettings,
  getReportConfig,
  getReportConfigs,
  getReportData,
  getScheduledExports,
  saveExportSettings,
  saveManualInputs,
} from '../../packages/web/src/api/reports';
import { openApiSession, type ApiSession } from './support/api-session';

const CSB = { type: 'LaborWert', nr: 11901 } as const;
const item = { pv: CSB, index: 2, value: 430, state: 'Enabled', resetManualInput: false } as const;

// The report calls of calls §7 against the real server: success and failure of every client method.
describe('report calls', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
    await session.asAdmin();
  });
  afterAll(() => session.close());

  it('reads the report configs', async () => {
    expect((await getReportConfigs()).length).toBe(6);
    expect((await getReportConfig(3)).kind).toBe('month');
    await expect(getReportConfig(99)).rejects.toMatchObject({ status: 404 });
  });

  it('reads report data of a date; a bad date is refused', async () => {
    const data = await getReportData(1, 'day', '2025-01-07');
    // The demo's day report is in quarter hours.
    expect(data.rows).toHaveLength(96);
    expect(data.date).toBe('2025-01-07');
    await expect(getReportData(1, 'day', '2025-02-30')).rejects.toMatchObject({
      status: 400,
      message: 'Ungültiges Datum',
    });
    await expect(getReportData(99, 'day', '2025-01-07')).rejects.toBeInstanceOf(ApiError);
  });

  it('saves manual inputs and returns the error text of refused ones', async () => {
    expect(await saveManualInputs(3, 'month', '2025-01-01', [item])).toEqual({
      status: 'Success',
      errorMessage: '',
    });
    const data = await getReportData(3, 'month', '2025-01-01');
    const column = data.columns.findIndex((c) => c.dataBinding.pvRef.nr === CSB.nr);
    expect(data.rows[2]!.values[column]).toMatchObject({ value: 430, manualInput: 'Enabled' });
    expect(await saveManualInputs(3, 'month', 'gestern', [item])).toEqual({
      status: 'Failed',
      errorMessage: 'Ungültiges Datum',
    });
    const row = await saveManualInputs(3, 'month', '2025-01-01', [{ ...item, index: 99 }]);
    expect(row.status).toBe('Failed');
    expect(row.errorMessage).toContain('Zeile 99');
    await session.as('report-viewer', 'viewer');
    const refused = await saveManualInputs(3, 'month', '2025-01-01', [item]);
    expect(refused).toMatchObject({ status: 'Unauthorized', unauthorizedPvs: [CSB] });
    await session.asAdmin();
  });

  it('exports a report as a file named by content-disposition; a bad date gives the error text', async () => {
    const file = await exportReport(3, 'month', '2025-01-01', 'csv');
    expect(file).toMatchObject({
      status: 'Success',
      fileName: 'Monatsbericht-Klaranlage-Talaue_2025-01-01.csv',
    });
    if (file.status === 'Success') expect(await file.blob.text()).toContain('430*');
    expect(await exportReport(3, 'month', '2025-02-30', 'pdf')).toEqual({
      status: 'Failed',
      errorMessage: 'Ungültiges Datum',
    });
  });

  it('reads and saves the own export settings; refuses unknown values', async () => {
    const defaults = await getExportSettings();
    expect(defaults).toMatchObject({ csvSeparator: ';', decimalMark: ',' });
    expect(await saveExportSettings({ ...defaults, decimalMark: '.' })).toMatchObject({ decimalMark: '.' });
    await expect(saveExportSettings({ ...defaults, paperSize: 'A0' as 'A4' })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('sets up, lists and deletes a scheduled export', async () => {
    const input = {
      configId: 1,
      kind: 'day',
      format: 'xlsx',
      timeOfDay: '06:00',
      folder: 'tagesberichte',
      recipients: ['leitwarte@example.org'],
    } as const;
    const created = await createScheduledExport({ ...input, recipients: [...input.recipients] });
    expect(created).toMatchObject({ reportName: 'Tagesbericht Wasserwerk Auheim', runs: [] });
    expect((await getScheduledExports()).map((e) => e.id)).toEqual([created.id]);
    await expect(createScheduledExport({ ...input, recipients: [], folder: '../x' })).rejects.toMatchObject({
      status: 400,
    });
    await deleteScheduledExport(created.id);
    expect(await getScheduledExports()).toEqual([]);
    await expect(deleteScheduledExport(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('gives the network error text offline and throws NetworkError for reads', async () => {
    session.offline();
    try {
      expect(await saveManualInputs(3, 'month', '2025-01-01', [item])).toEqual({
        status: 'Failed',
        errorMessage: 'Netzwerkfehler',
      });
      await expect(getReportConfigs()).rejects.toBeInstanceOf(NetworkError);
      await expect(getReportConfig(1)).rejects.toBeInstanceOf(NetworkError);
      await expect(getReportData(1, 'day', '2025-01-07')).rejects.toBeInstanceOf(NetworkError);
      expect(await exportReport(1, 'day', '2025-01-07', 'xlsx')).toEqual({
        status: 'Failed',
        errorMessage: 'Netzwerkfehler',
      });
      await expect(getExportSettings()).rejects.toBeInstanceOf(NetworkError);
      await expect(getScheduledExports()).rejects.toBeInstanceOf(NetworkError);
    } finally {
      session.online();
    }
  });
});
