import { savedDraft, type Annotation, type AnnotationDraft } from '@leitwarte/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../../test-support/fake-server';
import { renderWithProviders } from '../../../test-support/render';
import { AnnotationDialog } from './annotation-dialog';
import { setPlantTimeZone } from '../../../lib/plant-time-zone';
import { wallTimeOf } from '../../../ui/date-time-field';
import { annotationDraftAt } from './annotation-drafts';

const PV = { type: 'AnaIn' as const, nr: 100001 };
const T = Date.UTC(2026, 10, 20, 10, 30, 15);
const pvOptions = [
  { value: 'AnaIn-100001', label: 'Hochbehälter Nord (AnaIn-100001)' },
  { value: 'AnaIn-100002', label: 'Hochbehälter Süd (AnaIn-100002)' },
];

function annotation(overrides: Partial<Annotation> = {}): Annotation {
  return {
    id: 5,
    timestamp: T,
    pv: PV,
    dataSource: 'MeasurementArchive',
    text: 'Pumpe getauscht',
    visible: true,
    showInDayReport: false,
    showInWeekReport: true,
    showInMonthReport: false,
    showInYearReport: false,
    ...overrides,
  };
}

const echo = (id: number) => (request: { body: unknown }) =>
  json(200, { ...annotation(), ...(request.body as Partial<Annotation>), id });

function open(draft: AnnotationDraft, canEdit = true) {
  const handlers = { onClose: vi.fn(), onSaved: vi.fn(), onDeleted: vi.fn() };
  renderWithProviders(
    <AnnotationDialog opened draft={draft} pvOptions={pvOptions} canEdit={canEdit} {...handlers} />,
  );
  return handlers;
}

const dialog = () => screen.findByTestId('annotation-dialog');
const textField = () => screen.getByRole('textbox', { name: /^Text/ });

// The plant is in Berlin, whatever zone the machine running the test is in.
setPlantTimeZone('Europe/Berlin');

