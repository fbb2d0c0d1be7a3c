import type {
  Dashboard,
  DashboardLayout,
  DashboardSave,
  DashboardWidget,
  DashboardWidgetInput,
  WidgetKind,
  WidgetSize,
} from '@leitwarte/core';

/** A widget being edited: what is saved, plus a key that stays while it moves (new ones have no id). */
export type DraftWidget = DashboardWidgetInput & { key: string };

export interface Draft {
  name: string;
  layout: DashboardLayout;
  widgets: DraftWidget[];
}

/** The editor's state: the draft, the drafts before each change (for undo), the version it started from. */
export interface EditorState {
  draft: Draft;
  undo: Draft[];
  version: number;
}

/** How many changes undo goes back at most; older ones are dropped. */
export const UNDO_DEPTH = 100;

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

/** A stored widget as the editor saves it: without its place in the list (the order is the list's). */
export function toInput(widget: DashboardWidget): DraftWidget {
  const { sortIndex: _order, ...rest } = widget;
  return { ...rest, key: `w-${widget.id}` } as DraftWidget;
}

export function startEditing(dashboard: Dashboard): EditorState {
  return {
    draft: { name: dashboard.name, layout: dashboard.layout, widgets: dashboard.widgets.map(toInput) },
    undo: [],
    version: dashboard.version,
  };
}

/** The body of PUT /api/dashboard/{id}. */
export function saveBody(state: EditorState): DashboardSave {
  return {
    version: state.version,
    name: state.draft.name,
    layout: state.draft.layout,
    widgets: state.draft.widgets.map(({ key: _key, ...widget }) => widget as DashboardWidgetInput),
  };
}

/** Whether the draft differs from where editing started. */
export const isChanged = (state: EditorState) => state.undo.length > 0;

function change(state: EditorState, draft: Draft): EditorState {
  return { ...state, draft, undo: [...state.undo.slice(-(UNDO_DEPTH - 1)), state.draft] };
}

export type EditorAction =
  | { type: 'rename'; name: string }
  | { type: 'layout'; layout: DashboardLayout }
  | { type: 'add'; widget: DashboardWidgetInput }
  | { type: 'replace'; key: string; widget: DashboardWidgetInput }
  | { type: 'remove'; key: string }
  | { type: 'resize'; key: string; size: WidgetSize }
  | { type: 'move'; key: string; by: -1 | 1 }
  | { type: 'place'; key: string; x: number; y: number }
  | { type: 'undo' }
  | { type: 'reset'; dashboard: Dashboard };

/** The next size of a widget's size button: small, medium, large, and round again. */
export function nextSize(size: WidgetSize): WidgetSize {
  return size === 'Small' ? 'Medium' : size === 'Medium' ? 'Large' : 'Small';
}

/** Cells of a widget on the free grid by its size, when it has no position yet. */
export const SIZE_CELLS: Record<WidgetSize, { width: number; height: number }> = {
  Small: { width: 1, height: 1 },
  Medium: { width: 2, height: 2 },
  Large: { width: 3, height: 3 },
};

/** Grid columns of the free layout the editor places new widgets in. */
export const FREE_COLUMNS = 6;

/** The first free cell block (row by row) for a widget of this size among the placed ones. */
export function freeSpot(widgets: readonly DashboardWidgetInput[], size: WidgetSize) {
  const { width, height } = SIZE_CELLS[size];
  const taken = widgets.flatMap((w) => (w.position ? [w.position] : []));
  const overlaps = (x: number, y: number) =>
    taken.some((p) => x < p.x + p.width && p.x < x + width && y < p.y + p.height && p.y < y + height);
  for (let y = 0; y < 1000; y += 1) {
    for (let x = 0; x + width <= FREE_COLUMNS; x += 1) if (!overlaps(x, y)) return { x, y, width, height };
  }
  return { x: 0, y: 0, width, height };
}

