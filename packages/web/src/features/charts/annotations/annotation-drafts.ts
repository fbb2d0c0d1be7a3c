import {
  ANNOTATION_DEFAULT_FLAGS,
  newAnnotationDraft,
  type AnnotationDraft,
  type ChartDataSource,
  type PvRef,
} from '@leitwarte/core';

/**
 * A new annotation at a time on a PV: empty text, visible, in no report (screens §3 defaults).
 * It has no id until it is saved.
 */
export function annotationDraftAt(
  timestamp: number,
  pv: PvRef,
  dataSource: ChartDataSource = 'MeasurementArchive',
): AnnotationDraft {
  return newAnnotationDraft({
    timestamp: Math.round(timestamp),
    pv,
    dataSource,
    text: '',
    ...ANNOTATION_DEFAULT_FLAGS,
  });
}