describe('annotation dialog', { timeout: 20_000 }, () => {
  it('creates an annotation with its time, PV, text and report flags', async () => {
    const server = fakeServer({ 'POST /api/charts/annotations': echo(11) });
    const handlers = open(annotationDraftAt(T, PV));
    await dialog();
    expect(screen.getByText('Noch nicht gespeichert')).toBeDefined();
    // The field shows the annotation's time to the second, as the plant's clock reads it.
    const [day, time] = wallTimeOf(T, 'Europe/Berlin').split(' ') as [string, string];
    const [y, m, d] = day.split('-');
    expect(screen.getByLabelText('Zeitpunkt').textContent).toBe(`${d}.${m}.${y} ${time}`);
    fireEvent.change(textField(), { target: { value: 'Behälter gereinigt' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tagesbericht' }));
    // One minute later, chosen in the field's time part and taken over.
    fireEvent.click(screen.getByLabelText('Zeitpunkt'));
    const minutes = await screen.findByLabelText('Minuten');
    const minute = Number(time.split(':')[1]);
    fireEvent.change(minutes, { target: { value: String((minute + 1) % 60).padStart(2, '0') } });
    fireEvent.click(screen.getByLabelText('Zeit übernehmen'));
    // Without an id it belongs to no chart yet, so none are asked for.
    expect(screen.queryByTestId('annotation-charts')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(handlers.onClose).toHaveBeenCalled());
    expect(server.calls('POST', '/api/charts/annotations')[0]!.body).toEqual({
      timestamp: T + 60_000,
      pv: PV,
      dataSource: 'MeasurementArchive',
      text: 'Behälter gereinigt',
      visible: true,
      showInDayReport: true,
      showInWeekReport: false,
      showInMonthReport: false,
      showInYearReport: false,
    });
    expect(handlers.onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ id: 11, text: 'Behälter gereinigt' }),
    );
  });

  it('requires a text: "text cannot be empty" from the catalogue, nothing sent', async () => {
    const server = fakeServer({});
    const handlers = open(annotationDraftAt(T, PV));
    await dialog();
    fireEvent.change(textField(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der Text darf nicht leer sein.')).toBeDefined();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(handlers.onClose).not.toHaveBeenCalled();
  });

  it('shows the charts of a saved annotation and saves only a change', async () => {
    const server = fakeServer({
      'GET /api/charts/annotations/5/charts': () =>
        json(200, [{ id: 3, title: 'Hochbehälter Füllstände', type: 'Measurement' }]),
      'PATCH /api/charts/annotations': echo(5),
    });
    const handlers = open(savedDraft(annotation()));
    const charts = await screen.findByTestId('annotation-charts');
    const link = await within(charts).findByRole('link', { name: 'Hochbehälter Füllstände' });
    expect(link.getAttribute('href')).toBe('/charts/archive/3');
    const save = screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(textField(), { target: { value: 'Pumpe 2 getauscht' } });
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeDefined();
    fireEvent.click(save);
    await waitFor(() => expect(handlers.onClose).toHaveBeenCalled());
    expect(server.calls('PATCH', '/api/charts/annotations')[0]!.body).toEqual(
      annotation({ text: 'Pumpe 2 getauscht' }),
    );
  });

  it('hides a saved annotation at once and offers to show it again', async () => {
    const server = fakeServer({
      'GET /api/charts/annotations/5/charts': () => json(200, []),
      'PATCH /api/charts/annotations': echo(5),
    });
    const handlers = open(savedDraft(annotation()));
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Ausblenden' }));
    await screen.findByRole('button', { name: 'Einblenden' });
    expect(server.calls('PATCH', '/api/charts/annotations')[0]!.body).toEqual(annotation({ visible: false }));
    expect(handlers.onSaved).toHaveBeenCalledWith(annotation({ visible: false }));
    expect(handlers.onClose).not.toHaveBeenCalled();
  });

  it('deletes a saved annotation only after confirmation', async () => {
    const server = fakeServer({
      'GET /api/charts/annotations/5/charts': () => json(200, []),
      'POST /api/charts/delete-annotations': () => json(200, { deletedIds: [5] }),
    });
    const handlers = open(savedDraft(annotation()));
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Anmerkungen löschen' });
    expect(
      within(confirm).getByText('Die Anmerkung „Pumpe getauscht“ wird endgültig gelöscht.'),
    ).toBeDefined();
    expect(server.calls('POST', '/api/charts/delete-annotations')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(handlers.onDeleted).toHaveBeenCalledWith(5));
    expect(server.calls('POST', '/api/charts/delete-annotations')[0]!.body).toEqual([5]);
    expect(handlers.onClose).toHaveBeenCalled();
  });

  it('shows the server’s message when saving fails and keeps the dialog open', async () => {
    fakeServer({
      'GET /api/charts/annotations/5/charts': () => json(200, []),
      'PATCH /api/charts/annotations': () =>
        json(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: 'Unzureichende Rechte für diese Operation.',
        }),
    });
    const handlers = open(savedDraft(annotation()));
    await dialog();
    fireEvent.change(textField(), { target: { value: 'Neu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const failure = await screen.findByRole('dialog', { name: 'Anmerkung wurde nicht gespeichert' });
    expect(within(failure).getByText('Unzureichende Rechte für diese Operation.')).toBeDefined();
    expect(handlers.onClose).not.toHaveBeenCalled();
    expect(handlers.onSaved).not.toHaveBeenCalled();
  });

  it('disables the controls while saving and ignores a second save', async () => {
    let answer: (response: Response) => void = () => {};
    const server = fakeServer({
      'POST /api/charts/annotations': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const handlers = open(annotationDraftAt(T, PV));
    await dialog();
    fireEvent.change(textField(), { target: { value: 'Spülung' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect((textField() as HTMLTextAreaElement).disabled).toBe(true));
    expect((screen.getByRole('checkbox', { name: 'Sichtbar' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    answer(json(200, annotation({ id: 12, text: 'Spülung' })));
    await waitFor(() => expect(handlers.onSaved).toHaveBeenCalledTimes(1));
    expect(server.calls('POST', '/api/charts/annotations')).toHaveLength(1);
  });

  it('shows an annotation read only to a user without editAnnotations', async () => {
    fakeServer({ 'GET /api/charts/annotations/5/charts': () => json(200, []) });
    open(savedDraft(annotation()), false);
    await dialog();
    expect((textField() as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(screen.getByText('Zum Bearbeiten von Anmerkungen fehlt die Berechtigung.')).toBeDefined();
  });
});
