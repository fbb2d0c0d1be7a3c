import { savedDraft, type Annotation } from '@leitwarte/core';
import { useEffect } from 'react';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, type FakeRequest } from '../../../test-support/fake-server';
import { renderWithProviders } from '../../../test-support/render';
import { annotationDraftAt } from './annotation-drafts';
import { useAnnotations, type AnnotationFilter } from './use-annotations';

const PV = { type: 'AnaIn' as const, nr: 100001 };
const T = Date.UTC(2026, 10, 20, 10, 30, 15);

function annotation(id: number, text: string, overrides: Partial<Annotation> = {}): Annotation {
  return {
    id,
    timestamp: T,
    pv: PV,
    dataSource: 'MeasurementArchive',
    text,
    visible: true,
    showInDayReport: false,
    showInWeekReport: false,
    showInMonthReport: false,
    showInYearReport: false,
    ...overrides,
  };
}

type Hook = ReturnType<typeof useAnnotations>;

/** Runs the hook inside the app's providers, as on a screen; `current` is its latest result. */
function renderAnnotations(of: AnnotationFilter) {
  const result: { current: Hook } = { current: null as unknown as Hook };
  function Probe() {
    const hook = useAnnotations(of);
    useEffect(() => {
      result.current = hook;
    });
    return null;
  }
  renderWithProviders(<Probe />);
  return { result };
}

const filter = { start: T - 3_600_000, end: T + 3_600_000, pvs: [PV, { type: 'ZaehlWert' as const, nr: 7 }] };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useAnnotations', () => {
  it('loads the annotations of a window and PVs', async () => {
    const server = fakeServer({
      'GET /api/charts/annotations': () => json(200, [annotation(1, 'Pumpe getauscht')]),
    });
    const { result } = renderAnnotations(filter);
    await waitFor(() => expect(result.current.annotations.map((a) => a.text)).toEqual(['Pumpe getauscht']));
    const query = new URLSearchParams(server.requests[0]!.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      start: String(filter.start),
      end: String(filter.end),
      pvs: 'AnaIn-100001,ZaehlWert-7',
    });
  });

  it('creates a new annotation with its fields and loads the list again', async () => {
    const server = fakeServer({
      'GET /api/charts/annotations': () => json(200, []),
      'POST /api/charts/annotations': (request) =>
        json(200, { id: 9, ...(request.body as Omit<Annotation, 'id'>) }),
    });
    const { result } = renderAnnotations(filter);
    await waitFor(() => expect(result.current.isPending).toBe(false));
    const draft = annotationDraftAt(T, PV);
    let saved: Annotation | undefined;
    await act(async () => {
      saved = await result.current.writes.save({
        ...draft,
        fields: { ...draft.fields, text: '  Spülung  ' },
      });
    });
    expect(saved?.id).toBe(9);
    expect(server.calls('POST', '/api/charts/annotations')[0]!.body).toEqual({
      timestamp: T,
      pv: PV,
      dataSource: 'MeasurementArchive',
      text: 'Spülung',
      visible: true,
      showInDayReport: false,
      showInWeekReport: false,
      showInMonthReport: false,
      showInYearReport: false,
    });
    await waitFor(() => expect(server.calls('GET', '/api/charts/annotations')).toHaveLength(2));
  });

  it('refuses to update an annotation that was never saved, without asking the server', async () => {
    const server = fakeServer({ 'GET /api/charts/annotations': () => json(200, []) });
    const { result } = renderAnnotations(filter);
    const draft = annotationDraftAt(T, PV);
    let outcome: Annotation | undefined = annotation(0, 'not undefined');
    await act(async () => {
      outcome = await result.current.writes.update({ ...draft, fields: { ...draft.fields, text: 'Neu' } });
    });
    expect(outcome).toBeUndefined();
    expect(result.current.writes.failure?.message).toBe(
      'Eine noch nicht gespeicherte Anmerkung kann nicht aktualisiert werden.',
    );
    expect(server.calls('PATCH', '/api/charts/annotations')).toHaveLength(0);
  });

  it('ignores operations while one is running', async () => {
    const reply = deferred<Response>();
    const server = fakeServer({
      'GET /api/charts/annotations': () => json(200, [annotation(1, 'Alt')]),
      'PATCH /api/charts/annotations': () => reply.promise,
      'POST /api/charts/delete-annotations': () => json(200, { deletedIds: [1] }),
    });
    const { result } = renderAnnotations(filter);
    await waitFor(() => expect(result.current.annotations).toHaveLength(1));
    const draft = savedDraft(annotation(1, 'Neu'));
    let first: Promise<Annotation | undefined> = Promise.resolve(undefined);
    act(() => {
      first = result.current.writes.save(draft);
    });
    await waitFor(() => expect(result.current.writes.busy).toBe(true));
    let ignored: number[] | undefined = [0];
    await act(async () => {
      ignored = await result.current.writes.remove([1]);
    });
    expect(ignored).toBeUndefined();
    expect(server.calls('POST', '/api/charts/delete-annotations')).toHaveLength(0);
    reply.resolve(json(200, annotation(1, 'Neu')));
    await act(async () => {
      expect((await first)?.text).toBe('Neu');
    });
    expect(result.current.writes.busy).toBe(false);
    expect(server.calls('PATCH', '/api/charts/annotations')).toHaveLength(1);
    expect(server.calls('PATCH', '/api/charts/annotations')[0]!.body).toEqual(annotation(1, 'Neu'));
  });

  it('keeps the server’s message when a write fails', async () => {
    fakeServer({
      'GET /api/charts/annotations': () => json(200, []),
      'POST /api/charts/delete-annotations': () =>
        json(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: 'Zugriff verweigert – Benutzerrechte anpassen.',
        }),
    });
    const { result } = renderAnnotations(filter);
    await act(async () => {
      await result.current.writes.remove([3, 4]);
    });
    expect(result.current.writes.failure).toEqual({
      title: 'Anmerkungen wurden nicht gelöscht',
      message: 'Zugriff verweigert – Benutzerrechte anpassen.',
    });
    act(() => result.current.writes.clearFailure());
    expect(result.current.writes.failure).toBeNull();
  });

  it('refuses an empty text before asking the server', async () => {
    const server = fakeServer({ 'GET /api/charts/annotations': () => json(200, []) });
    const { result } = renderAnnotations(filter);
    await act(async () => {
      await result.current.writes.save(annotationDraftAt(T, PV));
    });
    expect(result.current.writes.failure?.message).toBe('Der Text darf nicht leer sein.');
    expect(server.requests.filter((r: FakeRequest) => r.method === 'POST')).toHaveLength(0);
  });

  it('deletes and reports the ids the server deleted', async () => {
    const server = fakeServer({
      'GET /api/charts/annotations': () => json(200, []),
      'POST /api/charts/delete-annotations': () => json(200, { deletedIds: [4] }),
    });
    const { result } = renderAnnotations(filter);
    let deleted: number[] | undefined;
    await act(async () => {
      deleted = await result.current.writes.remove([3, 4]);
    });
    expect(deleted).toEqual([4]);
    expect(server.calls('POST', '/api/charts/delete-annotations')[0]!.body).toEqual([3, 4]);
  });
});
