import type { Dashboard } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import {
  editorReducer,
  freeSpot,
  newWidget,
  nextSize,
  saveBody,
  startEditing,
  UNDO_DEPTH,
} from './dashboard-draft';

const dashboard: Dashboard = {
  id: 7,
  name: 'Nachtschicht',
  layout: 'FlowLayout',
  isDefault: false,
  origin: 'user',
  version: 3,
  updatedAt: null,
  updatedBy: null,
  widgets: [
    { id: 11, sortIndex: 0, kind: 'Note', title: 'Übergabe', size: 'Small', position: null, note: 'x' },
    { id: 12, sortIndex: 1, kind: 'Placeholder', title: '', size: 'Small', position: null },
    {
      id: 13,
      sortIndex: 2,
      kind: 'Browser',
      title: 'Radar',
      size: 'Medium',
      position: null,
      url: 'https://a.b',
    },
  ],
};

describe('the dashboard editor draft', () => {
  it('saves what it started from with the version, without list places or keys', () => {
    const body = saveBody(startEditing(dashboard));
    expect(body).toEqual({
      version: 3,
      name: 'Nachtschicht',
      layout: 'FlowLayout',
      widgets: [
        { id: 11, kind: 'Note', title: 'Übergabe', size: 'Small', position: null, note: 'x' },
        { id: 12, kind: 'Placeholder', title: '', size: 'Small', position: null },
        { id: 13, kind: 'Browser', title: 'Radar', size: 'Medium', position: null, url: 'https://a.b' },
      ],
    });
  });

  it('orders, renames, removes and adds, and undoes each step back to the start', () => {
    const start = startEditing(dashboard);
    let s = editorReducer(start, { type: 'move', key: 'w-13', by: -1 });
    expect(saveBody(s).widgets.map((w) => w.id)).toEqual([11, 13, 12]);
    // Moving past either end changes nothing and is no step.
    expect(editorReducer(s, { type: 'move', key: 'w-11', by: -1 })).toBe(s);
    s = editorReducer(s, { type: 'rename', name: 'Tagschicht' });
    s = editorReducer(s, { type: 'remove', key: 'w-12' });
    s = editorReducer(s, { type: 'add', widget: newWidget('Weather', 'Wetter') });
    const body = saveBody(s);
    expect(body.name).toBe('Tagschicht');
    expect(body.widgets.map((w) => w.kind)).toEqual(['Note', 'Browser', 'Weather']);
    expect(body.widgets[2]).not.toHaveProperty('id');
    for (let i = 0; i < 4; i += 1) s = editorReducer(s, { type: 'undo' });
    expect(s.draft).toEqual(start.draft);
    expect(editorReducer(s, { type: 'undo' })).toBe(s);
  });

  it('places new widgets on the free grid where there is room and moves them by whole cells', () => {
    let s = editorReducer(startEditing({ ...dashboard, widgets: [] }), {
      type: 'layout',
      layout: 'FreeLayout',
    });
    s = editorReducer(s, { type: 'add', widget: newWidget('Chart', 'Kurve') });
    s = editorReducer(s, { type: 'add', widget: { ...newWidget('Note', 'Notiz'), size: 'Large' } });
    s = editorReducer(s, { type: 'add', widget: newWidget('Placeholder', '') });
    expect(s.draft.widgets.map((w) => w.position)).toEqual([
      { x: 0, y: 0, width: 2, height: 2 },
      { x: 2, y: 0, width: 3, height: 3 },
      { x: 5, y: 0, width: 1, height: 1 },
    ]);
    const key = s.draft.widgets[2]!.key;
    s = editorReducer(s, { type: 'place', key, x: 0.6, y: 3.4 });
    expect(s.draft.widgets[2]!.position).toEqual({ x: 1, y: 3, width: 1, height: 1 });
    // A bigger size takes its cells where the widget is.
    s = editorReducer(s, { type: 'replace', key, widget: { ...s.draft.widgets[2]!, size: 'Medium' } });
    expect(s.draft.widgets[2]!.position).toEqual({ x: 1, y: 3, width: 2, height: 2 });
    expect(freeSpot(s.draft.widgets, 'Large')).toEqual({ x: 3, y: 3, width: 3, height: 3 });
  });

  it('keeps a bounded undo history', () => {
    let s = startEditing(dashboard);
    for (let i = 0; i < UNDO_DEPTH + 20; i += 1) s = editorReducer(s, { type: 'rename', name: `N${i}` });
    expect(s.undo).toHaveLength(UNDO_DEPTH);
  });

  it('resizes a widget by its size button, keeps its id and place on the free grid, and undoes it', () => {
    expect([nextSize('Small'), nextSize('Medium'), nextSize('Large')]).toEqual(['Medium', 'Large', 'Small']);
    const start = startEditing({
      ...dashboard,
      layout: 'FreeLayout',
      widgets: dashboard.widgets.map((w, i) => ({ ...w, position: { x: i, y: 2, width: 1, height: 1 } })),
    });
    const s = editorReducer(start, { type: 'resize', key: 'w-12', size: 'Large' });
    expect(saveBody(s).widgets[1]).toEqual({
      id: 12,
      kind: 'Placeholder',
      title: '',
      size: 'Large',
      position: { x: 1, y: 2, width: 3, height: 3 },
    });
    expect(editorReducer(s, { type: 'resize', key: 'w-12', size: 'Large' })).toBe(s);
    expect(editorReducer(s, { type: 'undo' }).draft).toEqual(start.draft);
  });
});
