import { describe, expect, it } from 'vitest';
import type { RuntimeValue } from '../pv/pv-value.js';
import {
  checkRuntimeInput,
  RUNTIME_TOO_LARGE_MESSAGE,
  DESCRIPTION_EMPTY_MESSAGE,
  documentFormRefusal,
  FILE_MISSING_MESSAGE,
  lifecycleEntryRefusal,
  maintenanceTimestampMs,
  TEXT_EMPTY_MESSAGE,
  URL_MISSING_MESSAGE,
  URL_NOT_WEB_MESSAGE,
  isSdCardLifetimeLow,
  notificationFigures,
  remainingBelow,
  RUNTIME_EMPTY_MESSAGE,
  RUNTIME_NEGATIVE_MESSAGE,
  runtimeLimitsOrdered,
  scaleRuntime,
  SERVICE_MESSAGE_KEY_SUFFIXES,
  serviceMessageChanges,
  serviceMessageLimit,
} from './index.js';

const runtime = (value: number, upperMid = 7200, upper = 8000): RuntimeValue => ({
  lower: 0,
  lowerMid: 0,
  upperMid,
  upper,
  value,
  runtimeType: 'Betriebszeit',
});

describe('maintenance notification (screens §3): remaining = target − current, scaled except cycles', () => {
  it('keeps hours as they are and computes the remaining runtime', () => {
    expect(notificationFigures('Betriebszeit', 'Hours', 6000, 8000)).toEqual({
      runtimeType: 'Betriebszeit',
      runtimeDimension: 'Hours',
      currentRuntime: 6000,
      targetRuntime: 8000,
      remainingRuntime: 2000,
      runtimeEndType: 'Active',
    });
  });

  it('scales hours to days, months and years', () => {
    const days = notificationFigures('Absolutzeit', 'Days', 48, 240);
    expect(days).toMatchObject({ currentRuntime: 2, targetRuntime: 10, remainingRuntime: 8 });
    expect(days.runtimeEndType).toBe('Absolute');
    expect(scaleRuntime(730.5, 'Months')).toBeCloseTo(1, 10);
    expect(scaleRuntime(8766 * 2, 'Years')).toBeCloseTo(2, 10);
  });

  it('shows cycles unscaled even when a time dimension is configured', () => {
    const figures = notificationFigures('Schaltzyklen', 'Days', 46000, 50000);
    expect(figures).toMatchObject({
      runtimeDimension: 'Cycles',
      currentRuntime: 46000,
      targetRuntime: 50000,
      remainingRuntime: 4000,
      runtimeEndType: 'Other',
    });
  });

  it('reports an overdue service as negative remaining runtime', () => {
    expect(notificationFigures('Betriebszeit', 'Hours', 8100, 8000).remainingRuntime).toBe(-100);
  });
});

describe('service messages (screens §3 maintenance config, §9 suffixes uwm, muwm, mowm, owm)', () => {
  it('names the four kinds with the suffixes of screens §9', () => {
    expect(Object.values(SERVICE_MESSAGE_KEY_SUFFIXES)).toEqual(['uwm', 'muwm', 'mowm', 'owm']);
  });

  it('reads the four limits from the runtime value', () => {
    const r = { ...runtime(1), lower: 1, lowerMid: 2 };
    expect(
      ['Bottom', 'BottomMiddle', 'TopMiddle', 'Top'].map((t) => serviceMessageLimit(r, t as never)),
    ).toEqual([1, 2, 7200, 8000]);
  });

  it('reports a crossing upwards once, ignores limits that are not set, and ends on a reset', () => {
    expect(serviceMessageChanges(runtime(7199.9), runtime(7200.1))).toEqual([
      { type: 'TopMiddle', due: true, limit: 7200 },
    ]);
    expect(serviceMessageChanges(runtime(7200.1), runtime(7300))).toEqual([]);
    expect(serviceMessageChanges(runtime(7999), runtime(8000))).toEqual([
      { type: 'Top', due: true, limit: 8000 },
    ]);
    expect(serviceMessageChanges(runtime(8001), runtime(0))).toEqual([
      { type: 'TopMiddle', due: false, limit: 7200 },
      { type: 'Top', due: false, limit: 8000 },
    ]);
  });

  it('ends a message when its limit is moved above the runtime', () => {
    expect(serviceMessageChanges(runtime(7500), runtime(7500, 7600, 8000))).toEqual([
      { type: 'TopMiddle', due: false, limit: 7600 },
    ]);
  });

  it('warns about an SD card below 20 percent lifetime (screens §9)', () => {
    expect(isSdCardLifetimeLow(19.9)).toBe(true);
    expect(isSdCardLifetimeLow(20)).toBe(false);
  });
});