/** The editor's changes; every change but undo and reset can be undone. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { draft } = state;
  const widgets = draft.widgets;
  switch (action.type) {
    case 'rename':
      return change(state, { ...draft, name: action.name });
    case 'layout':
      return change(state, { ...draft, layout: action.layout });
    case 'add': {
      // On the free grid a new widget goes to the first free place, elsewhere at the end.
      const position =
        draft.layout === 'FreeLayout' && action.widget.position === null
          ? freeSpot(widgets, action.widget.size)
          : action.widget.position;
      return change(state, {
        ...draft,
        widgets: [...widgets, { ...action.widget, position, key: newKey() } as DraftWidget],
      });
    }
    case 'replace':
      return change(state, {
        ...draft,
        widgets: widgets.map((w) => {
          if (w.key !== action.key) return w;
          // A resized widget on the free grid takes its new size's cells where it is.
          const cells = SIZE_CELLS[action.widget.size];
          const position =
            w.position && action.widget.size !== w.size
              ? { ...w.position, ...cells }
              : action.widget.position;
          return {
            ...action.widget,
            position,
            key: w.key,
            ...(w.id === undefined ? {} : { id: w.id }),
          } as DraftWidget;
        }),
      });
    case 'remove':
      return change(state, { ...draft, widgets: widgets.filter((w) => w.key !== action.key) });
    case 'resize': {
      const widget = widgets.find((w) => w.key === action.key);
      if (!widget || widget.size === action.size) return state;
      const { key: _key, ...rest } = widget;
      return editorReducer(state, {
        type: 'replace',
        key: action.key,
        widget: { ...rest, size: action.size } as DashboardWidgetInput,
      });
    }
    case 'move': {
      const from = widgets.findIndex((w) => w.key === action.key);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= widgets.length) return state;
      const next = [...widgets];
      const [moved] = next.splice(from, 1);
      if (moved === undefined) return state;
      next.splice(to, 0, moved);
      return change(state, { ...draft, widgets: next });
    }
    case 'place': {
      const x = Math.max(0, Math.min(1000, Math.round(action.x)));
      const y = Math.max(0, Math.min(1000, Math.round(action.y)));
      return change(state, {
        ...draft,
        widgets: widgets.map((w) => {
          if (w.key !== action.key) return w;
          const cells = w.position ?? SIZE_CELLS[w.size];
          return { ...w, position: { x, y, width: cells.width, height: cells.height } };
        }),
      });
    }
    case 'undo': {
      const previous = state.undo.at(-1);
      return previous ? { ...state, draft: previous, undo: state.undo.slice(0, -1) } : state;
    }
    case 'reset':
      return startEditing(action.dashboard);
  }
}

/** A new widget of a kind with sensible settings; the editor's form completes what it needs (PV, chart ...). */
export function newWidget(kind: WidgetKind, title: string): DashboardWidgetInput {
  const common = { title, size: 'Small' as const, position: null };
  switch (kind) {
    case 'SingleValue':
      return { ...common, kind, pv: { type: 'AnaIn', nr: 0 }, style: 'DigitalGauge', min: null, max: null };
    case 'Placeholder':
      return { ...common, kind };
    case 'Note':
      return { ...common, kind, note: '' };
    case 'Chart':
      return { ...common, kind, size: 'Medium', chartId: null };
    case 'HeatMap':
      return { ...common, kind, size: 'Large', pvs: [], min: 0, max: 100 };
    case 'Weather':
      return { ...common, kind, mode: 'ActualWeather', zip: '', country: 'DE' };
    case 'GoogleMaps':
      return {
        ...common,
        kind,
        size: 'Medium',
        mapType: 'Roadmap',
        latitude: 0,
        longitude: 0,
        zoom: 11,
        stations: [],
      };
    case 'Browser':
      return { ...common, kind, size: 'Medium', url: '' };
    case 'Webcam':
      return { ...common, kind, webcamId: 0 };
  }
}
