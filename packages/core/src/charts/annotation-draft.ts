import { ANNOTATION_UNSAVED_UPDATE } from './annotation-rules.js';
import type { AnnotationUpdate, NewAnnotation } from './chart-call-schemas.js';
import type { Annotation, AnnotationFields } from './chart-schemas.js';

/**
 * An annotation being edited (screens §4): no id until the server saved it, and pending save
 * after any change that was not yet sent.
 */
export interface AnnotationDraft {
  id: number | null;
  fields: AnnotationFields;
  pendingSave: boolean;
}

/** A new annotation: no id yet, pending save. */
export function newAnnotationDraft(fields: AnnotationFields): AnnotationDraft {
  return { id: null, fields, pendingSave: true };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) =>
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    );
  }
  return Object.is(a, b);
}

/**
 * The draft with some fields changed; any change marks it pending save (screens §4). A patch
 * that changes nothing (every value equal to the current one) returns the same draft, so
 * merely opening and closing an editor leaves a saved annotation saved.
 */
export function changeDraft(draft: AnnotationDraft, patch: Partial<AnnotationFields>): AnnotationDraft {
  const fields = { ...draft.fields, ...patch };
  if (sameValue(fields, draft.fields)) return draft;
  return { id: draft.id, fields, pendingSave: true };
}

/** The draft of an annotation as the server returned it: saved, nothing pending. */
export function savedDraft(annotation: Annotation): AnnotationDraft {
  const { id, ...fields } = annotation;
  return { id, fields, pendingSave: false };
}

/**
 * The PATCH body of a draft: its id and every field. An annotation that was never saved has no
 * id and cannot be updated: Error('cannot update unsaved update annotation') (screens §4).
 */
export function updateRequestOf(draft: AnnotationDraft): AnnotationUpdate {
  if (draft.id === null) throw new Error(ANNOTATION_UNSAVED_UPDATE);
  return { id: draft.id, ...draft.fields };
}

/** The POST body that saves a new draft. A draft that already has an id is updated, not created again. */
export function createRequestOf(draft: AnnotationDraft): NewAnnotation {
  if (draft.id !== null) throw new Error(`annotation ${draft.id} is already saved`);
  return { ...draft.fields };
}

/**
 * Runs one annotation operation at a time (screens §4: operations are ignored while busy).
 * An operation started while another runs is not started at all and yields undefined; a
 * failing operation frees the guard and rejects as it would without it.
 */
export class AnnotationBusyGuard {
  private running = false;

  /** Whether an operation is running (for disabling the buttons that would be ignored). */
  get busy(): boolean {
    return this.running;
  }

  async run<T>(op: () => Promise<T>): Promise<T | undefined> {
    if (this.running) return undefined;
    this.running = true;
    try {
      return await op();
    } finally {
      this.running = false;
    }
  }
}