describe('runtime edit (screens §5): not empty, not negative', () => {
  it('refuses empty input with the message of the spec', () => {
    expect(checkRuntimeInput('')).toEqual({ ok: false, message: RUNTIME_EMPTY_MESSAGE });
    expect(checkRuntimeInput('   ')).toEqual({ ok: false, message: 'Wert darf nicht leer sein.' });
    expect(checkRuntimeInput(null)).toEqual({ ok: false, message: RUNTIME_EMPTY_MESSAGE });
  });

  it('refuses negative input with the message of the spec', () => {
    expect(checkRuntimeInput(-1)).toEqual({ ok: false, message: RUNTIME_NEGATIVE_MESSAGE });
    expect(checkRuntimeInput('-0,5')).toEqual({ ok: false, message: 'Wert darf nicht negativ sein.' });
  });

  it('refuses what is no finite number and accepts a decimal comma', () => {
    expect(checkRuntimeInput(Number.NaN).ok).toBe(false);
    expect(checkRuntimeInput(Number.POSITIVE_INFINITY).ok).toBe(false);
    expect(checkRuntimeInput('12a').ok).toBe(false);
    expect(checkRuntimeInput(true).ok).toBe(false);
    expect(checkRuntimeInput('1234,5')).toEqual({ ok: true, value: 1234.5 });
    // Not exact beyond 2^53 − 1: refused rather than stored as another number.
    expect(checkRuntimeInput('9007199254740993')).toEqual({ ok: false, message: RUNTIME_TOO_LARGE_MESSAGE });
    expect(checkRuntimeInput(Number.MAX_SAFE_INTEGER)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
    expect(checkRuntimeInput(0)).toEqual({ ok: true, value: 0 });
  });

  it('wants the four limits ascending', () => {
    expect(runtimeLimitsOrdered(0, 0, 7200, 8000)).toBe(true);
    expect(runtimeLimitsOrdered(0, 9000, 7200, 8000)).toBe(false);
  });
});

describe('overview protocol by compare value (screens §7)', () => {
  it('compares the remaining runtime absolute', () => {
    expect(remainingBelow(7600, 8000, 500, false)).toBe(true);
    expect(remainingBelow(7400, 8000, 500, false)).toBe(false);
  });

  it('compares the remaining runtime as percent of the target', () => {
    expect(remainingBelow(7300, 8000, 10, true)).toBe(true); // 8.75 % left
    expect(remainingBelow(7000, 8000, 10, true)).toBe(false); // 12.5 % left
    expect(remainingBelow(0, 0, 10, true)).toBe(false);
  });
});

describe('life-cycle entries and documents (calls §3; screens §5 messages)', () => {
  it('takes the maintenance time as milliseconds or as a date text', () => {
    expect(maintenanceTimestampMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(maintenanceTimestampMs('2024-03-12T09:30:00Z')).toBe(Date.UTC(2024, 2, 12, 9, 30));
    expect(maintenanceTimestampMs('gestern')).toBeNull();
    expect(maintenanceTimestampMs(Number.NaN)).toBeNull();
    expect(maintenanceTimestampMs(-5)).toBeNull();
  });

  it('refuses entries without text, kind or valid time', () => {
    const ok = { maintenanceTimestamp: 1000, text: 'Lager getauscht', kind: 'Reparatur' };
    expect(lifecycleEntryRefusal(ok)).toBeNull();
    expect(lifecycleEntryRefusal({ ...ok, text: '  ' })).toBe(TEXT_EMPTY_MESSAGE);
    expect(lifecycleEntryRefusal({ ...ok, kind: '' })).not.toBeNull();
    expect(lifecycleEntryRefusal({ ...ok, maintenanceTimestamp: 'x' })).toBe('Ungültiges Datum');
  });

  it('wants a description, a file for File documents and a web URL for links', () => {
    expect(documentFormRefusal({ description: '', docType: 'File', fileName: 'a.pdf' })).toBe(
      DESCRIPTION_EMPTY_MESSAGE,
    );
    expect(documentFormRefusal({ description: 'BA', docType: 'File' })).toBe(FILE_MISSING_MESSAGE);
    expect(documentFormRefusal({ description: 'BA', docType: 'Link', target: 'file:///c:/x' })).toBe(
      URL_NOT_WEB_MESSAGE,
    );
    expect(documentFormRefusal({ description: 'BA', docType: 'Link' })).toBe(URL_MISSING_MESSAGE);
    expect(
      documentFormRefusal({ description: 'BA', docType: 'Link', target: 'https://ksb.com/x' }),
    ).toBeNull();
  });
});
