import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_DEFAULT_FLAGS,
  ANNOTATION_TEXT_EMPTY,
  checkAnnotationFields,
} from './annotation-rules.js';

const valid = {
  timestamp: Date.UTC(2025, 5, 10, 8),
  pv: { type: 'AnaIn', nr: 900010 },
  dataSource: 'MeasurementArchive',
  text: 'Spülung Becken',
  ...ANNOTATION_DEFAULT_FLAGS,
};

describe('annotation rules (screens §3 "Annotation", §5 "text cannot be empty")', () => {
  it('accepts a valid annotation and trims its text', () => {
    expect(checkAnnotationFields({ ...valid, text: '  Spülung  ' })).toMatchObject({
      ok: true,
      value: { text: 'Spülung' },
    });
  });

  it("refuses an empty or blank text with the key 'text cannot be empty'", () => {
    expect(ANNOTATION_TEXT_EMPTY).toBe('text cannot be empty');
    expect(checkAnnotationFields({ ...valid, text: ' \n ' })).toEqual({
      ok: false,
      issues: [{ field: 'text', message: 'text cannot be empty' }],
    });
  });

  it('refuses invalid timestamps and unknown data sources', () => {
    for (const timestamp of [-1, 1.5, Date.UTC(10000, 0, 1), Number.NaN]) {
      expect(checkAnnotationFields({ ...valid, timestamp })).toMatchObject({
        ok: false,
        issues: [{ field: 'timestamp' }],
      });
    }
    expect(checkAnnotationFields({ ...valid, dataSource: 'Auto' })).toMatchObject({
      ok: false,
      issues: [{ field: 'dataSource' }],
    });
  });

  it('new annotations are visible and in no report by default', () => {
    expect(ANNOTATION_DEFAULT_FLAGS).toEqual({
      visible: true,
      showInDayReport: false,
      showInWeekReport: false,
      showInMonthReport: false,
      showInYearReport: false,
    });
  });
});
