import type { Dashboard, DashboardLayout, DashboardWidget, WidgetSize } from '@leitwarte/core';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { WidgetFrame, type WidgetContext } from './widget-frame';

/** Cells a widget of each size takes in the table and free layouts when it has no position. */
const SIZE_CELLS: Record<WidgetSize, { width: number; height: number }> = {
  Small: { width: 1, height: 1 },
  Medium: { width: 2, height: 2 },
  Large: { width: 3, height: 3 },
};

/** Grid unit of the free layout in CSS pixels at scale 1. */
export const FREE_CELL = 180;

/** Unspecified takes the flow layout: it fits any number of widgets at any width. */
export function effectiveLayout(layout: DashboardLayout): Exclude<DashboardLayout, 'Unspecified'> {
  return layout === 'Unspecified' ? 'FlowLayout' : layout;
}

function cellsOf(w: Pick<DashboardWidget, 'position' | 'size'>) {
  return w.position ?? { x: null, y: null, ...SIZE_CELLS[w.size] };
}

/** A widget's cell in the table layout (column, row, spans), as CSS variables the layout's grid reads. */
export function tableCellStyle(w: Pick<DashboardWidget, 'position' | 'size'>): CSSProperties {
  const c = cellsOf(w);
  return {
    '--col': c.x === null ? 'auto' : `${c.x + 1} / span ${c.width}`,
    '--row': c.y === null ? 'auto' : `${c.y + 1} / span ${c.height}`,
    '--span-x': c.width,
    '--span-y': c.height,
  } as CSSProperties;
}

/** A table: widgets at their column and row (or in order), reflowing to one column on a phone. */
function TableLayout({ widgets, context }: { widgets: readonly DashboardWidget[]; context: WidgetContext }) {
  return (
    <div className="dash-layout dash-layout--table">
      {widgets.map((w) => (
        <WidgetFrame key={w.id} widget={w} context={context} style={tableCellStyle(w)} />
      ))}
    </div>
  );
}

/** Cells of the free layout; a widget without a position goes below the ones before it. */
function placeFree(widgets: readonly DashboardWidget[]) {
  const placed: { w: DashboardWidget; p: { x: number; y: number; width: number; height: number } }[] = [];
  let next = 0;
  for (const w of widgets) {
    const c = cellsOf(w);
    const p = { x: c.x ?? 0, y: c.y ?? next, width: c.width, height: c.height };
    if (c.y === null) next = p.y + p.height;
    placed.push({ w, p });
  }
  return placed;
}

/**
 * Free placement on a grid of 180 px cells, scaled down as a whole to the width there is (a
 * plan of the plant keeps its picture on a small screen instead of reflowing).
 */
function FreeLayout({ widgets, context }: { widgets: readonly DashboardWidget[]; context: WidgetContext }) {
  const outer = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const placed = placeFree(widgets);
  const cols = Math.max(1, ...placed.map(({ p }) => p.x + p.width));
  const rows = Math.max(1, ...placed.map(({ p }) => p.y + p.height));
  const naturalWidth = cols * FREE_CELL;
  const scale = width > 0 ? Math.min(1, width / naturalWidth) : 1;

  useEffect(() => {
    const element = outer.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={outer} className="dash-layout dash-layout--free" style={{ height: rows * FREE_CELL * scale }}>
      <div
        className="dash-free-canvas"
        data-scale={scale.toFixed(3)}
        style={{ width: naturalWidth, height: rows * FREE_CELL, transform: `scale(${scale})` }}
      >
        {placed.map(({ w, p }) => (
          <WidgetFrame
            key={w.id}
            widget={w}
            context={context}
            style={{
              left: p.x * FREE_CELL,
              top: p.y * FREE_CELL,
              width: p.width * FREE_CELL - 8,
              height: p.height * FREE_CELL - 8,
            }}
          />
        ))}
      </div>
    </div>
  );
}

/** The dashboard's widgets in its layout (screens §2: Stack, Table, Flow, Free; Unspecified → Flow). */
export function DashboardWidgets({ dashboard, context }: { dashboard: Dashboard; context: WidgetContext }) {
  const layout = effectiveLayout(dashboard.layout);
  const widgets = dashboard.widgets;
  if (layout === 'TableLayout') return <TableLayout widgets={widgets} context={context} />;
  if (layout === 'FreeLayout') return <FreeLayout widgets={widgets} context={context} />;
  return (
    <div className={`dash-layout dash-layout--${layout === 'StackLayout' ? 'stack' : 'flow'}`}>
      {widgets.map((w) => (
        <WidgetFrame key={w.id} widget={w} context={context} />
      ))}
    </div>
  );
}
