import { ANNOTATION_DEFAULT_FLAGS } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { annotationDraftAt, fromLocalSecondsInput, toLocalSecondsInput } from './annotation-drafts';

describe('annotation drafts', () => {
  it('starts a new annotation without id, pending save, with empty text and the default flags', () => {
    const draft = annotationDraftAt(1_700_000_000_123.6, { type: 'AnaIn', nr: 1 });
    expect(draft).toEqual({
      id: null,
      pendingSave: true,
      fields: {
        timestamp: 1_700_000_000_124,
        pv: { type: 'AnaIn', nr: 1 },
        dataSource: 'MeasurementArchive',
        text: '',
        ...ANNOTATION_DEFAULT_FLAGS,
      },
    });
  });
});

describe('date-time field values with seconds', () => {
  it('round-trips a local time to the second', () => {
    const t = new Date(2026, 2, 29, 2, 30, 45).getTime();
    expect(toLocalSecondsInput(t)).toMatch(/^2026-03-29T\d\d:30:45$/);
    expect(fromLocalSecondsInput(toLocalSecondsInput(t))).toBe(t);
  });

  it('accepts minutes only and milliseconds as browsers send them', () => {
    expect(fromLocalSecondsInput('2026-11-20T10:30')).toBe(new Date(2026, 10, 20, 10, 30).getTime());
    expect(fromLocalSecondsInput('2026-11-20T10:30:15.000')).toBe(
      new Date(2026, 10, 20, 10, 30, 15).getTime(),
    );
  });

  it('refuses what is no valid time', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-11-20T24:00', '2026-11-20 10:00', '20.11.2026 10:00'])
      expect(fromLocalSecondsInput(bad), bad).toBeNull();
  });
});
