import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../packages/web/src/api/http';
import {
  getReportConfig,
  getReportConfigs,
  getReportData,
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
    expect(data.rows).toHaveLength(24);
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
    } finally {
      session.online();
    }
  });
});
