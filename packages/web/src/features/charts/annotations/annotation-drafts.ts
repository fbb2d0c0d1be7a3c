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

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-ddTHH:mm:ss in local time: the value of a datetime-local field with seconds. */
export function toLocalSecondsInput(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/** The instant of a datetime-local value (seconds optional), or null when it is not a valid time. */
export function fromLocalSecondsInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute, second);
  // new Date rolls 31 February over into March; a field showing that date is not valid.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return date.getTime();
}
