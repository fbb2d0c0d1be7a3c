import { describe, expect, it } from 'vitest';
import {
  AnnotationBusyGuard,
  changeDraft,
  createRequestOf,
  newAnnotationDraft,
  savedDraft,
  updateRequestOf,
} from './annotation-draft.js';
import { ANNOTATION_DEFAULT_FLAGS } from './annotation-rules.js';
import type { AnnotationFields } from './chart-schemas.js';

const fields: AnnotationFields = {
  timestamp: Date.UTC(2025, 5, 10, 8),
  pv: { type: 'AnaIn', nr: 100001 },
  dataSource: 'MeasurementArchive',
  text: 'Spülung Becken 2',
  ...ANNOTATION_DEFAULT_FLAGS,
};

describe('annotation drafts (screens §4 "A new annotation has no id until saved; any change marks it pending save")', () => {
  it('screens §4: a new annotation has no id until saved and is pending save', () => {
    expect(newAnnotationDraft(fields)).toEqual({ id: null, fields, pendingSave: true });
  });

  it('screens §4: a saved annotation has its id and nothing pending', () => {
    expect(savedDraft({ id: 42, ...fields })).toEqual({ id: 42, fields, pendingSave: false });
  });

  it('screens §4: any change marks it pending save, without touching the original draft', () => {
    const saved = savedDraft({ id: 42, ...fields });
    const changed = changeDraft(saved, { text: 'Pumpe getauscht', showInDayReport: true });
    expect(changed).toEqual({
      id: 42,
      fields: { ...fields, text: 'Pumpe getauscht', showInDayReport: true },
      pendingSave: true,
    });
    expect(saved.pendingSave).toBe(false);
    expect(saved.fields.text).toBe('Spülung Becken 2');
  });

  it('screens §4: hiding an annotation and moving it to another PV are changes too', () => {
    const saved = savedDraft({ id: 7, ...fields });
    expect(changeDraft(saved, { visible: false }).pendingSave).toBe(true);
    expect(changeDraft(saved, { pv: { type: 'AnaIn', nr: 100002 } }).pendingSave).toBe(true);
  });

  it('screens §4: a patch that changes nothing is no change and keeps a saved draft saved', () => {
    const saved = savedDraft({ id: 7, ...fields });
    expect(changeDraft(saved, {})).toBe(saved);
    expect(changeDraft(saved, { text: fields.text, pv: { type: 'AnaIn', nr: 100001 } })).toBe(saved);
  });

  it('screens §4: a new draft stays without id however often it changes', () => {
    const draft = changeDraft(changeDraft(newAnnotationDraft(fields), { text: 'a' }), { text: 'b' });
    expect(draft).toMatchObject({ id: null, pendingSave: true, fields: { text: 'b' } });
  });
});

describe('annotation requests (screens §4 "updating an unsaved annotation is refused")', () => {
  it("screens §4: updating an unsaved annotation is refused with 'cannot update unsaved update annotation'", () => {
    expect(() => updateRequestOf(newAnnotationDraft(fields))).toThrow(
      new Error('cannot update unsaved update annotation'),
    );
  });

  it('screens §4: the update of a saved annotation carries its id and fields', () => {
    const draft = changeDraft(savedDraft({ id: 42, ...fields }), { text: 'neu' });
    expect(updateRequestOf(draft)).toEqual({ id: 42, ...fields, text: 'neu' });
  });

  it('screens §4: a new draft is created with its fields, a saved one is not created again', () => {
    expect(createRequestOf(newAnnotationDraft(fields))).toEqual(fields);
    expect(() => createRequestOf(savedDraft({ id: 42, ...fields }))).toThrow(/already saved/);
  });
});

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('AnnotationBusyGuard (screens §4 "Annotations: operations are ignored while busy")', () => {
  it('screens §4: operations are ignored while busy', async () => {
    const guard = new AnnotationBusyGuard();
    const save = deferred<string>();
    let secondStarted = false;
    const first = guard.run(() => save.promise);
    expect(guard.busy).toBe(true);
    const second = guard.run(() => {
      secondStarted = true;
      return Promise.resolve('zweite');
    });
    await expect(second).resolves.toBeUndefined();
    expect(secondStarted).toBe(false);
    save.resolve('gespeichert');
    await expect(first).resolves.toBe('gespeichert');
    expect(guard.busy).toBe(false);
  });

  it('screens §4: the next operation runs once the previous one finished', async () => {
    const guard = new AnnotationBusyGuard();
    await guard.run(() => Promise.resolve(1));
    await expect(guard.run(() => Promise.resolve(2))).resolves.toBe(2);
  });

  it('screens §4: a failed operation rejects and frees the guard', async () => {
    const guard = new AnnotationBusyGuard();
    const failing = deferred<number>();
    const run = guard.run(() => failing.promise);
    failing.reject(new Error('Speichern fehlgeschlagen'));
    await expect(run).rejects.toThrow('Speichern fehlgeschlagen');
    expect(guard.busy).toBe(false);
    await expect(guard.run(() => Promise.resolve('wieder frei'))).resolves.toBe('wieder frei');
  });

  it('screens §4: an operation that throws before returning a promise also frees the guard', async () => {
    const guard = new AnnotationBusyGuard();
    await expect(
      guard.run((): Promise<number> => {
        throw new Error('sofort');
      }),
    ).rejects.toThrow('sofort');
    expect(guard.busy).toBe(false);
  });
});
