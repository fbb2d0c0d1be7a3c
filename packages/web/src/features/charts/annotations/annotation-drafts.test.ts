import { ANNOTATION_DEFAULT_FLAGS } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { annotationDraftAt } from './annotation-drafts';

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
